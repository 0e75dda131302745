// The rule-set registry and the runtime game interface (engine/rule_sets.hpp,
// engine/any_game.hpp) that the front ends use: names, options, and games of every
// rule set played, undone and ended through text alone.
#include <gtest/gtest.h>

#include <random>

#include "engine/any_game.hpp"
#include "engine/rule_sets.hpp"

namespace damier {
namespace {

TEST(Registry, ListsEveryRuleSetOnceWithItsFacts) {
    EXPECT_EQ(rule_set_names(), "international brazilian canadian russian czech american spanish italian chinese diamond");
    EXPECT_EQ(rule_set_names(Family::ChineseCheckers), "chinese diamond");
    ASSERT_NE(find_rule_set("checkers"), nullptr);
    EXPECT_EQ(find_rule_set("checkers")->name, "american");
    EXPECT_EQ(canonical_rule_set_name("standard"), "international");
    EXPECT_EQ(find_rule_set("suicide"), nullptr);
    EXPECT_EQ(pdn_game_type_number("brazilian"), "26");
    EXPECT_EQ(pdn_game_type_number("canadian"), "27");
    EXPECT_EQ(pdn_game_type_number("chinese"), "");
    EXPECT_EQ(find_rule_set("russian")->opening_file, "russian-idf.tsv");
    EXPECT_TRUE(is_draughts("english"));
    EXPECT_TRUE(is_chinese_checkers("diamond"));
}

TEST(Registry, DescribesEachRuleSetsOptions) {
    EXPECT_TRUE(options_of("international").empty());
    const auto russian = options_of("russian");
    ASSERT_EQ(russian.size(), 1u);
    EXPECT_EQ(russian[0].name, "nocapture");
    EXPECT_EQ(russian[0].default_value, "false");
    const auto chinese = options_of("chinese");
    ASSERT_EQ(chinese.size(), 7u);
    EXPECT_EQ(chinese[0].name, "players");
    EXPECT_EQ(chinese[0].type, GameOption::Type::Int);
    EXPECT_EQ(chinese[0].min, 2);
    EXPECT_EQ(chinese[0].max, 6);
    EXPECT_EQ(chinese[0].default_value, "2");
    EXPECT_EQ(chinese[3].name, "move-limit");
    EXPECT_EQ(chinese[3].default_value, "200");
}

TEST(AnyGame, RefusesUnknownRuleSetsAndOptionsThatDoNotApply) {
    EXPECT_FALSE(make_game("suicide"));
    EXPECT_FALSE(make_game("international", {{"nocapture", "true"}}));
    EXPECT_TRUE(make_game("russian", {{"nocapture", "true"}}));
    EXPECT_FALSE(make_game("russian", {{"players", "3"}}));
    EXPECT_FALSE(make_game("chinese", {{"players", "7"}}));
}

// Random games of every rule set through the interface: each legal move plays,
// undoes to the same position, and a capture's path has one landing per piece taken
// (men) and ends on the move's destination.
TEST(AnyGame, RandomGamesOfEveryRuleSetPlayAndUndo) {
    std::mt19937 rng(19);
    for (const auto& info : rule_sets()) {
        auto made = make_game(info.name);
        ASSERT_TRUE(made) << made.error();
        AnyGame& game = **made;
        EXPECT_EQ(game.pdn_gametype(), info.pdn_gametype);
        int plies = 0;
        for (; plies < 60 && !game.result(); ++plies) {
            const auto moves = game.legal_moves();
            ASSERT_FALSE(moves.empty()) << info.name;
            const std::string before = game.position();
            const auto& move = moves[rng() % moves.size()];
            auto played = game.play(move.text);
            ASSERT_TRUE(played) << info.name << " " << move.text << ": " << played.error();
            EXPECT_EQ(played->text, move.text);
            ASSERT_TRUE(game.undo());
            EXPECT_EQ(game.position(), before) << info.name;
            ASSERT_TRUE(game.play(move.text));
            if (!move.captured.empty() && move.path.size() > 2) {
                EXPECT_EQ(move.path.size(), move.captured.size() + 1) << info.name << " " << move.text;
            }
        }
        EXPECT_FALSE(game.diagram().empty());
        EXPECT_FALSE(game.draw_state().empty());
        while (game.undo()) --plies;
        EXPECT_EQ(plies, 0) << info.name;
    }
}

TEST(AnyGame, DraughtsResultsAndResignation) {
    auto game = make_game("international");
    ASSERT_TRUE(game);
    EXPECT_FALSE((*game)->play("32-27x").ok());
    ASSERT_EQ((*game)->set_position("W:W28:B23"), "");  // white takes the last black man
    const auto moves = (*game)->legal_moves();
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(moves[0].captured, std::vector<int>{23});
    EXPECT_EQ(moves[0].path, (std::vector<int>{28, 19}));
    ASSERT_TRUE((*game)->play(moves[0].text));
    auto end = (*game)->result();
    ASSERT_TRUE(end);
    EXPECT_EQ(end->places, (std::vector<double>{1, 2}));
    EXPECT_EQ(end->reason, "no legal move");

    auto resigned = make_game("american");
    (*resigned)->resign(1, "lost on time");
    ASSERT_TRUE((*resigned)->result());
    EXPECT_EQ((*resigned)->result()->places, (std::vector<double>{1, 2}));
    EXPECT_EQ((*resigned)->result()->reason, "lost on time");
}

TEST(AnyGame, ChineseCheckersSeatsAndResignation) {
    auto game = make_game("chinese", {{"players", "3"}});
    ASSERT_TRUE(game) << game.error();
    EXPECT_EQ((*game)->seats(), 3);
    EXPECT_EQ((*game)->to_move(), 0);
    EXPECT_TRUE((*game)->position_fields().empty());
    ASSERT_TRUE((*game)->play((*game)->legal_moves().front().text));
    EXPECT_EQ((*game)->to_move(), 1);
    (*game)->resign(1, "crashed");
    EXPECT_FALSE((*game)->result());
    const auto fields = (*game)->position_fields();
    ASSERT_EQ(fields.size(), 2u);
    EXPECT_EQ(fields[0].first, "resigned");
    (*game)->resign(0, "lost on time");
    auto end = (*game)->result();
    ASSERT_TRUE(end);
    EXPECT_EQ(end->places[2], 1);
    EXPECT_EQ(end->reason.rfind("camp 3 crashed; camp 1 lost on time; ", 0), 0u) << end->reason;
}

}  // namespace
}  // namespace damier
