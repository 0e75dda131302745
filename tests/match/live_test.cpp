// damier-match --live: one JSON line per move and per game end, each whole (the
// Hub pos arguments replay to the game as it stands), for a live viewer.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/match/test_files.hpp"
#include "tools/match/tournament.hpp"

namespace m = damier::match;

namespace {

TEST(MatchLive, WritesEveryMoveAndTheEndOfEveryGame) {
    m::MatchSettings s;
    s.engines = {{"a", {DAMIER_BINARY}, "", {}}, {"b", {DAMIER_BINARY}, "", {}}};
    s.time = *m::TimeControl::parse("nodes=300");
    s.max_plies = 30;
    s.rounds = 1;
    s.live_path = m::test::temp_file("live.jsonl");
    std::ostringstream out;
    ASSERT_EQ(m::run_tournament(s, out, out), 0) << out.str();

    std::ifstream in(s.live_path);
    std::map<int, nlohmann::json> last;
    std::map<int, int> lines;
    for (std::string text; std::getline(in, text);) {
        auto line = nlohmann::json::parse(text);
        const int game = line["game"];
        // The plies never go back within a game.
        if (last.count(game)) {
            EXPECT_GE(line["plies"], last[game]["plies"]) << text;
        }
        last[game] = line;
        ++lines[game];
    }
    ASSERT_EQ(last.size(), 2u);  // one opening, both colours
    for (const auto& [game, line] : last) {
        EXPECT_EQ(line["over"], true) << line.dump();
        EXPECT_EQ(line["places"].size(), 2u) << line.dump();
        EXPECT_EQ(line["seats"].size(), 2u) << line.dump();
        // A line at the start, one per move and one at the end.
        EXPECT_EQ(lines[game], line["plies"].get<int>() + 2) << line.dump();
    }
}

}  // namespace
