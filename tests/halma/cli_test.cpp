// `damier perft --variant chinese|diamond`: output lines and argument errors.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_runner.hpp"

namespace {

using damier::testing_support::lines_of;

damier::testing_support::CliRun run(const std::string& args) { return damier::testing_support::run_damier("perft " + args); }

auto lines(const std::string& text) { return lines_of(text); }

}  // namespace

TEST(halma_cli, PerftAndDivide) {
    damier::testing_support::expect_divide(run("--variant chinese --players 2 --depth 3 --divide"), 14, 3, 4760);
}

TEST(halma_cli, PositionsOptionsAndDiamond) {
    std::string start2 = "1" + std::string(10, '4') + std::string(101, 'e') + std::string(10, '1');
    auto r = run("--variant chinese --players 2 --pos " + start2 + " --depth 2 --set swap=true --set move-limit=0");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(lines(r.out).back().rfind("perft depth=2 nodes=196 ", 0), 0u);
    auto d = run("--variant diamond --players 3 --depth 2 --threads 2");
    ASSERT_EQ(d.status, 0) << d.err;
    EXPECT_EQ(lines(d.out).back().rfind("perft depth=2 nodes=", 0), 0u);
}

TEST(halma_cli, BadArgumentsGiveOneLineAndStatusTwo) {
    for (const char* args : {"--variant chinese --players 7 --depth 2", "--variant chinese --players 1 --depth 2",
                             "--variant chinese --depth 0", "--variant chinese", "--variant chinese --depth 2 --set foo=1",
                             "--variant chinese --depth 2 --set swap=maybe", "--variant chinese --depth 2 --pos 1eee",
                             "--variant diamond --depth 2 --set swap=true",
                             "--variant chinese --depth 2 --set move-limit=-1"}) {
        auto r = run(args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_EQ(lines(r.err).size(), 1u) << args << ": " << r.err;
        EXPECT_FALSE(r.err.empty()) << args;
        EXPECT_TRUE(r.out.empty()) << args;
    }
}
