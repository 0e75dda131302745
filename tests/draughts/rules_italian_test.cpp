// Hand-built rule tests for italian draughts (FID): mirrored board, one-square
// kings, men capture forward only and never capture kings, and the precedences in
// order: most pieces; king rather than man; most kings; kings met earliest.
//
// Squares left to right from the top as white sees it; the lower-left corner is not
// a playing square (white on 21-32, moving up):
//    01  ..  02  ..  03  ..  04  ..
//    ..  05  ..  06  ..  07  ..  08
//    09  ..  10  ..  11  ..  12  ..
//    ..  13  ..  14  ..  15  ..  16
//    17  ..  18  ..  19  ..  20  ..
//    ..  21  ..  22  ..  23  ..  24
//    25  ..  26  ..  27  ..  28  ..
//    ..  29  ..  30  ..  31  ..  32
#include <gtest/gtest.h>

#include "tests/draughts/test_helpers.hpp"

namespace damier::draughts {
namespace {

using R = Italian;
using N = Notation<R>;
using testing::crowns;
using testing::legal_moves;
using testing::position;
using testing::sorted;

TEST(ItalianRules, StartPosition) {
    EXPECT_EQ(N::start().side, Color::White);
    EXPECT_EQ(N::hub_position(N::start()), "W" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w'));
    auto r = N::parse_fen("W:W21-32:B1-12");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(*r, N::start());
    // 24 is on the right edge (one step); 21 has two.
    EXPECT_EQ(legal_moves<R>("W:W21-32:B1-12"),
              sorted({"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"}));
}

TEST(ItalianRules, MirroredCorners) {
    // 32 is the lower-right corner (one step, to 28); 29 is not a corner (25 and 26).
    EXPECT_EQ(legal_moves<R>("W:W32:B1"), sorted({"32-28"}));
    EXPECT_EQ(legal_moves<R>("W:W29:B4"), sorted({"29-25", "29-26"}));
}

TEST(ItalianRules, CaptureIsMandatory) {
    EXPECT_EQ(legal_moves<R>("W:W27,K22:B23,15,18").size(), 1u);
    EXPECT_EQ(legal_moves<R>("W:W27,32:B23"), sorted({"27x20x23"}));
}

TEST(ItalianRules, MenCaptureForwardOnly) {
    EXPECT_EQ(legal_moves<R>("W:W18:B22"), sorted({"18-13", "18-14"}));
}

TEST(ItalianRules, MenNeverCaptureKings) {
    // White man 22 next to black king 18 with 13 empty: no capture.
    EXPECT_EQ(legal_moves<R>("W:W22:BK18"), sorted({"22-19"}));
    // A king may.
    EXPECT_EQ(legal_moves<R>("W:WK22:BK18"), sorted({"22x13x18"}));
    // Black man 18 cannot take white king 22 either.
    EXPECT_EQ(legal_moves<R>("B:WK22:B18"), sorted({"18-21"}));
}

TEST(ItalianRules, KingsMoveAndCaptureOneSquare) {
    EXPECT_EQ(legal_moves<R>("W:WK29:B22"), sorted({"29-25", "29-26"}));
    EXPECT_EQ(legal_moves<R>("W:WK19:B1"), sorted({"19-14", "19-15", "19-22", "19-23"}));
}

TEST(ItalianRules, PrecedenceMostPieces) {
    // Man 27 takes 23 and 15 (two) against king 22 taking 18 (one).
    EXPECT_EQ(legal_moves<R>("W:W27,K22:B23,15,18"), sorted({"27x11x15x23"}));
}

TEST(ItalianRules, PrecedenceKingRatherThanMan) {
    // One piece each: king 22 takes 18, man 27 takes 23. The king must capture.
    EXPECT_EQ(legal_moves<R>("W:W27,K22:B23,18"), sorted({"22x13x18"}));
}

TEST(ItalianRules, PrecedenceMostKings) {
    // King 22 takes man 18 or king 19, one piece each: the king is taken.
    EXPECT_EQ(legal_moves<R>("W:WK22:B18,K19"), sorted({"22x15x19"}));
}

TEST(ItalianRules, PrecedenceKingMetEarliest) {
    // Two pieces and one king each: K18 then 10 (to 6), or 19 then K12 (to 8).
    // The capture that meets the king first wins.
    EXPECT_EQ(legal_moves<R>("W:WK22:BK18,10,19,K12"), sorted({"22x6x10x18"}));
}

TEST(ItalianRules, EqualPrecedenceKeepsBoth) {
    // King 22 takes man 18 (to 13) or man 19 (to 15): same value, both legal.
    EXPECT_EQ(legal_moves<R>("W:WK22:B18,19"), sorted({"22x13x18", "22x15x19"}));
}

TEST(ItalianRules, CrowningEndsTheCapture) {
    // 10x3 (over 6) crowns and stops; a king on 3 could go on over 7.
    EXPECT_EQ(legal_moves<R>("W:W10:B6,7"), sorted({"10x3x6"}));
    EXPECT_TRUE(crowns<R>("W:W10:B6,7", "10x3x6"));
}

TEST(ItalianNotation, FenAndMoves) {
    auto r = N::parse_fen("B:W21,K4:BK29,12");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(N::fen(*r), "B:WK4,21:B12,K29");
    std::string hub = "B" + std::string(32, 'e');
    hub[4] = 'W';
    hub[21] = 'w';
    hub[12] = 'b';
    hub[29] = 'B';
    EXPECT_EQ(N::hub_position(*r), hub);
    auto back = N::parse_hub_position(hub);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(*back, *r);
    auto p = position<R>("W:W27,K22:B23,15,18");
    auto m = N::parse_move(p, "27x11");
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(N::hub_move(*m), "27x11x15x23");
    EXPECT_FALSE(N::parse_move(p, "22x13").ok());  // loses on precedence
    EXPECT_FALSE(N::parse_move(p, "22x13x18").ok());
    for (const char* fen : {"W:W1:B12", "W:W21:B29", "W:W21-32,K1:B", "W:W21;B1"}) EXPECT_FALSE(N::parse_fen(fen).ok()) << fen;
}

}  // namespace
}  // namespace damier::draughts
