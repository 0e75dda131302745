// Hand-built rule tests for american checkers (English draughts, ACF rules).
//
// Squares 1..32 from the top, four per row; black (moves first) on 1-12 at the top,
// moving down; white on 21-32 at the bottom, moving up.
//      01  02  03  04
//    05  06  07  08
//      09  10  11  12
//    13  14  15  16
//      17  18  19  20
//    21  22  23  24
//      25  26  27  28
//    29  30  31  32
#include <gtest/gtest.h>

#include "tests/draughts/test_helpers.hpp"

namespace damier::draughts {
namespace {

using R = American;
using N = Notation<R>;
using testing::crowns;
using testing::legal_moves;
using testing::position;
using testing::sorted;

TEST(AmericanRules, BlackMovesFirst) {
    EXPECT_EQ(N::start().side, Color::Black);
    EXPECT_EQ(N::hub_position(N::start()), "B" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w'));
    auto r = N::parse_fen("B:W21-32:B1-12");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(*r, N::start());
    EXPECT_EQ(legal_moves<R>("B:W21-32:B1-12"),
              sorted({"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}));
}

TEST(AmericanRules, CaptureIsMandatory) {
    EXPECT_EQ(legal_moves<R>("W:W22,32:B18"), sorted({"22x15x18"}));
}

TEST(AmericanRules, MenCaptureForwardOnly) {
    // White 18 cannot take 22 behind it; black 18 cannot take 14 behind it (above it).
    EXPECT_EQ(legal_moves<R>("W:W18:B22"), sorted({"18-14", "18-15"}));
    EXPECT_EQ(legal_moves<R>("B:W14:B18"), sorted({"18-22", "18-23"}));
}

TEST(AmericanRules, MenCaptureKings) {
    EXPECT_EQ(legal_moves<R>("W:W22:BK18"), sorted({"22x15x18"}));
}

TEST(AmericanRules, KingsMoveOneSquare) {
    EXPECT_EQ(legal_moves<R>("W:WK18:B1"), sorted({"18-14", "18-15", "18-22", "18-23"}));
}

TEST(AmericanRules, KingsCaptureOnlyNextToThem) {
    // 22 is two squares away on the king's diagonal: no capture, no flying move.
    EXPECT_EQ(legal_moves<R>("W:WK29:B22"), sorted({"29-25"}));
    // Kings capture backwards as well.
    EXPECT_EQ(legal_moves<R>("W:WK18:B22,23"), sorted({"18x25x22", "18x27x23"}));
}

TEST(AmericanRules, FreeChoiceOfCapture) {
    // 22x15x8 (two) and 31x24 (one) are both legal.
    EXPECT_EQ(legal_moves<R>("W:W22,31:B18,11,27"), sorted({"22x8x11x18", "31x24x27"}));
    // But a capture must be finished: 22x15 alone is not a move.
    auto p = position<R>("W:W22,31:B18,11,27");
    EXPECT_FALSE(N::parse_move(p, "22x15").ok());
}

TEST(AmericanRules, CrowningEndsTheMove) {
    // 10x3 (over 7) crowns; the new king may not go on over 8 in the same move.
    EXPECT_EQ(legal_moves<R>("W:W10:B7,8"), sorted({"10x3x7"}));
    EXPECT_TRUE(crowns<R>("W:W10:B7,8", "10x3x7"));
    // Black crowns on 29-32.
    EXPECT_TRUE(crowns<R>("B:WK1:B26", "26-30"));
    EXPECT_TRUE(crowns<R>("B:WK1:B26", "26-31"));
}

TEST(AmericanNotation, AmbiguousCaptureAndMoves) {
    // Black 7 reaches 23 over 10 and 18, or over 11 and 19.
    auto p = position<R>("B:W10,11,18,19:B7");
    EXPECT_EQ(legal_moves<R>("B:W10,11,18,19:B7"), sorted({"7x23x10x18", "7x23x11x19"}));
    auto bare = N::parse_move(p, "7x23");
    EXPECT_FALSE(bare.ok());
    EXPECT_FALSE(bare.error().empty());
    auto a = N::parse_move(p, "7x23x18x10");
    ASSERT_TRUE(a.ok()) << a.error();
    EXPECT_EQ(N::hub_move(*a), "7x23x10x18");
    auto b = N::parse_move(p, "7x16x23");  // PDN path
    ASSERT_TRUE(b.ok()) << b.error();
    EXPECT_EQ(N::hub_move(*b), "7x23x11x19");
    for (const char* text : {"7x23x10x19", "7-11", "7x14", "33-1", "7x23x", "seven"})
        EXPECT_FALSE(N::parse_move(p, text).ok()) << text;
}

TEST(AmericanNotation, FenRoundTripAndErrors) {
    auto r = N::parse_fen("W:WK5,21:B12,K30");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(N::fen(*r), "W:WK5,21:B12,K30");
    auto again = N::parse_fen(N::fen(*r));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *r);
    for (const char* fen : {"W:W2:B12", "W:W21:B30", "W:W21-32,K1:B", "W:Wa1:B12", "W:W21:B21"})
        EXPECT_FALSE(N::parse_fen(fen).ok()) << fen;
    EXPECT_FALSE(N::parse_hub_position("B" + std::string(31, 'e')).ok());
    EXPECT_FALSE(N::parse_hub_position("B" + std::string(31, 'e') + "q").ok());
}

}  // namespace
}  // namespace damier::draughts
