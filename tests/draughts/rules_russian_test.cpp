// Hand-built rule tests for russian draughts (8x8, algebraic squares).
//
// Hub numbers (used by hub_move and accepted in FEN):
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

using R = Russian;
using N = Notation<R>;
using testing::crowns;
using testing::legal_moves;
using testing::position;
using testing::sorted;

TEST(RussianRules, StartPosition) {
    EXPECT_EQ(N::hub_position(N::start()), "W" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w'));
    EXPECT_EQ(legal_moves<R>("W:W21-32:B1-12"),
              sorted({"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"}));
}

TEST(RussianRules, CaptureIsMandatory) {
    // a3xc5 (b4); e3-d4, e3-f4 are not allowed.
    EXPECT_EQ(legal_moves<R>("W:Wa3,e3:Bb4"), sorted({"21x14x17"}));
    // Black too: b4xd2 over c3 (black men move down).
    EXPECT_EQ(legal_moves<R>("B:Wc3,h2:Bb4,h6"), sorted({"17x26x22"}));
}

TEST(RussianRules, MenCaptureBackwards) {
    EXPECT_EQ(legal_moves<R>("W:Wd4:Bc3"), sorted({"18x25x22"}));
}

TEST(RussianRules, FreeChoiceOfCapture) {
    // Shorter captures are legal next to longer ones: h2xf4 (one) and c3xe5xg7 (two).
    EXPECT_EQ(legal_moves<R>("W:Wc3,h2:Bd4,f6,g3"), sorted({"22x8x11x18", "28x19x24"}));
    // Even with the same man: c3xa5 (b4) or c3xe5xg7 (d4, f6).
    EXPECT_EQ(legal_moves<R>("W:Wc3:Bb4,d4,f6"), sorted({"22x13x17", "22x8x11x18"}));
}

TEST(RussianRules, StartedCaptureMustBeFinished) {
    auto p = position<R>("W:Wc3,h2:Bd4,f6,g3");
    EXPECT_FALSE(N::parse_move(p, "c3xe5").ok());
    EXPECT_FALSE(N::parse_move(p, "22x15x18").ok());
    EXPECT_TRUE(N::parse_move(p, "c3xg7").ok());
    EXPECT_TRUE(N::parse_move(p, "h2:f4").ok());
}

TEST(RussianRules, FlyingKingCapturesWithSeveralLandings) {
    EXPECT_EQ(legal_moves<R>("W:WKa1:Bc3"), sorted({"29x18x22", "29x15x22", "29x11x22", "29x8x22", "29x4x22"}));
}

TEST(RussianRules, KingMustLandWhereItCanGoOn) {
    // King a1 takes c3; only from e5 can it go on (over f4), so d4, f6, g7, h8 are not
    // allowed as final squares; after f4 it lands on g3 or h2.
    EXPECT_EQ(legal_moves<R>("W:WKa1:Bc3,f4"), sorted({"29x24x19x22", "29x28x19x22"}));
    // Here both d4 (over b6 to a7) and e5 (over d6, then b6, to a5) go on; free choice
    // keeps both; the captured c3 still blocks the way from a5 to d2 (Turkish strike).
    EXPECT_EQ(legal_moves<R>("W:WKa1:Bc3,d6,b6,d2"), sorted({"29x13x9x10x22", "29x5x9x22"}));
}

TEST(RussianRules, ManCrownedDuringCaptureGoesOnAsAKing) {
    // b6xd8 (c7) crowns; the new king goes on over e7 and may land on f6, g5 or h4.
    EXPECT_EQ(legal_moves<R>("W:Wb6:Bc7,e7"), sorted({"9x11x6x7", "9x16x6x7", "9x20x6x7"}));
    for (const char* m : {"9x11x6x7", "9x16x6x7", "9x20x6x7"}) EXPECT_TRUE(crowns<R>("W:Wb6:Bc7,e7", m)) << m;
    // Same, with e3 to take from g5 only: the new king must land on g5 and go on to d2/c1.
    EXPECT_EQ(legal_moves<R>("W:Wb6:Bc7,e7,e3"), sorted({"9x26x6x7x23", "9x30x6x7x23"}));
    auto p = position<R>("W:Wb6:Bc7,e7,e3");
    auto after = p.after(testing::find_move<R>(p, "9x30x6x7x23"));
    EXPECT_EQ(N::fen(after), "B:WKc1:B");
}

TEST(RussianRules, ManEndingOnCrowningRowIsCrowned) {
    EXPECT_TRUE(crowns<R>("W:Wb6:Bc7", "9x2x6"));
    EXPECT_TRUE(crowns<R>("W:Wa7:Bh2", "5-1"));
    EXPECT_FALSE(crowns<R>("W:Wb6:Bh2", "9-5"));
}

TEST(RussianNotation, FenAndMoves) {
    auto a = N::parse_fen("W:Wa1,c3,Kh2:Bh8,Kb8");
    auto b = N::parse_fen("W:W29,22,K28:B4,K1");
    ASSERT_TRUE(a.ok()) << a.error();
    ASSERT_TRUE(b.ok()) << b.error();
    EXPECT_EQ(*a, *b);
    auto again = N::parse_fen(N::fen(*a));
    ASSERT_TRUE(again.ok()) << again.error();
    EXPECT_EQ(*again, *a);
    EXPECT_EQ(N::fen(*N::parse_fen("W:Wc3:BKf8")), "W:Wc3:BKf8");
    // Russian captures may be written with ':' and algebraic squares.
    auto p = position<R>("W:Wc3:Bb4,d4,f6");
    for (const char* text : {"c3:g7", "c3:e5:g7", "22x8x18x11", "c3xg7"}) {
        auto m = N::parse_move(p, text);
        ASSERT_TRUE(m.ok()) << text << ": " << m.error();
        EXPECT_EQ(N::hub_move(*m), "22x8x11x18");
    }
    for (const char* text : {"c3:e5", "c3-d4", "c3:a5:g7", "a2-b3", "c3xg7x", "foo"}) {
        EXPECT_FALSE(N::parse_move(p, text).ok()) << text;
    }
    for (const char* fen : {"W:Wb1:Bh8", "W:Wa1:Ba1", "W:Wh8:Ba1", "W:W21-32,1:B"})
        EXPECT_FALSE(N::parse_fen(fen).ok()) << fen;
}

}  // namespace
}  // namespace damier::draughts
