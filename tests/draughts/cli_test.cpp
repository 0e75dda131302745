// `damier perft` for the draughts rule sets, driven through the real binary:
// output lines, positions, options and one-line errors with status 2.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_runner.hpp"

namespace damier::draughts {
namespace {

using testing_support::lines_of;
using testing_support::run_damier;

TEST(DraughtsCli, DivideListsEveryRootMoveAndTheTotal) {
    testing_support::expect_divide(run_damier("perft --variant international --depth 3 --divide"), 9, 3, 658);
}

TEST(DraughtsCli, PositionsThreadsAndOptions) {
    // Hub string of the american start: black to move.
    std::string start = "B" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w');
    auto hub = run_damier("perft --variant american --pos " + start + " --depth 5 --threads 2");
    ASSERT_EQ(hub.status, 0) << hub.err;
    EXPECT_EQ(lines_of(hub.out).back().rfind("perft depth=5 nodes=7361 ", 0), 0u) << hub.out;

    auto fen = run_damier("perft --variant russian --fen W:Wa1,c1:Bb8 --depth 1 --divide");
    ASSERT_EQ(fen.status, 0) << fen.err;
    EXPECT_EQ(lines_of(fen.out).size(), 4u) << fen.out;  // a1-b2, c1-b2, c1-d2

    // White man c3 (22) facing a black man on d4 (18): the capture alone, or with
    // optional capture also the quiet move c3-b4.
    auto strict = run_damier("perft --variant russian --fen W:W22:B18 --depth 1");
    auto relaxed = run_damier("perft --variant russian --fen W:W22:B18 --depth 1 --set nocapture=true");
    ASSERT_EQ(strict.status, 0) << strict.err;
    ASSERT_EQ(relaxed.status, 0) << relaxed.err;
    EXPECT_EQ(lines_of(strict.out).back().rfind("perft depth=1 nodes=1 ", 0), 0u) << strict.out;
    EXPECT_EQ(lines_of(relaxed.out).back().rfind("perft depth=1 nodes=2 ", 0), 0u) << relaxed.out;

    auto paths = run_damier(
        "perft --variant international --fen W:B16,17,18,19,20:W31,32,33,34,35 --depth 9 --count-capture-paths");
    ASSERT_EQ(paths.status, 0) << paths.err;
    EXPECT_EQ(lines_of(paths.out).back().rfind("perft depth=9 nodes=1008317 ", 0), 0u) << paths.out;
}

// Help and the version, asked for, go to stdout with status 0, for the program
// and after any command.
TEST(DraughtsCli, HelpAndVersionOnStdoutWithStatusZero) {
    for (const char* args : {"--help", "-h", "help", "search --help", "perft -h"}) {
        SCOPED_TRACE(args);
        const auto run = run_damier(args);
        EXPECT_EQ(run.status, 0);
        EXPECT_EQ(run.out.rfind("usage: damier", 0), 0u) << run.out;
        EXPECT_TRUE(run.err.empty()) << run.err;
    }
    const auto version = run_damier("--version");
    EXPECT_EQ(version.status, 0);
    EXPECT_EQ(version.out.rfind("damier 0.", 0), 0u) << version.out;
    EXPECT_EQ(lines_of(version.out).size(), 1u);
}

// damier search prints the Hub's info lines: won scores as the Hub writes them
// (99.99 = won in one ply), not the search's raw units (309.99).
TEST(DraughtsCli, SearchPrintsTheHubInfoFormat) {
    const auto run = run_damier("search --variant international --fen W:W28:B23 --depth 3");
    ASSERT_EQ(run.status, 0) << run.err;
    const auto out = lines_of(run.out);
    ASSERT_GE(out.size(), 2u) << run.out;
    ASSERT_EQ(out.size(), 4u) << run.out;  // one info line per iteration, then done
    for (std::size_t i = 0; i + 1 < out.size(); ++i) {
        EXPECT_EQ(out[i].rfind("info depth=" + std::to_string(i + 1) + " mean-depth=", 0), 0u) << out[i];
        // The win shows from depth 2, when the reply's lack of moves is seen.
        if (i > 0) {
            EXPECT_NE(out[i].find(" score=99.99 nodes="), std::string::npos) << out[i];
        }
        EXPECT_NE(out[i].find(" pv=28x19x23"), std::string::npos) << out[i];
    }
    EXPECT_EQ(out.back(), "done move=28x19x23");  // the Hub's done line
}

// The command line is read by CLI11: `--name=value` is the same as `--name value`,
// `--set` repeats, and a value given twice is refused in one line.
TEST(DraughtsCli, OptionsWithEqualsAndRepeatedSet) {
    const auto spaced = run_damier("perft --variant russian --depth 3 --set nocapture=true --set nocapture=false");
    const auto equals = run_damier("perft --variant=russian --depth=3 --set=nocapture=true --set nocapture=false");
    ASSERT_EQ(spaced.status, 0) << spaced.err;
    ASSERT_EQ(equals.status, 0) << equals.err;
    EXPECT_EQ(lines_of(spaced.out).back().substr(0, 24), lines_of(equals.out).back().substr(0, 24));
    EXPECT_EQ(lines_of(spaced.out).back().rfind("perft depth=3 nodes=302 ", 0), 0u) << spaced.out;
    const auto twice = run_damier("perft --depth 3 --depth 4");
    EXPECT_EQ(twice.status, 2);
    EXPECT_EQ(lines_of(twice.err).size(), 1u) << twice.err;
    EXPECT_NE(twice.err.find("--depth"), std::string::npos) << twice.err;
}

TEST(DraughtsCli, BadArgumentsGiveOneLineAndStatusTwo) {
    for (const char* args : {
             "perft --variant international",                       // no depth
             "perft --variant international --depth 0",             // depth below 1
             "perft --variant international --depth x",             // not a number
             "perft --variant frisian --depth 2",                   // unknown variant
             "perft --variant international --depth 2 --fen X:W31:B1",
             "perft --variant international --depth 2 --fen W:W3:B1",   // white man on its crowning row
             "perft --variant international --depth 2 --fen W:W51:B1",  // no square 51
             "perft --variant international --depth 2 --pos Wbbb",      // too short
             "perft --variant international --depth 2 --set nocapture=true",  // 8x8 only
             "perft --variant russian --depth 2 --set nocapture=maybe",
             "perft --variant russian --depth 2 --set castling=true",
             "perft --variant russian --depth 2 --fen W:Wa1:Bb8 --pos Wbbb",
             "perft --variant russian --depth 2 --bogus 1",
             "perft --variant russian --depth 2 --players 3",
             "frobnicate",
             // read by the Hub only: refused rather than silently searched without
             "search --variant international --depth 2 --set eval-file=any.weights",
             "search --variant international --depth 2 --set pattern-file=any.patterns",
         }) {
        auto r = run_damier(args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_EQ(lines_of(r.err).size(), 1u) << args << ": " << r.err;
        EXPECT_FALSE(r.err.empty()) << args;
        EXPECT_TRUE(r.out.empty()) << args;
    }
}

}  // namespace
}  // namespace damier::draughts
