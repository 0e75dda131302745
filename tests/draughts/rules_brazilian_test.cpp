// Hand-built rule tests for brazilian draughts: international rules on 8x8.
//
// Squares are algebraic (a1 bottom left, white at the bottom); Hub moves and the
// numbers accepted in FEN count 1..32 from b8 (1), d8, f8, h8 (4) down to a1 (29)..g1 (32):
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

using R = Brazilian;
using N = Notation<R>;
using testing::crowns;
using testing::legal_moves;
using testing::position;
using testing::sorted;

TEST(BrazilianRules, StartPosition) {
    EXPECT_EQ(N::start().side, Color::White);
    EXPECT_EQ(legal_moves<R>("W:W21-32:B1-12"),
              sorted({"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"}));
}

TEST(BrazilianRules, CaptureIsMandatory) {
    // c3xe5 (d4) is forced; c3-b4 and h2-g3 are not allowed.
    EXPECT_EQ(legal_moves<R>("W:Wc3,h2:Bd4"), sorted({"22x15x18"}));
}

TEST(BrazilianRules, MenCaptureBackwards) {
    // d4xb2 over c3, behind the white man.
    EXPECT_EQ(legal_moves<R>("W:Wd4:Bc3"), sorted({"18x25x22"}));
}

TEST(BrazilianRules, MaximumCapture) {
    // c3xe5xg7 (d4, f6) beats h2xf4 (g3), and beats the one-piece c3xa5 (b4).
    EXPECT_EQ(legal_moves<R>("W:Wc3,h2:Bd4,f6,g3"), sorted({"22x8x11x18"}));
    EXPECT_EQ(legal_moves<R>("W:Wc3:Bb4,d4,f6"), sorted({"22x8x11x18"}));
}

TEST(BrazilianRules, MaximumCaptureKingCountsAsOnePiece) {
    // Two men (d4, f6) beat one king (g3).
    EXPECT_EQ(legal_moves<R>("W:Wc3,h2:Bd4,f6,Kg3"), sorted({"22x8x11x18"}));
    // Two men (c3xg7) and king + man (h2xf4xh6 over g3, g5) are worth the same.
    EXPECT_EQ(legal_moves<R>("W:Wc3,h2:Bd4,f6,Kg3,g5"), sorted({"22x8x11x18", "28x12x16x24"}));
}

TEST(BrazilianRules, FlyingKingCapturesWithSeveralLandings) {
    // King a1 takes c3 and lands on d4, e5, f6, g7 or h8.
    EXPECT_EQ(legal_moves<R>("W:WKa1:Bc3"), sorted({"29x18x22", "29x15x22", "29x11x22", "29x8x22", "29x4x22"}));
}

TEST(BrazilianRules, FlyingKingQuietMoves) {
    // King d4: c5 b6 a7 / e5 f6 g7 h8 / c3 b2 a1 / e3 f2 g1.
    EXPECT_EQ(legal_moves<R>("W:WKd4:Bb8"),
              sorted({"18-14", "18-9", "18-5", "18-15", "18-11", "18-8", "18-4", "18-22", "18-25", "18-29",
                      "18-23", "18-27", "18-32"}));
}

TEST(BrazilianRules, ManPassingThroughCrowningRowStaysAMan) {
    // b6xd8 (c7) reaches the last row, goes on as a man: d8xf6 (e7). Not crowned.
    EXPECT_EQ(legal_moves<R>("W:Wb6:Bc7,e7"), sorted({"9x11x6x7"}));
    EXPECT_FALSE(crowns<R>("W:Wb6:Bc7,e7", "9x11x6x7"));
}

TEST(BrazilianRules, ManEndingOnCrowningRowIsCrowned) {
    EXPECT_EQ(legal_moves<R>("W:Wb6:Bc7"), sorted({"9x2x6"}));
    EXPECT_TRUE(crowns<R>("W:Wb6:Bc7", "9x2x6"));
}

TEST(BrazilianRules, SameCaptureByTwoPathsIsOneMove) {
    // c3 goes round b4, d4, b6, d6 either way and comes back to c3.
    EXPECT_EQ(legal_moves<R>("W:Wc3:Bb4,d4,b6,d6"), sorted({"22x22x9x10x17x18"}));
}

TEST(BrazilianRules, TurkishStrikeCapturedPieceStillBlocks) {
    // King a1 takes c3 (lands e5), d6 (lands c7), b6 (lands a5). From a5 the way down-right
    // runs b4, then c3, taken but still on the board: d2 cannot be reached (it could if
    // c3 were removed at once, for a fourth piece ending on e1). The two-piece a1xc3,
    // d4xb6 (to a7) is shorter and not allowed.
    EXPECT_EQ(legal_moves<R>("W:WKa1:Bc3,d6,b6,d2"), sorted({"29x13x9x10x22"}));
}

TEST(BrazilianNotation, StartAndFen) {
    EXPECT_EQ(N::hub_position(N::start()), "W" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w'));
    auto r = N::parse_fen("W:W21-32:B1-12");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(*r, N::start());
    // Algebraic and numeric squares name the same squares.
    auto a = N::parse_fen("W:Wa1,c3,Kh2:Bh8,Kb8");
    auto b = N::parse_fen("W:W29,22,K28:B4,K1");
    ASSERT_TRUE(a.ok()) << a.error();
    ASSERT_TRUE(b.ok()) << b.error();
    EXPECT_EQ(*a, *b);
    // Written back algebraic, and read back to the same position.
    EXPECT_EQ(N::fen(*N::parse_fen("B:WKa1:Bh8")), "B:WKa1:Bh8");
    auto again = N::parse_fen(N::fen(*a));
    ASSERT_TRUE(again.ok()) << again.error();
    EXPECT_EQ(*again, *a);
    EXPECT_EQ(N::fen(*again), N::fen(*a));
    EXPECT_EQ(N::fen(N::start()).find("W:W"), 0u);
    auto start_again = N::parse_fen(N::fen(N::start()));
    ASSERT_TRUE(start_again.ok()) << start_again.error();
    EXPECT_EQ(*start_again, N::start());
}

TEST(BrazilianNotation, BadFen) {
    for (const char* fen : {"W:Wa2:Bh8",   // light square
                            "W:Wi1:Bh8", "W:Wa9:Bh8", "W:W33:B1", "W:Wb8:Ba1",  // off board, crowning rows
                            "W:W1-13:B", "W:Wc3:Bc3", "W:Wc3;Bd4"}) {
        auto r = N::parse_fen(fen);
        EXPECT_FALSE(r.ok()) << "accepted bad FEN \"" << fen << "\"";
    }
}

TEST(BrazilianNotation, ParseMoves) {
    auto p = position<R>("W:Wc3,h2:Bd4,f6,g3");
    for (const char* text : {"c3xg7", "22x8", "22x8x18x11", "c3xg7xf6xd4", "c3xe5xg7", "c3:g7"}) {
        auto m = N::parse_move(p, text);
        ASSERT_TRUE(m.ok()) << text << ": " << m.error();
        EXPECT_EQ(N::hub_move(*m), "22x8x11x18");
    }
    for (const char* text : {"c3xe5", "h2xf4", "c3-b4", "c4-d5", "z9-a1", "c3xg7xd4", "22x8x11x19", "", "-"}) {
        auto m = N::parse_move(p, text);
        EXPECT_FALSE(m.ok()) << "accepted \"" << text << "\"";
    }
}

}  // namespace
}  // namespace damier::draughts
