// Board diagrams of the `show` command: orientation, numbering and pieces per
// rule set, checked on exact rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/draughts/diagram.hpp"
#include "tests/common/text_lines.hpp"
#include "tests/draughts/test_helpers.hpp"

namespace {

namespace d = damier::draughts;
using damier::draughts::testing::position;
using damier::testing_support::lines_of;


std::size_t count_in(const std::vector<std::string>& lines, std::size_t first, std::size_t last, char c) {
    std::size_t n = 0;
    for (std::size_t i = first; i < last; ++i) n += static_cast<std::size_t>(std::count(lines[i].begin(), lines[i].end(), c));
    return n;
}

void expect_no_trailing_blanks(const std::vector<std::string>& lines) {
    for (const auto& line : lines) EXPECT_TRUE(line.empty() || line.back() != ' ') << '"' << line << '"';
}

template <class R>
std::vector<std::string> start_lines() {
    return lines_of(d::diagram<R>(d::Notation<R>::start()));
}

}  // namespace

TEST(DraughtsDiagram, InternationalStart) {
    auto lines = start_lines<d::International>();
    ASSERT_EQ(lines.size(), 11u);
    EXPECT_EQ(lines[0], "   b   b   b   b   b     1 -  5");
    EXPECT_EQ(lines[4], "   .   .   .   .   .    21 - 25");
    EXPECT_EQ(lines[9], " w   w   w   w   w      46 - 50");
    EXPECT_EQ(count_in(lines, 0, 10, 'b'), 20u);
    EXPECT_EQ(count_in(lines, 0, 10, 'w'), 20u);
    EXPECT_EQ(count_in(lines, 0, 10, '.'), 10u);
    EXPECT_EQ(count_in(lines, 0, 10, 'W') + count_in(lines, 0, 10, 'B'), 0u);
    EXPECT_EQ(lines[10], "White to move   FEN W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
                         ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
    expect_no_trailing_blanks(lines);
}

TEST(DraughtsDiagram, RussianStartIsAlgebraic) {
    auto lines = start_lines<d::Russian>();
    ASSERT_EQ(lines.size(), 10u);
    EXPECT_EQ(lines[0], "8    b   b   b   b");
    EXPECT_EQ(lines[3], "5  .   .   .   .");
    EXPECT_EQ(lines[7], "1  w   w   w   w");
    EXPECT_EQ(lines[8], "   a b c d e f g h");
    EXPECT_EQ(count_in(lines, 0, 8, 'b'), 12u);
    EXPECT_EQ(count_in(lines, 0, 8, 'w'), 12u);
    EXPECT_EQ(lines[9], "White to move   FEN W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6");
    expect_no_trailing_blanks(lines);
}

TEST(DraughtsDiagram, AmericanStartHasBlackToMove) {
    auto lines = start_lines<d::American>();
    ASSERT_EQ(lines.size(), 9u);
    EXPECT_EQ(lines[0], "   b   b   b   b     1 -  4");
    EXPECT_EQ(lines[7], " w   w   w   w      29 - 32");
    EXPECT_EQ(count_in(lines, 0, 8, 'b'), 12u);
    EXPECT_EQ(count_in(lines, 0, 8, 'w'), 12u);
    EXPECT_EQ(lines[8], "Black to move   FEN B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    expect_no_trailing_blanks(lines);
}

TEST(DraughtsDiagram, ItalianStartIsMirrored) {
    // The italian board has a light square in White's left corner.
    auto lines = start_lines<d::Italian>();
    ASSERT_EQ(lines.size(), 9u);
    EXPECT_EQ(lines[0], " b   b   b   b       1 -  4");
    EXPECT_EQ(lines[7], "   w   w   w   w    29 - 32");
    EXPECT_EQ(count_in(lines, 0, 8, 'b'), 12u);
    EXPECT_EQ(count_in(lines, 0, 8, 'w'), 12u);
    EXPECT_EQ(lines[8], "White to move   FEN W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
}

TEST(DraughtsDiagram, MirroredPiecesSitOnTheirNumbers) {
    // Italian 21 is the leftmost dark square of its row; spanish 1 is White's right corner.
    auto italian = lines_of(d::diagram<d::Italian>(position<d::Italian>("W:W21:B12")));
    EXPECT_EQ(italian[2], " .   .   .   b       9 - 12");
    EXPECT_EQ(italian[5], "   w   .   .   .    21 - 24");
    auto spanish = lines_of(d::diagram<d::Spanish>(position<d::Spanish>("W:W1:B32")));
    EXPECT_EQ(spanish[0], " b   .   .   .      32 - 29");
    EXPECT_EQ(spanish[7], "   .   .   .   w     4 -  1");
}

TEST(DraughtsDiagram, CanadianStart) {
    auto lines = start_lines<d::Canadian>();
    ASSERT_EQ(lines.size(), 13u);
    EXPECT_EQ(lines[0], "   b   b   b   b   b   b     1 -  6");
    EXPECT_EQ(lines[11], " w   w   w   w   w   w      67 - 72");
    EXPECT_EQ(count_in(lines, 0, 12, 'b'), 30u);
    EXPECT_EQ(count_in(lines, 0, 12, 'w'), 30u);
    EXPECT_EQ(count_in(lines, 0, 12, '.'), 12u);
    EXPECT_EQ(lines[12].rfind("White to move   FEN W:W43,", 0), 0u) << lines[12];
    expect_no_trailing_blanks(lines);
}

TEST(DraughtsDiagram, KingsAndSideToMove) {
    auto lines = lines_of(d::diagram<d::International>(position<d::International>("B:W31,K5:BK46,20")));
    ASSERT_EQ(lines.size(), 11u);
    EXPECT_EQ(lines[0], "   .   .   .   .   W     1 -  5");
    EXPECT_EQ(lines[3], " .   .   .   .   b      16 - 20");
    EXPECT_EQ(lines[6], "   w   .   .   .   .    31 - 35");
    EXPECT_EQ(lines[9], " B   .   .   .   .      46 - 50");
    for (char c : {'w', 'b', 'W', 'B'}) EXPECT_EQ(count_in(lines, 0, 10, c), 1u) << c;
    EXPECT_EQ(lines[10], "Black to move   FEN B:WK5,31:B20,K46");
}

TEST(DraughtsDiagram, RussianKingUsesAlgebraicRows) {
    auto lines = lines_of(d::diagram<d::Russian>(position<d::Russian>("W:WKa1:Bh8")));
    ASSERT_EQ(lines.size(), 10u);
    EXPECT_EQ(lines[0], "8    .   .   .   b");
    EXPECT_EQ(lines[7], "1  W   .   .   .");
    EXPECT_EQ(lines[9], "White to move   FEN W:WKa1:Bh8");
}
