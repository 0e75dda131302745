// The draughts evaluation terms on hand-made positions: what each counts, and the
// drawish endings against a lone king.
#include <gtest/gtest.h>

#include "engine/draughts/notation.hpp"
#include "eval/draughts/eval.hpp"

namespace damier::eval::draughts {
namespace {

using damier::draughts::International;
using damier::draughts::Notation;
using damier::draughts::Russian;

template <class R>
TermCounts counts(const std::string& fen) {
    auto p = Notation<R>::parse_fen(fen);
    EXPECT_TRUE(p) << fen << ": " << p.error();
    TermCounts c;
    if (p) collect<R>(*p, c);
    return c;
}

template <class R>
int drawish(const std::string& fen) {
    auto p = Notation<R>::parse_fen(fen);
    EXPECT_TRUE(p) << fen << ": " << p.error();
    return p ? drawish_percent<R>(*p, 10) : -1;
}

template <class R>
bool kings_level(const std::string& fen) {
    auto p = Notation<R>::parse_fen(fen);
    EXPECT_TRUE(p) << fen << ": " << p.error();
    return p && kings_level_men_close(*p);
}

TEST(DraughtsTerms, KingsLevelAndMenWithinOneIsDrawish) {
    EXPECT_TRUE(kings_level<International>("W:WK46,31,32:BK5,20")) << "a king each, men 2-1";
    EXPECT_TRUE(kings_level<International>("W:WK46,K47,31:BK5,K4,20,19")) << "two kings each, men 1-2";
    EXPECT_FALSE(kings_level<International>("W:WK46,31,32,33:BK5,20")) << "men 3-1";
    EXPECT_FALSE(kings_level<International>("W:WK46,K47,31:BK5,20")) << "kings 2-1";
    EXPECT_FALSE(kings_level<International>("W:W31,32:B20")) << "no king";
    // The evaluation keeps drawish_kings_percent of the score there.
    auto p = Notation<International>::parse_fen("W:WK46,31,32:BK5,20");
    ASSERT_TRUE(p);
    auto w = builtin_weights("international");
    w.patterns = nullptr;
    w[DrawishKingsPercent] = 100;
    const auto full = evaluate<International>(*p, w);
    w[DrawishKingsPercent] = 50;
    EXPECT_GT(full, 50);  // a man ahead
    EXPECT_EQ(evaluate<International>(*p, w), full * 50 / 100);
}

TEST(DraughtsTerms, MaterialAndSideToMoveFromWhitesPointOfView) {
    const auto c = counts<International>("B:W31,32,K40:B1");
    EXPECT_EQ(c.count[Man], 1);   // two white men, one black
    EXPECT_EQ(c.count[King], 1);
    EXPECT_EQ(c.count[SideToMove], -1);
}

TEST(DraughtsTerms, ARunawayHasNoEnemyManInTheConeAhead) {
    // White man on 6 (second row): the cone ahead is square 1 only.
    EXPECT_EQ(counts<International>("W:W6:B3").count[Runaway], 1);
    EXPECT_EQ(counts<International>("W:W6:B1").count[Runaway], 0) << "1 stands in front";
    EXPECT_EQ(counts<International>("W:W6:BK3").count[Runaway], 0) << "a king stops it anywhere";
    EXPECT_EQ(counts<International>("W:W36:B3").count[Runaway], 0) << "too far from crowning";
    // Black's runaways count against White.
    EXPECT_EQ(counts<International>("W:W31:B45").count[Runaway], -1);
}

TEST(DraughtsTerms, TheBackRankCountsOnlyWhileNoKingIsOut) {
    EXPECT_EQ(counts<International>("W:W46,47,33:B1,20").count[BackRank], 1);
    EXPECT_EQ(counts<International>("W:W46,47,33:B1,K20").count[BackRank], 0);
}

TEST(DraughtsTerms, KingsOnTheLongDiagonalAndTradingDown) {
    // 46-5 is the long diagonal of the 10x10 board.
    EXPECT_EQ(counts<International>("W:WK46,K27:BK5,K1").count[KingDiagonal], 0);
    EXPECT_EQ(counts<International>("W:WK46,K22:BK1").count[KingDiagonal], 1);
    EXPECT_EQ(counts<Russian>("W:WKa1,Kd4:BKb8").count[KingDiagonal], 2) << "a1-h8 on 8x8";
    // Ahead by a man with 37 of 40 pieces gone: +37 for White.
    EXPECT_EQ(counts<International>("W:W31,32:B1").count[TradeDown], 37);
    EXPECT_EQ(counts<International>("W:W31:B1,2").count[TradeDown], -37);
    EXPECT_EQ(counts<International>("W:W31:B1").count[TradeDown], 0);
}

TEST(DraughtsTerms, AdvancementMovesFromOpeningToEndingWeightAsMenLeave) {
    // Two men left of 40: 38/40 of the advancement counts at the ending weight.
    const auto c = counts<International>("W:W6:B45");  // 8 rows advanced each: 0 net
    EXPECT_DOUBLE_EQ(c.count[AdvanceOpening] + c.count[AdvanceEnding], 0);
    const auto d = counts<International>("W:W6:B35");  // white 8 rows, black 6: +2
    EXPECT_DOUBLE_EQ(d.count[AdvanceOpening], 2.0 * 2 / 40);
    EXPECT_DOUBLE_EQ(d.count[AdvanceEnding], 2.0 * 38 / 40);
}

TEST(DraughtsTerms, ALoneKingHoldsAgainstFewFlyingPieces) {
    EXPECT_EQ(drawish<International>("W:WK1,K2,K3:BK50"), 10);
    EXPECT_EQ(drawish<International>("W:WK1,K2,14:BK50"), 10) << "men count as pieces too";
    EXPECT_EQ(drawish<International>("W:WK1,K2,K3,K4:BK50"), 100) << "four kings win";
    EXPECT_EQ(drawish<International>("W:WK1:BK50,K49,K48"), 10);
    EXPECT_EQ(drawish<International>("W:WK1,K2:B40"), 100) << "a lone man is no lone king";
    // 8x8: two pieces hold; three kings win unless the lone king is on the long diagonal.
    EXPECT_EQ(drawish<Russian>("W:WKc1,Ke1:BKh2"), 10);
    EXPECT_EQ(drawish<Russian>("W:WKc1,Ke1,Kg1:BKh2"), 100);
    EXPECT_EQ(drawish<Russian>("W:WKc1,Ke1,Kg1:BKd4"), 10);
    EXPECT_EQ(drawish<damier::draughts::American>("W:WK1,K2:BK32"), 100) << "short kings: no such rule";
}

TEST(DraughtsTerms, KingMobilityCountsTheEmptySquaresEachKingReaches) {
    // 46-5: eight empty squares up to the black man on 5; the other rays leave the board.
    EXPECT_EQ(counts<International>("W:WK46:B5").count[KingMobility], 8);
    // d4 on 8x8: three squares on each ray but one (a1, g1, a7; h8 holds Black's king),
    // and Black's king on h8 reaches g7, f6, e5.
    EXPECT_EQ(counts<Russian>("W:WKd4:BKh8").count[KingMobility], 12 - 3);
    // A short king reaches its neighbours only.
    EXPECT_EQ(counts<damier::draughts::American>("W:WK18:B1").count[KingMobility], 4);
    EXPECT_EQ(counts<International>("W:W31,32:B1").count[KingMobility], 0) << "men do not count";
}

TEST(DraughtsTerms, AnOutpostIsAManInTheEnemyHalfBackedOnBothSides) {
    // 23 is in White's enemy half (squares 1-25); 28 and 29 are behind it.
    EXPECT_EQ(counts<International>("W:W23,28,29:B1").count[Outpost], 1);
    EXPECT_EQ(counts<International>("W:W23,28:B1").count[Outpost], 0) << "one side open";
    EXPECT_EQ(counts<International>("W:W28,32,33:B1").count[Outpost], 0) << "still in its own half";
    EXPECT_EQ(counts<International>("W:W25,30:B1").count[Outpost], 0) << "on the edge: one square behind";
    EXPECT_EQ(counts<International>("W:WK23,28,29:B1").count[Outpost], 0) << "kings are not outposts";
    // Black's outpost on 28 is backed by 22 and 23, and counts against White.
    EXPECT_EQ(counts<International>("W:W50:B22,23,28").count[Outpost], -1);
}

TEST(DraughtsTerms, ALockedManHasNoEmptySquareAhead) {
    // 28 looks at 22 and 23, both Black's; 22 and 23 can still step to 27 and 29.
    EXPECT_EQ(counts<International>("W:W28:B22,23").count[Locked], 1);
    EXPECT_EQ(counts<International>("W:W28:B22").count[Locked], 0) << "23 is free";
    // On the edge one square ahead is off the board: 36 is stuck behind its own man on 31.
    EXPECT_EQ(counts<International>("W:W31,36:B1").count[Locked], 1);
    EXPECT_EQ(counts<International>("W:WK28:B22,23").count[Locked], 0) << "kings are not counted";
    // Black's man on 1 is stuck behind its own men on 6 and 7, and counts against White.
    EXPECT_EQ(counts<International>("W:W50:B1,6,7").count[Locked], -1);
    // 8x8: the white man on c3 faces b4 and d4.
    EXPECT_EQ(counts<Russian>("W:Wc3:Bb4,d4").count[Locked], 1);
}

TEST(DraughtsTerms, LateTwinsCountInProportionToTheMenGone) {
    // Every man on the board: the late twins count nothing.
    const auto start = counts<International>("W:W31-50:B1-20");
    for (Term t = ManLate; t < TermCount; t = static_cast<Term>(t + 1)) EXPECT_EQ(start.count[t], 0) << term_names[t];
    // 7 men of 40 left: each late twin counts 33/40 of its term.
    const auto ending = counts<International>("W:WK46,31,32,33,34:B18,19,20");
    EXPECT_DOUBLE_EQ(ending.count[ManLate], 1 * 33.0 / 40);
    EXPECT_DOUBLE_EQ(ending.count[KingLate], ending.count[King] * 33.0 / 40);
    EXPECT_DOUBLE_EQ(ending.count[FirstKingLate], 33.0 / 40);
    EXPECT_DOUBLE_EQ(ending.count[SideToMoveLate], 33.0 / 40);
    EXPECT_DOUBLE_EQ(ending.count[CentreLate], ending.count[Centre] * 33.0 / 40);
}

TEST(DraughtsTerms, ALateWeightMovesTheScoreWithThePhase) {
    auto p = damier::draughts::Notation<International>::parse_fen("W:WK46,31,32,33,34:B18,19,20");
    ASSERT_TRUE(p);
    Weights w = builtin_weights("international");
    const int before = evaluate<International>(*p, w);
    w[KingLate] = 40;  // 7 men of 40 left: 33/40 of it, for White's one king
    EXPECT_EQ(evaluate<International>(*p, w) - before, 33);
    w[SideToMoveLate] = 40;
    auto start = damier::draughts::Notation<International>::parse_fen("W:W31-50:B1-20");
    ASSERT_TRUE(start);
    EXPECT_EQ(evaluate<International>(*start, w), evaluate<International>(*start)) << "every man on the board";
}

TEST(DraughtsTerms, AHuntedKingCountsOnlyItsSafeMoves) {
    using damier::draughts::American;
    // Black's lone king on 5 has the long diagonal down to 46; 50 attacks 28 over the
    // empty 39 and 33, 49 attacks 32, so 7 of its 9 squares are safe.
    // The first king of a side counts once, however many follow it.
    EXPECT_EQ(counts<International>("W:WK50,K49:BK5").count[FirstKing], 0);
    EXPECT_EQ(counts<International>("W:WK50,K49,30:B5").count[FirstKing], 1);
    EXPECT_EQ(counts<International>("W:W30:BK5,K4,K3").count[FirstKing], -1);
    EXPECT_EQ(counts<International>("W:WK50,K49:BK5").count[HuntedKingMoves], -7);
    // A king on 46 takes on every square of that diagonal, the square left included.
    EXPECT_EQ(counts<International>("W:WK46,K50:BK5").count[HuntedKingMoves], 0);
    // Short kings: from 1 the king has 5 and 6; 10 would take on 6, landing on 1.
    EXPECT_EQ(counts<American>("W:WK10,K32:BK1").count[HuntedKingMoves], -1);
    EXPECT_EQ(counts<American>("W:W10,K32:BK1").count[HuntedKingMoves], -1) << "a man takes it too";
    // Not hunted: as many pieces, or men still on the board.
    EXPECT_EQ(counts<American>("W:WK10:BK1").count[HuntedKingMoves], 0);
    EXPECT_EQ(counts<American>("W:WK10,K32,K31:B4,K1").count[HuntedKingMoves], 0);
    // White hunted counts for White. On h2 its king has g3-c7 and g1: b8 takes on the
    // whole diagonal (on g3 landing on h2, the square left), a1 on e5; g1 is safe.
    EXPECT_EQ(counts<Russian>("W:WKh2:BKa1,Kb8").count[HuntedKingMoves], 1);
}

}  // namespace
}  // namespace damier::eval::draughts
