// Star diagrams of the `show` command: geometry, pieces per camp, kings and the
// status lines.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/halma/diagram.hpp"
#include "engine/halma/game.hpp"
#include "engine/halma/notation.hpp"
#include "tests/common/text_lines.hpp"
#include "tests/halma/test_helpers.hpp"

namespace {

namespace h = damier::halma;
using damier::halma::testing::make_rules;
using damier::testing_support::lines_of;


constexpr std::size_t star_rows = 17;

std::size_t count_on_star(const std::vector<std::string>& lines, char c) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < star_rows; ++i) n += static_cast<std::size_t>(std::count(lines[i].begin(), lines[i].end(), c));
    return n;
}

}  // namespace

TEST(HalmaDiagram, TwoPlayerStart) {
    auto rules = make_rules(2);
    auto start = h::start_position(rules);
    auto lines = lines_of(h::diagram(rules, start));
    ASSERT_EQ(lines.size(), star_rows + 2);
    const std::size_t widths[star_rows] = {1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1};
    for (std::size_t i = 0; i < star_rows; ++i) {
        std::size_t cells = lines[i].size() - static_cast<std::size_t>(std::count(lines[i].begin(), lines[i].end(), ' '));
        EXPECT_EQ(cells, widths[i]) << "row " << i << ": " << lines[i];
    }
    EXPECT_EQ(lines[0], "            4");
    EXPECT_EQ(lines[3], "         4 4 4 4");
    EXPECT_EQ(lines[4], ". . . . . . . . . . . . .");
    EXPECT_EQ(lines[8], "    . . . . . . . . .");
    EXPECT_EQ(lines[16], "            1");
    EXPECT_EQ(count_on_star(lines, '1'), 10u);
    EXPECT_EQ(count_on_star(lines, '4'), 10u);
    EXPECT_EQ(count_on_star(lines, '.'), 101u);
    EXPECT_EQ(lines[17], "camp 1 to move   ply 0   1: playing   4: playing");
    EXPECT_EQ(lines[18], "position " + h::position_string(start));
}

TEST(HalmaDiagram, SixPlayerStart) {
    auto rules = make_rules(6);
    auto lines = lines_of(h::diagram(rules, h::start_position(rules)));
    ASSERT_EQ(lines.size(), star_rows + 2);
    EXPECT_EQ(lines[0], "            4");
    EXPECT_EQ(lines[4], "3 3 3 3 . . . . . 5 5 5 5");
    EXPECT_EQ(lines[7], "   3 . . . . . . . . 5");
    EXPECT_EQ(lines[8], "    . . . . . . . . .");
    EXPECT_EQ(lines[9], "   2 . . . . . . . . 6");
    EXPECT_EQ(lines[12], "2 2 2 2 . . . . . 6 6 6 6");
    EXPECT_EQ(lines[16], "            1");
    for (char camp = '1'; camp <= '6'; ++camp) EXPECT_EQ(count_on_star(lines, camp), 10u) << camp;
    EXPECT_EQ(count_on_star(lines, '.'), 61u);
    EXPECT_EQ(lines[17], "camp 1 to move   ply 0   1: playing   2: playing   3: playing   4: playing   5: playing"
                         "   6: playing");
}

TEST(HalmaDiagram, ThreePlayerStartLeavesEmptyCamps) {
    auto rules = make_rules(3);
    auto lines = lines_of(h::diagram(rules, h::start_position(rules)));
    ASSERT_EQ(lines.size(), star_rows + 2);
    EXPECT_EQ(lines[0], "            .");
    EXPECT_EQ(lines[4], "3 3 3 3 . . . . . 5 5 5 5");
    for (char camp : {'1', '3', '5'}) EXPECT_EQ(count_on_star(lines, camp), 10u) << camp;
    for (char camp : {'2', '4', '6'}) EXPECT_EQ(count_on_star(lines, camp), 0u) << camp;
    EXPECT_EQ(lines[17], "camp 1 to move   ply 0   1: playing   3: playing   5: playing");
}

TEST(HalmaDiagram, DiamondKingsAndResignation) {
    auto rules = make_rules(2, h::Variant::Diamond);
    auto start = h::start_position(rules);
    auto lines = lines_of(h::diagram(rules, start));
    ASSERT_EQ(lines.size(), star_rows + 2);
    EXPECT_EQ(lines[0], "            D");
    EXPECT_EQ(lines[4], ". . . . 4 4 4 4 4 . . . .");
    EXPECT_EQ(lines[16], "            A");
    EXPECT_EQ(count_on_star(lines, 'A'), 1u);
    EXPECT_EQ(count_on_star(lines, 'D'), 1u);
    EXPECT_EQ(count_on_star(lines, '1'), 14u);
    EXPECT_EQ(count_on_star(lines, '4'), 14u);

    auto resigned = lines_of(h::diagram(rules, h::resign(rules, start, 3)));
    EXPECT_EQ(resigned[17], "game over   ply 0   1: place 1   4: resigned, place 2");
}

TEST(HalmaDiagram, StatusFollowsPlay) {
    auto rules = make_rules(2);
    auto start = h::start_position(rules);
    auto move = h::parse_move(rules, start, "112-103");
    ASSERT_TRUE(move.ok()) << move.error();
    auto after = h::play(rules, start, *move);
    auto lines = lines_of(h::diagram(rules, after));
    EXPECT_EQ(lines[17], "camp 4 to move   ply 1   1: playing   4: playing");
    EXPECT_EQ(count_on_star(lines, '1'), 10u);
    EXPECT_EQ(lines[13], "         . 1 1 1");
}
