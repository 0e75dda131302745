// `damier bench` node count against the signature kept in bench/signature.txt:
// a change of search behaviour must update the file in the same commit.
#include <gtest/gtest.h>

#include <regex>

#include "../support/cli_runner.hpp"

namespace damier {
namespace {

using testing_support::lines_of;
using testing_support::run_damier;
using testing_support::slurp;

std::string bench_nodes(const std::string& args) {
    auto run = run_damier("bench " + args);
    EXPECT_EQ(run.status, 0) << run.err;
    std::smatch match;
    const std::string last = lines_of(run.out).back();
    static const std::regex pattern(R"(^bench nodes=(\d+) time=[0-9.]+ nps=\d+$)");
    EXPECT_TRUE(std::regex_match(last, match, pattern)) << last;
    return match.size() > 1 ? match[1].str() : "";
}

TEST(Bench, NodeCountEqualsTheSignature) {
    std::string expected = slurp(DAMIER_SOURCE_DIR "/bench/signature.txt");
    while (!expected.empty() && (expected.back() == '\n' || expected.back() == ' ')) expected.pop_back();
    EXPECT_EQ(bench_nodes(""), expected)
        << "the search signature changed: if deliberate, write the new count to bench/signature.txt";
}

TEST(Bench, BadArgumentsAreOneLineErrors) {
    for (const char* args : {"--threads 0", "--hash x", "--depth", "--frobnicate 3"}) {
        auto run = run_damier(std::string("bench ") + args);
        EXPECT_EQ(run.status, 2) << args;
        EXPECT_EQ(lines_of(run.err).size(), 1u) << args << ": " << run.err;
        EXPECT_TRUE(run.out.empty()) << args;
    }
}

}  // namespace
}  // namespace damier
