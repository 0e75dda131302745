// The Chinese checkers evaluation terms on hand-made positions: what each counts
// (eval/halma/eval.hpp), that the engine's weighted sum and the tuner's counts agree,
// and that the first evaluation's weights ([halma], the added terms at 0) keep its
// cost exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <random>

#include "engine/halma/game.hpp"
#include "eval/halma/eval.hpp"
#include "tests/halma/test_helpers.hpp"

namespace damier::halma {
namespace {

using testing::make_rules;

// A two-player position (camp 1 = index 0 at the bottom, camp 4 = index 3 at the
// top) from cell numbers 1..121, camp 1 to move.
Position two_player(const Rules& rules, std::initializer_list<int> bottom, std::initializer_list<int> top) {
    Position p;
    for (int cell : bottom) p.pieces[0] |= bit_at<u128>(cell - 1);
    for (int cell : top) p.pieces[3] |= bit_at<u128>(cell - 1);
    p.side = 0;
    return settle(rules, p);
}

// The first evaluation: the [halma] weights, every added term at 0.
Weights first_weights() {
    Weights w;
    w[Progress] = 100;
    w[GoalPiece] = 60;
    w[Straggler] = 50;
    w[StragglerSlack] = 4;
    return w;
}

Evaluator::TermCounts counts(const Evaluator& eval, const Position& p, int camp) {
    Evaluator::TermCounts c;
    eval.collect(p, camp, c);
    return c;
}

// Camp 1 with a piece at the goal's entrance (cell 8) and one on the tip (cell 1),
// eight still at home (112-119); camp 4 across the middle row.
Position entrance_and_tip(const Rules& rules) {
    return two_player(rules, {1, 8, 112, 113, 114, 115, 116, 117, 118, 119}, {57, 58, 59, 60, 61, 62, 63, 64, 65, 70});
}

TEST(HalmaEvalTerms, TheStartPosition) {
    const Rules rules = make_rules(2);
    const Evaluator eval(rules);
    const auto c = counts(eval, start_position(rules), 0);
    EXPECT_EQ(c.count[Progress], 120);  // 140 steps for the camp, 20 for a full goal
    EXPECT_EQ(c.count[GoalPiece], 10);
    EXPECT_EQ(c.count[Straggler], 0);     // 16 is 2 steps behind the mean 14: within the slack
    EXPECT_EQ(c.count[HomeLate], 0);      // phase 0
    EXPECT_EQ(c.count[ProgressLate], 0);  // phase 0
    EXPECT_EQ(c.count[Rearmost], 13);     // the tip, 16 steps, 3 beyond the goal's depth
    EXPECT_EQ(c.count[GoalHole], 0);      // no piece in the goal yet
    EXPECT_EQ(c.count[Lateral], 14);      // 3+1+1+3, 2+0+2, 1+1, 0 half-columns
    EXPECT_EQ(c.count[ForwardJump], 3);   // the three pieces of the second row hop the first
    EXPECT_EQ(c.count[OthersInGoal], 10); // the opponent is still at home: our goal
    EXPECT_EQ(c.count[ToMove], 1);        // camp 1 moves first
    EXPECT_EQ(counts(eval, start_position(rules), 3).count[ToMove], 0);
    EXPECT_EQ(Evaluator(rules, first_weights()).cost(start_position(rules), 0), 100 * 120 + 60 * 10);
    // The built-in chinese weights add the rearmost piece's 13 steps and the lateral 14.
    const Weights& w = builtin_weights("chinese");
    EXPECT_EQ(eval.cost(start_position(rules), 0),
              100 * 120 + w[GoalPiece] * 10 + w[Rearmost] * 13 + w[Lateral] * 14 + w[ForwardJump] * 3 +
                  w[OthersInGoal] * 10 + w[ToMove]);
}

TEST(HalmaEvalTerms, PiecesAtHomeLateAndTaperedProgressFollowThePhase) {
    const Rules rules = make_rules(2);
    const Evaluator eval(rules);
    const auto c = counts(eval, entrance_and_tip(rules), 0);
    // Distances: 0 and 3 in the goal, 13 x4, 14 x3, 15 at home: 112 in all, 28
    // steps of the 120 from a full start camp to a full goal.
    EXPECT_EQ(c.count[Progress], 92);
    EXPECT_DOUBLE_EQ(c.count[HomeLate], 8 * 28 / 120.0);
    EXPECT_DOUBLE_EQ(c.count[ProgressLate], 92 * 28 / 120.0);
    EXPECT_EQ(c.count[Rearmost], 12);  // cell 119, 15 steps
    EXPECT_EQ(c.count[GoalPiece], 8);
}

TEST(HalmaEvalTerms, GoalHolesAreTheEmptyCellsBehindTheEntrancePiece) {
    const Rules rules = make_rules(2);
    const Evaluator eval(rules);
    // Cell 8 is 3 steps from the tip: cells 1-6 are deeper, 2-6 empty.
    EXPECT_EQ(counts(eval, entrance_and_tip(rules), 0).count[GoalHole], 5);
    // Only the tip filled: nothing behind it.
    const Position tip = two_player(rules, {1, 41, 112, 113, 114, 115, 116, 117, 118, 119},
                                    {57, 58, 59, 60, 61, 62, 63, 64, 65, 70});
    EXPECT_EQ(counts(eval, tip, 0).count[GoalHole], 0);
    // A piece on cell 5 (2 steps) leaves cells 1, 2, 3 behind it.
    const Position middle = two_player(rules, {5, 41, 112, 113, 114, 115, 116, 117, 118, 119},
                                       {57, 58, 59, 60, 61, 62, 63, 64, 65, 70});
    EXPECT_EQ(counts(eval, middle, 0).count[GoalHole], 3);
    // Another player's piece fills a hole as well.
    const Position filled = two_player(rules, {5, 41, 112, 113, 114, 115, 116, 117, 118, 119},
                                       {1, 58, 59, 60, 61, 62, 63, 64, 65, 70});
    EXPECT_EQ(counts(eval, filled, 0).count[GoalHole], 2);
}

TEST(HalmaEvalTerms, LateralDeviationCountsHalfColumnsOffTheTipToTipLine) {
    const Rules rules = make_rules(2);
    const Evaluator eval(rules);
    // The goal pieces (1, 8) do not count; the home cells 112-119: 3+1+1+3, 2+0+2, 1.
    EXPECT_EQ(counts(eval, entrance_and_tip(rules), 0).count[Lateral], 13);
    // The centre (61) is on every line; cell 62 one column right of it is 2 off.
    const Position centre = two_player(rules, {61, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {112, 113, 114, 115, 116, 117, 118, 119, 120, 57});
    const Position right = two_player(rules, {62, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {112, 113, 114, 115, 116, 117, 118, 119, 120, 57});
    EXPECT_EQ(counts(eval, centre, 0).count[Lateral], 0);
    EXPECT_EQ(counts(eval, right, 0).count[Lateral], 2);
    // Camp 4's pieces in its goal do not count; its piece on 57 (q -4, r 0) is 8 off.
    EXPECT_EQ(counts(eval, right, 3).count[Lateral], 8);
}

TEST(HalmaEvalTerms, AForwardJumpNeedsAPieceInFrontAndAnEmptyCellBeyond) {
    const Rules rules = make_rules(2);
    const Evaluator eval(rules);
    // Camp 1: nine goal pieces and one on the centre (61); camp 4's piece on 52,
    // up and right of 61, with 42 empty beyond it (6 steps from the tip against 8).
    const Position hop = two_player(rules, {61, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {52, 112, 113, 114, 115, 116, 117, 118, 119, 120});
    EXPECT_EQ(counts(eval, hop, 0).count[ForwardJump], 1);
    // The blocker two rows away: no hop.
    const Position none = two_player(rules, {61, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {30, 112, 113, 114, 115, 116, 117, 118, 119, 120});
    EXPECT_EQ(counts(eval, none, 0).count[ForwardJump], 0);
    // The landing cell taken: no hop.
    const Position taken = two_player(rules, {61, 42, 1, 2, 3, 4, 5, 6, 7, 8}, {52, 112, 113, 114, 115, 116, 117, 118, 119, 120});
    EXPECT_EQ(counts(eval, taken, 0).count[ForwardJump], 0);
    // Backward hops do not count: camp 4's piece on 52 could hop 61 onto 70 (towards
    // its goal, so it counts for camp 4).
    EXPECT_EQ(counts(eval, hop, 3).count[ForwardJump], 1);
}

TEST(HalmaEvalTerms, OthersInTheGoalCountOnlyWithAntiBlocking) {
    const Rules on = make_rules(2);
    const Rules off = make_rules(2, Variant::Chinese, {{"anti-blocking", "false"}});
    const auto bottom = {61, 3, 4, 5, 6, 7, 8, 9, 10, 41};
    const auto top = {2, 112, 113, 114, 115, 116, 117, 118, 119, 120};
    EXPECT_EQ(counts(Evaluator(on), two_player(on, bottom, top), 0).count[OthersInGoal], 1);
    EXPECT_EQ(counts(Evaluator(off), two_player(off, bottom, top), 0).count[OthersInGoal], 0);
}

// The first evaluation's cost, written out as it was before the terms were collected.
int first_cost(const Rules& rules, const Position& p, int camp) {
    const int tip = rules.goal_tip(camp);
    int full = 0;
    for (u128 b = rules.goal(camp); b;) full += topology.distance[pop_lowest(b)][tip];
    std::array<int, 15> d{};
    int k = 0, total = 0;
    for (u128 b = p.pieces[camp]; b && k < 15; ++k) total += d[k] = topology.distance[pop_lowest(b)][tip];
    int lag = 0;
    for (int i = 0; i < k; ++i) lag += std::max(0, d[i] * k - total - 4 * k);
    const int missing = rules.pieces_per_player() - goal_pieces(rules, p, camp);
    return std::min(100 * std::max(0, total - full) + 60 * missing + (k ? 50 * lag / k : 0), Evaluator::MaxCost);
}

TEST(HalmaEvalTerms, TheFirstWeightsKeepTheFirstCostAndSinksAgreeAlongRandomGames) {
    std::mt19937_64 rng(11);
    for (const Variant variant : {Variant::Chinese, Variant::Diamond})
        for (int players : {2, 3, 4, 6}) {
            if (variant == Variant::Diamond && players > 3) continue;
            const Rules rules = make_rules(players, variant);
            const Evaluator first(rules, first_weights());
            Weights w = first_weights();
            const std::array<int, TermCount> extra{0, 0, 0, 0, 37, 21, -5, -13, 9, 17, 11, -40};
            for (std::size_t t = 0; t < TermCount; ++t)
                if (t != StragglerSlack) w.value[t] += extra[t];
            const Evaluator tuned(rules, w);
            Position p = start_position(rules);
            MoveList list;
            for (int ply = 0; ply < 300 && !p.over; ++ply) {
                for (int seat = 0; seat < players; ++seat) {
                    const int camp = rules.seat(seat);
                    ASSERT_EQ(first.cost(p, camp), first_cost(rules, p, camp)) << "ply " << ply;
                    const auto c = counts(tuned, p, camp);
                    double sum = 0;
                    for (std::size_t t = 0; t < TermCount; ++t)
                        if (t != StragglerSlack) sum += w.value[t] * c.count[t];
                    const double expected = std::clamp(sum, 0.0, double{Evaluator::MaxCost});
                    EXPECT_NEAR(tuned.cost(p, camp), expected, 1.0) << "ply " << ply;
                }
                MoveGen::generate(rules, p, list);
                p = play(rules, p, list[rng() % list.size()]);
            }
        }
}

TEST(HalmaEvalTerms, TheHalmaSectionIsTheFirstEvaluationAndDiamondKeepsIt) {
    EXPECT_EQ(builtin_weights("halma"), first_weights());
    EXPECT_EQ(builtin_weights("diamond"), first_weights());
}

TEST(HalmaEvalTerms, TwoPlayerScoreCountsAreTheOpponentsMinusOwn) {
    const Rules rules = make_rules(2);
    const Evaluator eval(rules);
    const Position p = entrance_and_tip(rules);
    const auto s = eval.score_counts(p, 0, 3);
    const auto mine = counts(eval, p, 0), theirs = counts(eval, p, 3);
    for (std::size_t t = 0; t < TermCount; ++t) EXPECT_DOUBLE_EQ(s.count[t], theirs.count[t] - mine.count[t]);
    double score = 0;
    for (std::size_t t = 0; t < TermCount; ++t)
        if (t != StragglerSlack) score += builtin_weights().value[t] * s.count[t];
    EXPECT_NEAR(eval.score(p, 0, 3), score, 1.0);
}

}  // namespace
}  // namespace damier::halma
