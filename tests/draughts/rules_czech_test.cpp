// Hand-built rule tests for czech draughts (seed 003): men capture forward only,
// flying kings, a king must capture when one can, otherwise free choice; a man
// crowned during a capture stops there.
//
// Hub numbers:
//      b8=1  d8=2  f8=3  h8=4
//   a7=5  c7=6  e7=7  g7=8
//      b6=9  d6=10 f6=11 h6=12
//   a5=13 c5=14 e5=15 g5=16
//      b4=17 d4=18 f4=19 h4=20
//   a3=21 c3=22 e3=23 g3=24
//      b2=25 d2=26 f2=27 h2=28
//   a1=29 c1=30 e1=31 g1=32
#include <gtest/gtest.h>

#include "tests/draughts/test_helpers.hpp"

namespace damier::draughts {
namespace {

using R = Czech;
using N = Notation<R>;
using testing::crowns;
using testing::legal_moves;
using testing::position;
using testing::sorted;

TEST(CzechRules, StartPosition) {
    EXPECT_EQ(N::hub_position(N::start()), "W" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w'));
    EXPECT_EQ(legal_moves<R>("W:W21-32:B1-12"),
              sorted({"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"}));
}

TEST(CzechRules, CaptureIsMandatory) {
    EXPECT_EQ(legal_moves<R>("W:Wc3,h2:Bd4"), sorted({"22x15x18"}));
}

TEST(CzechRules, MenCaptureForwardOnly) {
    // White d4 cannot take c3 behind it: it just moves.
    EXPECT_EQ(legal_moves<R>("W:Wd4:Bc3"), sorted({"18-14", "18-15"}));
    // Black c3 cannot take d4 behind it (black men go down).
    EXPECT_EQ(legal_moves<R>("B:Wd4:Bc3"), sorted({"22-25", "22-26"}));
    // The man loop of the international rules does not exist here: c3 takes d4, d6
    // (to c7) or b4, b6 (to c7); two different moves with the same ends.
    EXPECT_EQ(legal_moves<R>("W:Wc3:Bb4,d4,b6,d6"), sorted({"22x6x10x18", "22x6x9x17"}));
}

TEST(CzechRules, KingMustCaptureWhenItCan) {
    // Man c3 could take two (d4, f6), king h8 only f6 (stopped on e5 by d4 with c3 behind):
    // the king must capture.
    EXPECT_EQ(legal_moves<R>("W:Wc3,Kh8:Bd4,f6"), sorted({"4x15x11"}));
}

TEST(CzechRules, FreeChoiceAmongMenCaptures) {
    EXPECT_EQ(legal_moves<R>("W:Wc3,h2:Bd4,f6,g3"), sorted({"22x8x11x18", "28x19x24"}));
    EXPECT_EQ(legal_moves<R>("W:Wc3:Bb4,d4,f6"), sorted({"22x13x17", "22x8x11x18"}));
}

TEST(CzechRules, FreeChoiceAmongKingCaptures) {
    // King a1: c3 then b6 (to a7), or c3, d6, b6 (to a5); both legal. The landing must allow
    // the capture to go on (d4 or e5, not f6..h8).
    EXPECT_EQ(legal_moves<R>("W:WKa1:Bc3,d6,b6,d2"), sorted({"29x13x9x10x22", "29x5x9x22"}));
    EXPECT_EQ(legal_moves<R>("W:WKa1:Bc3,f4"), sorted({"29x24x19x22", "29x28x19x22"}));
}

TEST(CzechRules, FlyingKings) {
    EXPECT_EQ(legal_moves<R>("W:WKa1:Bc3"), sorted({"29x18x22", "29x15x22", "29x11x22", "29x8x22", "29x4x22"}));
    EXPECT_EQ(legal_moves<R>("W:WKd4:Bb8"),
              sorted({"18-14", "18-9", "18-5", "18-15", "18-11", "18-8", "18-4", "18-22", "18-25", "18-29",
                      "18-23", "18-27", "18-32"}));
}

TEST(CzechRules, CrowningEndsTheCapture) {
    // b6xd8 (c7) crowns and stops, although a king on d8 could take e7.
    EXPECT_EQ(legal_moves<R>("W:Wb6:Bc7,e7"), sorted({"9x2x6"}));
    EXPECT_TRUE(crowns<R>("W:Wb6:Bc7,e7", "9x2x6"));
    auto p = position<R>("W:Wb6:Bc7,e7");
    EXPECT_EQ(N::fen(p.after(testing::find_move<R>(p, "9x2x6"))), "B:WKd8:Be7");
}

TEST(CzechNotation, AmbiguousCapture) {
    auto p = position<R>("W:Wc3:Bb4,d4,b6,d6");
    auto bare = N::parse_move(p, "c3xc7");
    EXPECT_FALSE(bare.ok());
    EXPECT_FALSE(bare.error().empty());
    EXPECT_FALSE(N::parse_move(p, "22x6").ok());
    auto right = N::parse_move(p, "c3xc7xd6xd4");
    ASSERT_TRUE(right.ok()) << right.error();
    EXPECT_EQ(N::hub_move(*right), "22x6x10x18");
    auto left = N::parse_move(p, "22x6x17x9");
    ASSERT_TRUE(left.ok()) << left.error();
    EXPECT_EQ(N::hub_move(*left), "22x6x9x17");
    auto path = N::parse_move(p, "c3xa5xc7");
    ASSERT_TRUE(path.ok()) << path.error();
    EXPECT_EQ(N::hub_move(*path), "22x6x9x17");
    EXPECT_FALSE(N::parse_move(p, "22x6x9x18").ok());
    // PDN writes the full path when the short form is ambiguous.
    EXPECT_EQ(N::pdn_move(p, *right), "c3xe5xc7");
    EXPECT_EQ(N::pdn_move(p, *left), "c3xa5xc7");
}

TEST(CzechNotation, FenRoundTrip) {
    auto r = N::parse_fen("B:WKa1,c3:Bh6,Kf8");
    ASSERT_TRUE(r.ok()) << r.error();
    auto numeric = N::parse_fen("B:WK29,22:B12,K3");
    ASSERT_TRUE(numeric.ok()) << numeric.error();
    EXPECT_EQ(*r, *numeric);
    auto again = N::parse_fen(N::fen(*r));
    ASSERT_TRUE(again.ok()) << again.error();
    EXPECT_EQ(*again, *r);
    EXPECT_EQ(N::pdn_move(*r, testing::find_move<R>(*r, "12-16")), "h6-g5");
    for (const char* fen : {"B:Wa1:Bb1", "B:Wa1:Ba1", "B:Wa1:Bb2x"}) EXPECT_FALSE(N::parse_fen(fen).ok()) << fen;
}

}  // namespace
}  // namespace damier::draughts
