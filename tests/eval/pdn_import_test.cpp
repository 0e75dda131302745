// damier-tune import: PDN games read into training positions (tools/tune/pdn_import.hpp).
#include <gtest/gtest.h>

#include <string>

#include "engine/draughts/variant_list.hpp"
#include "tools/tune/pdn_import.hpp"

namespace {

using namespace damier;
using damier::tune::PdnRecord;

// Twelve plies of an international game: White must capture before its 11th
// ply (28x19) and Black before its 12th (14x23), so 10 of the 12 positions
// before a move are quiet. Comments after the second to the fifth ply.
const char* const game_text = R"([Event "test"]
[Result "2-0"]
[GameType "20"]

1. 31-26 18-22 2. 36-31 {+0.05/16 0.264s [%clk 0:00:09.836]} 12-18
{-0.04/16 0.145s} 3. 41-36 {+0.25/17 0.228s} 7-12 {+0.50/17 0.236s}
4.46-41 20-25! 5. 32-28 $1 19-23 (5... 17-21 6. 28-22) 6. 28x19 14x23 2-0
)";

std::vector<PdnRecord> split(const std::string& text) {
    auto records = tune::split_pdn(text);
    EXPECT_TRUE(records) << records.error();
    return records ? *records : std::vector<PdnRecord>{};
}

TEST(PdnImport, SplitsTagsMovesCommentsAndResult) {
    const auto games = split(game_text);
    ASSERT_EQ(games.size(), 1u);
    const PdnRecord& g = games[0];
    EXPECT_EQ(g.line, 1);
    ASSERT_NE(g.tag("Result"), nullptr);
    EXPECT_EQ(*g.tag("Result"), "2-0");
    EXPECT_EQ(g.tag("White"), nullptr);
    // Move numbers (glued "4.46-41" too), the NAG, the mark and the variation are not moves.
    const std::vector<std::string> moves = {"31-26", "18-22", "36-31", "12-18", "41-36", "7-12",
                                            "46-41", "20-25", "32-28", "19-23", "28x19", "14x23"};
    EXPECT_EQ(g.moves, moves);
    ASSERT_EQ(g.comments.size(), moves.size());
    EXPECT_EQ(g.comments[0], "");
    EXPECT_EQ(g.comments[2], "+0.05/16 0.264s [%clk 0:00:09.836]");
    EXPECT_EQ(g.comments[3], "-0.04/16 0.145s");
    EXPECT_EQ(g.comments[8], "");
    EXPECT_EQ(g.result, "2-0");
    EXPECT_EQ(g.move_lines.front(), 5);
    EXPECT_EQ(g.move_lines.back(), 7);
}

TEST(PdnImport, GamesWithoutTagsEndAtTheirResult) {
    const auto games = split("1. 32-28 19-23 1-1\n; a line comment 2-0\n1. 33-29 *\n[Event \"x\"]\n1. 34-30 0-2");
    ASSERT_EQ(games.size(), 3u);
    EXPECT_EQ(games[0].moves, std::vector<std::string>({"32-28", "19-23"}));
    EXPECT_EQ(games[0].result, "1-1");
    EXPECT_EQ(games[1].moves, std::vector<std::string>{"33-29"});
    EXPECT_EQ(games[1].result, "*");
    EXPECT_EQ(games[2].line, 4);
    EXPECT_EQ(games[2].result, "0-2");
}

TEST(PdnImport, TextThatIsNotPdnIsRefusedWithItsLine) {
    for (const auto& [text, error] : std::vector<std::pair<std::string, std::string>>{
             {"[Event \"x\"]\n1. 32-28 {never closed\n", "line 2: comment without '}'"},
             {"[Event \"x\"]\n\n1. 32-28 (1. 33-28 {a} 18-23\n", "line 3: variation without ')'"},
             {"[Event \"x]\n", "line 1: unterminated tag value"},
             {"1. 32-28\n[Event]\n", "line 2: bad tag"},
         }) {
        auto records = tune::split_pdn(text);
        ASSERT_FALSE(records) << text;
        EXPECT_NE(records.error().find(error), std::string::npos) << records.error();
    }
}

