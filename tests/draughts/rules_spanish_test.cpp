// Hand-built rule tests for spanish draughts: mirrored board, flying kings, men
// capture forward only, most pieces then most kings, crowning ends the move.
//
// Squares are numbered right to left from white's back rank (white on 1-12, black
// on 21-32); seen from white, the lower-left corner is not a playing square:
//    32  ..  31  ..  30  ..  29  ..        <- black's back rank
//    ..  28  ..  27  ..  26  ..  25
//    24  ..  23  ..  22  ..  21  ..
//    ..  20  ..  19  ..  18  ..  17
//    16  ..  15  ..  14  ..  13  ..
//    ..  12  ..  11  ..  10  ..  09
//    08  ..  07  ..  06  ..  05  ..
//    ..  04  ..  03  ..  02  ..  01        <- white's back rank
#include <gtest/gtest.h>

#include "tests/draughts/test_helpers.hpp"

namespace damier::draughts {
namespace {

using R = Spanish;
using N = Notation<R>;
using testing::crowns;
using testing::legal_moves;
using testing::position;
using testing::sorted;

TEST(SpanishRules, StartPosition) {
    EXPECT_EQ(N::start().side, Color::White);
    // White men on 1-12, so the Hub string starts with twelve 'w'.
    EXPECT_EQ(N::hub_position(N::start()), "W" + std::string(12, 'w') + std::string(8, 'e') + std::string(12, 'b'));
    auto r = N::parse_fen("W:W1-12:B21-32");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(*r, N::start());
    // 9 is on the right edge (one step), 12 on the left of its row.
    EXPECT_EQ(legal_moves<R>("W:W1-12:B21-32"),
              sorted({"9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"}));
    EXPECT_EQ(legal_moves<R>("B:W1-12:B21-32"),
              sorted({"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"}));
}

TEST(SpanishRules, LongDiagonalRunsFromOneToThirtyTwo) {
    // King 1 (white's right corner) on the long diagonal 1-5-10-14-19-23-28-32.
    EXPECT_EQ(legal_moves<R>("W:WK1:B32"), sorted({"1-5", "1-10", "1-14", "1-19", "1-23", "1-28"}));
}

TEST(SpanishRules, CaptureIsMandatory) {
    EXPECT_EQ(legal_moves<R>("W:W11,1:B15"), sorted({"11x20x15"}));
}

TEST(SpanishRules, MenCaptureForwardOnly) {
    // 10 stands behind white 14 with 5 empty: no capture.
    EXPECT_EQ(legal_moves<R>("W:W14:B10"), sorted({"14-18", "14-19"}));
}

TEST(SpanishRules, FlyingKingCapture) {
    EXPECT_EQ(legal_moves<R>("W:WK1:B14"), sorted({"1x19x14", "1x23x14", "1x28x14", "1x32x14"}));
}

TEST(SpanishRules, MostPiecesThenMostKings) {
    // 11x20x27 takes two men (15, 23); 9x18x27 takes a man and a king (13, K22):
    // same number of pieces, more kings wins.
    EXPECT_EQ(legal_moves<R>("W:W9,11:B13,K22,15,23"), sorted({"9x27x13x22"}));
    // Three men (3x12x19x28 over 7, 15, 23) beat two kings (9x18x25 over K13, K21).
    EXPECT_EQ(legal_moves<R>("W:W3,9:B7,15,23,K13,K21"), sorted({"3x28x7x15x23"}));
}

TEST(SpanishRules, CrowningEndsTheCapture) {
    // 23x30 (over 27) crowns and stops; a king on 30 could have gone on over 26.
    EXPECT_EQ(legal_moves<R>("W:W23:B27,26"), sorted({"23x30x27"}));
    EXPECT_TRUE(crowns<R>("W:W23:B27,26", "23x30x27"));
}

TEST(SpanishNotation, FenAndErrors) {
    auto r = N::parse_fen("W:W1:B32");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(N::hub_position(*r), "Ww" + std::string(30, 'e') + "b");
    EXPECT_EQ(N::fen(*r), "W:W1:B32");
    auto p = position<R>("W:W9,11:B13,K22,15,23");
    auto m = N::parse_move(p, "9x27x22x13");
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(N::hub_move(*m), "9x27x13x22");
    EXPECT_FALSE(N::parse_move(p, "11x27x15x23").ok());  // legal shape, but loses on kings
    // A white man on 29..32 or a black man on 1..4 is on its crowning row.
    for (const char* fen : {"W:W30:B1", "W:W5:B3", "W:W1-13:B"}) EXPECT_FALSE(N::parse_fen(fen).ok()) << fen;
}

}  // namespace
}  // namespace damier::draughts
