// `damier bench` node count against the signature kept in bench/signature.txt:
// a change of search behaviour must update the file in the same commit.
#include <gtest/gtest.h>

#include <sstream>

#include "../support/cli_runner.hpp"

namespace damier {
namespace {

using testing_support::lines_of;
using testing_support::run_damier;
using testing_support::slurp;

// The node count of the last line, "bench nodes=<n> time=<s> nps=<n>".
std::string bench_nodes(const std::string& args) {
    auto run = run_damier("bench " + args);
    EXPECT_EQ(run.status, 0) << run.err;
    std::istringstream last(lines_of(run.out).back());
    std::string word, nodes, time, nps;
    last >> word >> nodes >> time >> nps;
    EXPECT_EQ(word, "bench");
    EXPECT_EQ(time.rfind("time=", 0), 0u);
    EXPECT_EQ(nps.rfind("nps=", 0), 0u);
    if (nodes.rfind("nodes=", 0) != 0) return "(no nodes= field)";
    return nodes.substr(6);
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
