// The first Hub dialect (Scan 2.0's): each line translated both ways, and whole
// games between damier and an engine that speaks only that dialect.
#include "tools/match/hub1_dialect.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "tests/match/test_files.hpp"
#include "tools/match/tournament.hpp"

namespace m = damier::match;
namespace h1 = damier::match::hub1;

namespace {

std::vector<std::string> to_hub1(const std::string& line) {
    auto lines = h1::to_hub1(line);
    EXPECT_TRUE(lines) << line << ": " << lines.error();
    return lines ? *lines : std::vector<std::string>{};
}

using Lines = std::vector<std::string>;

TEST(Hub1Dialect, RunnerLinesBecomeHub1Lines) {
    EXPECT_EQ(to_hub1("hub"), Lines{"hub"});
    EXPECT_EQ(to_hub1("set-param name=tt-size value=22"), Lines{"set tt-size 22"});
    EXPECT_EQ(to_hub1("new-game"), Lines{"new"});
    EXPECT_EQ(to_hub1("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23 28x19\""),
              (Lines{"pos wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", "move 32-28", "move 19-23",
                     "move 28x19"}));
    EXPECT_EQ(to_hub1("pos moves=32-28"), (Lines{"start", "move 32-28"}));
    EXPECT_EQ(to_hub1("level move-time=0.1"), Lines{"time 100"});
    EXPECT_EQ(to_hub1("level time=59.5 inc=0.25"), Lines{"level 0 59500 250"});
    EXPECT_EQ(to_hub1("level time=120 inc=0 moves=40"), Lines{"level 40 120000 0"});
    EXPECT_EQ(to_hub1("level depth=9"), Lines{"depth 9"});
    EXPECT_EQ(to_hub1("go think"), Lines{"go"});
    EXPECT_EQ(to_hub1("go ponder"), Lines{"ponder"});
    EXPECT_EQ(to_hub1("go analyze"), Lines{"analyse"});
    for (const char* same : {"init", "ping", "stop", "ponder-hit", "quit"}) EXPECT_EQ(to_hub1(same), Lines{same});
}

TEST(Hub1Dialect, WhatHub1CannotSayIsRefused) {
    for (const char* line : {"level nodes=1000", "level move-time=-1", "level time=abc", "level depth=x",
                             "level time=10 moves=-3", "pos pos=\"\"", "pos moves=\"unclosed"}) {
        auto lines = h1::to_hub1(line);
        EXPECT_FALSE(lines) << line;
    }
    EXPECT_NE(h1::to_hub1("level nodes=1000").error().find("no node limit"), std::string::npos);
}

TEST(Hub1Dialect, EngineLinesBecomeHub2Lines) {
    EXPECT_EQ(h1::from_hub1("name Scan 2.0"), "id name=\"Scan 2.0\"");
    EXPECT_EQ(h1::from_hub1("author Fabien Letouzey"), "");
    EXPECT_EQ(h1::from_hub1("country France"), "");
    for (const char* same : {"wait", "ready", "pong", "some free text"}) EXPECT_EQ(h1::from_hub1(same), same);
    EXPECT_EQ(h1::from_hub1("move 32-28"), "done move=32-28");
    EXPECT_EQ(h1::from_hub1("move 28x19x23 17-21"), "done move=28x19x23 ponder=17-21");
    EXPECT_EQ(h1::from_hub1("error illegal move"), "error message=\"illegal move\"");
    EXPECT_EQ(h1::from_hub1("info 14 17.3 -35 1234567 0.52 2.4 32-28 19-23"),
              "info depth=14 mean-depth=17.3 score=-0.35 nodes=1234567 time=0.52 nps=2400000 pv=\"32-28 19-23\"");
    // Not the positional form: passed on as free text, which the runner ignores.
    EXPECT_EQ(h1::from_hub1("info 14 17.3 x 1 0.5 2.4 pv"), "info 14 17.3 x 1 0.5 2.4 pv");
}

using m::test::file_text;
using m::test::temp_file;

m::MatchSettings damier_against_hub1(const std::string& tc) {
    m::MatchSettings s;
    m::EngineSpec old{"old", {DAMIER_FAKE_HUB1_ENGINE}, "", {}};
    old.protocol = m::EngineSpec::Protocol::Hub1;
    s.engines = {{"damier", {DAMIER_BINARY}, "", {}}, old};
    s.time = *m::TimeControl::parse(tc);
    s.max_plies = 30;
    s.rounds = 1;
    return s;
}

TEST(Hub1Dialect, WholeGamesAgainstAHub1Engine) {
    auto s = damier_against_hub1("5+0.05");
    s.log_path = temp_file("protocol.log");
    s.journal_path = temp_file("journal");
    std::ostringstream out;
    ASSERT_EQ(m::run_tournament(s, out, out), 0) << out.str();
    const std::string journal = file_text(s.journal_path);
    EXPECT_EQ(std::count(journal.begin(), journal.end(), '\n'), 3) << journal;  // the run line and two games
    for (const char* fault : {"illegal", "exited", "time", "protocol", "answered"})
        EXPECT_EQ(journal.find(fault), std::string::npos) << fault << " in " << journal;
    const std::string log = file_text(s.log_path);
    // The log shows each line as the engine saw or wrote it.
    for (const char* line : {" old < hub\n", " old > name Fake Hub1\n", " old > wait\n", " old < init\n",
                             " old < new\n", " old < pos w", " old < move ", " old < level 0 ", " old > limit level 0 ",
                             " old < go\n", " old > move ", " old < quit\n", " damier < go think\n"})
        EXPECT_NE(log.find(line), std::string::npos) << line;
    for (const char* wrong : {" old > error", " old < go think", " old < new-game", " old < pos pos="})
        EXPECT_EQ(log.find(wrong), std::string::npos) << wrong;
}

TEST(Hub1Dialect, MatchesHub1CannotPlayAreRefused) {
    auto russian = damier_against_hub1("movetime=0.05");
    russian.variant = "russian";
    auto nodes = damier_against_hub1("nodes=1000");
    for (const auto& [settings, cause] :
         {std::pair{russian, "old speaks hub1, which plays international draughts only"},
          std::pair{nodes, "old speaks hub1, which has no node limit"}}) {
        std::ostringstream out;
        EXPECT_EQ(m::run_tournament(settings, out, out), 2);
        EXPECT_NE(out.str().find(cause), std::string::npos) << out.str();
    }
}

}  // namespace