TEST(PdnImport, ResultsAndScoreComments) {
    EXPECT_EQ(tune::white_result("2-0"), 1.0);
    EXPECT_EQ(tune::white_result("1-0"), 1.0);
    EXPECT_EQ(tune::white_result("1-1"), 0.5);
    EXPECT_EQ(tune::white_result("1/2-1/2"), 0.5);
    EXPECT_EQ(tune::white_result("0-1"), 0.0);
    EXPECT_FALSE(tune::white_result("*"));
    EXPECT_EQ(tune::comment_score(" -0.04/16 0.145s"), -0.04);
    EXPECT_EQ(tune::comment_score("+99.95/3 0.01s"), 99.95);
    EXPECT_FALSE(tune::comment_score("0.145s"));
    EXPECT_FALSE(tune::comment_score("good move/bad"));
    EXPECT_FALSE(tune::comment_score("+0.5/ x"));
}

using International = draughts::International;

TEST(PdnImport, QuietPositionsWithTheResultAndTheMoversScoreForWhite) {
    const PdnRecord g = split(game_text)[0];
    const auto all = tune::import_game<International>(g, 77, false);
    ASSERT_EQ(all.error, "");
    ASSERT_EQ(all.lines.size(), 10u);
    EXPECT_EQ(all.lines[0], draughts::Notation<International>::fen(draughts::Notation<International>::start()) + "\t1\t77");
    // With scores: the quiet positions whose move has a score comment, the score
    // turned to White's view in centi-men: +0.05 (White), -0.04 (Black), +0.25, +0.50 (Black).
    const auto scored = tune::import_game<International>(g, 77, true);
    ASSERT_EQ(scored.error, "");
    ASSERT_EQ(scored.lines.size(), 4u);
    const std::vector<std::string> ends = {"\t1\t77\t5", "\t1\t77\t4", "\t1\t77\t25", "\t1\t77\t-50"};
    for (std::size_t i = 0; i < ends.size(); ++i)
        EXPECT_TRUE(scored.lines[i].ends_with(ends[i])) << scored.lines[i];
    EXPECT_TRUE(scored.lines[1].starts_with("B:")) << scored.lines[1];
}

TEST(PdnImport, GamesThatCannotBeTakenSayWhy) {
    auto import = [](const std::string& text) {
        return tune::import_game<International>(split(text)[0], 1, false);
    };
    EXPECT_TRUE(import("1. 32-28 19-23 *").unfinished);
    EXPECT_TRUE(import("[Result \"*\"]\n1. 32-28 19-23").unfinished);
    const auto from_tag = import("[Result \"0-2\"]\n1. 32-28 19-23");
    ASSERT_EQ(from_tag.lines.size(), 2u);
    EXPECT_TRUE(from_tag.lines[1].starts_with("B:") && from_tag.lines[1].ends_with("\t0\t1")) << from_tag.lines[1];
    EXPECT_NE(import("\n1. 32-28 19-25 2-0").error.find("line 2: move 1: illegal move '19-25'"), std::string::npos);
    EXPECT_NE(import("[Result \"0-2\"]\n1. 32-28 2-0").error.find("disagree"), std::string::npos);
    EXPECT_NE(import("[GameType \"25\"]\n1. c3-d4 2-0").error.find("GameType '25' is not international (20)"),
              std::string::npos);
    EXPECT_NE(import("[FEN \"W:W99:B1\"]\n1. 32-28 2-0").error.find("bad FEN tag"), std::string::npos);
    EXPECT_NE(import("[Result \"2-0\"]\n").error.find("a result without moves"), std::string::npos);
    // A FEN tag is the game's start; the long GameType form is read by its number.
    const auto from_fen = import("[GameType \"20,W,10,10,N2,0\"]\n[FEN \"W:W28:B23\"]\n1. 28x19 2-0");
    EXPECT_EQ(from_fen.error, "");
    EXPECT_TRUE(from_fen.lines.empty());  // its only position has a capture to make
}

}  // namespace
