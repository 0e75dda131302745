// `damier perft --variant chinese|diamond`: output lines and argument errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <utility>

#include <sys/wait.h>

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

// damier search runs the Hub's session: Chinese checkers too, with its players
// and options, one info line per iteration with every seat's score, then done.
TEST(halma_cli, SearchChineseCheckers) {
    const auto r = damier::testing_support::run_damier("search --variant chinese --players 3 --depth 2");
    ASSERT_EQ(r.status, 0) << r.err;
    const auto out = damier::testing_support::lines_of(r.out);
    ASSERT_EQ(out.size(), 3u) << r.out;
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(out[i].rfind("info depth=" + std::to_string(i + 1) + " ", 0), 0u) << out[i];
        EXPECT_NE(out[i].find(" scores="), std::string::npos) << out[i];
    }
    EXPECT_EQ(out[2].rfind("done move=", 0), 0u) << out[2];
    const auto diamond = damier::testing_support::run_damier("search --variant diamond --players 2 --nodes 2000");
    ASSERT_EQ(diamond.status, 0) << diamond.err;
    EXPECT_EQ(damier::testing_support::lines_of(diamond.out).back().rfind("done move=", 0), 0u) << diamond.out;
    const auto bad = damier::testing_support::run_damier("search --variant chinese --players 7 --depth 2");
    EXPECT_EQ(bad.status, 2);
    EXPECT_EQ(damier::testing_support::lines_of(bad.err).size(), 1u) << bad.err;
}

// damier-halma-league reads its command line as damier does: help and version
// on stdout with status 0, a bad value refused with status 2 before any game.
TEST(halma_cli, LeagueHelpVersionAndBadValues) {
    auto run_league = [](const std::string& args) {
        const std::string command = std::string(DAMIER_HALMA_LEAGUE_BINARY) + " " + args + " 2>/dev/null";
        FILE* pipe = ::popen(command.c_str(), "r");
        std::string out;
        char buffer[256];
        while (pipe && std::fgets(buffer, sizeof buffer, pipe)) out += buffer;
        const int status = pipe ? ::pclose(pipe) : -1;
        return std::pair{WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
    };
    const auto help = run_league("--help");
    EXPECT_EQ(help.first, 0);
    EXPECT_EQ(help.second.rfind("usage: damier-halma-league", 0), 0u) << help.second;
    EXPECT_EQ(run_league("--version").first, 0);
    EXPECT_EQ(run_league("--version").second.rfind("damier-halma-league 0.", 0), 0u);
    for (const char* bad : {"--players 9", "--bogus", "--nodes", "--algorithms nosuch"}) {
        const auto [status, out] = run_league(bad);
        EXPECT_EQ(status, 2) << bad;
        EXPECT_TRUE(out.empty()) << bad << ": " << out;
    }
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
