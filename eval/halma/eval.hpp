// Chinese checkers evaluation: a cost per player (what is left to do) turned into
// the two-player score and the per-seat value vector of the multi-player search.
//
// Cost of a player, in centi-steps (eval/halma/weights.hpp): the step distance of
// each piece to its goal tip, summed, above the sum of a full goal; a charge per
// piece outside the goal; a charge per step a piece lags behind its side's mean
// beyond a slack; and the terms added for tuning (start camp late, goal holes,
// lateral deviation, forward jumps, tapered progress, rearmost piece, others in the
// goal, the move), which weigh 0 in the first evaluation. The distances come from per-camp
// tables built once.
//
// The terms of one player are collected once, by `collect`, into a sink: the
// engine's sink (WeightedSum) multiplies each count by its weight and skips terms
// of weight 0; the tuner's sink (TermCounts) keeps the counts, so the tuner fits
// exactly what the engine computes. Fractional counts (lag per piece, the phase)
// are exact: the weighted sum is kept over a common denominator and rounded once.
//
// Values per seat (search::Values, seat order of the rules): they sum to zero
// and stay within [-Win, Win].
// - Placed players (finished or resigned) are worth their place: place p of n
//   gives (n + 1 - 2p) * M, from (n - 1) * M for the winner down to -(n - 1) * M,
//   with M = Win / (n - 1) (place_unit). A game over is all places, and there M
//   shrinks by one per ply the game took since the search's root (the `ply`
//   argument, capped by final_plies_cap): the sooner the game is decided, the
//   bigger the win, so the search prefers the fastest win. Those are the only
//   values that depend on a ply, and final_value_later() moves one along the
//   plies (the search keeps them relative to the node in its table, as
//   two-player mate scores).
// - The unplaced players share what the placed ones leave (the sum stays zero),
//   each shifted by its cost's distance below the unplaced players' mean cost,
//   scaled down in the rare case that would leave [-Win, Win].
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include "engine/halma/game.hpp"
#include "eval/halma/weights.hpp"
#include "search/game_concepts.hpp"

// search/game_concepts.hpp and score.hpp are headers of plain types and constants:
// eval speaks the search's score scale and value vectors without linking it.

namespace damier::halma {

class Evaluator {
public:
    // Costs are capped here (a start position costs about 13,000 with ten pieces,
    // 19,000 with fifteen), so a two-player score never looks like a decided game.
    static constexpr int MaxCost = 25000;

    // Without weights: the built-in ones of the rules' variant and player count.
    explicit Evaluator(const Rules& rules) : Evaluator(rules, builtin_weights_for(rules)) {}
    Evaluator(const Rules& rules, const Weights& weights) : rules_(rules), weights_(weights) {
        for (int camp = 0; camp < CampCount; ++camp) {
            const int tip = rules.goal_tip(camp);
            for (int cell = 0; cell < CellCount; ++cell) distance_[camp][cell] = topology.distance[cell][tip];
            full_goal_[camp] = 0;
            for (u128 b = rules.goal(camp); b;) {
                const int cell = pop_lowest(b);
                full_goal_[camp] += distance_[camp][cell];
                goal_depth_[camp] = std::max(goal_depth_[camp], int{distance_[camp][cell]});
            }
            start_total_[camp] = 0;
            for (u128 b = rules.home(camp); b;) start_total_[camp] += distance_[camp][pop_lowest(b)];
            span_[camp] = std::max(1, start_total_[camp] - full_goal_[camp]);
            for (int depth = 0; depth < 6; ++depth)
                for (u128 b = rules.goal(camp); b;) {
                    const int cell = pop_lowest(b);
                    if (distance_[camp][cell] < depth) deeper_[camp][depth] |= bit_at<u128>(cell);
                }
            // Off the tip-to-tip line, in half-columns: the line of camps 1 and 4
            // is 2q + r = 0, of camps 2 and 5 q + 2r = 0, of camps 3 and 6 q = r.
            for (int cell = 0; cell < CellCount; ++cell) {
                const int q = topology.q[cell], r = topology.r[cell];
                const int off = camp % 3 == 0 ? 2 * q + r : camp % 3 == 1 ? q + 2 * r : q - r;
                lateral_[camp][cell] = off < 0 ? -off : off;
            }
        }
        anti_blocking_ = rules.settings().anti_blocking && !rules.diamond();
        for (int seat = 0; seat < rules.seat_count(); ++seat) seat_of_camp_[rules.seat(seat)] = seat;
    }

    const Rules& rules() const { return rules_; }
    const Weights& weights() const { return weights_; }
    int seat_of(int camp) const { return seat_of_camp_[camp]; }

    // Calls sink.add(term, numerator, denominator) for every term of the camp's
    // cost (a count numerator / denominator, the denominator 1, the camp's piece
    // count or its phase span), skipping terms for which sink.wants(term) is false.
    template <class Sink>
    void collect(const Position& p, int camp, Sink& sink) const {
        const auto& dist = distance_[camp];
        const u128 own = p.pieces[camp], goal = rules_.goal(camp);
        std::array<int, 15> d{};
        int k = 0, total = 0, rearmost = 0;
        for (u128 b = own; b && k < 15; ++k) {
            total += d[k] = dist[pop_lowest(b)];
            rearmost = std::max(rearmost, d[k]);
        }
        // Lag beyond the slack, summed in units of 1/k step to stay in integers.
        int lag = 0;
        for (int i = 0; i < k; ++i) lag += std::max(0, d[i] * k - total - weights_[StragglerSlack] * k);
        const int missing = rules_.pieces_per_player() - popcount(own & goal);
        const int above = std::max(0, total - full_goal_[camp]);
        sink.add(Progress, above, 1);
        sink.add(GoalPiece, missing, 1);
        if (k) sink.add(Straggler, lag, k);
        // The phase f = advance / span: 0 with the start total, 1 with a full goal.
        const int span = span_[camp];
        const int advance = std::clamp(start_total_[camp] - total, 0, span);
        if (sink.wants(HomeLate)) sink.add(HomeLate, popcount(own & rules_.home(camp)) * advance, span);
        if (sink.wants(ProgressLate)) sink.add(ProgressLate, above * advance, span);
        if (sink.wants(Rearmost)) sink.add(Rearmost, std::max(0, rearmost - goal_depth_[camp]), 1);
        if (sink.wants(GoalHole)) {
            int entrance = -1;  // the own goal piece nearest the entrance
            for (u128 b = own & goal; b;) entrance = std::max(entrance, int{dist[pop_lowest(b)]});
            sink.add(GoalHole, entrance > 0 ? popcount(deeper_[camp][entrance] & ~p.occupied) : 0, 1);
        }
        if (sink.wants(Lateral)) {
            int lateral = 0;
            for (u128 b = own & ~goal; b;) lateral += lateral_[camp][pop_lowest(b)];
            sink.add(Lateral, lateral, 1);
        }
        if (sink.wants(ForwardJump)) {
            int ready = 0;
            for (u128 b = own & ~goal; b;) {
                const int cell = pop_lowest(b);
                const auto& j = topology.jumps[cell];
                for (int i = 0; i < j.count; ++i)
                    if (((p.occupied >> j.over[i]) & 1) && !((p.occupied >> j.land[i]) & 1) && dist[j.land[i]] < dist[cell]) {
                        ++ready;
                        break;
                    }
            }
            sink.add(ForwardJump, ready, 1);
        }
        if (sink.wants(OthersInGoal))
            sink.add(OthersInGoal, anti_blocking_ ? popcount(goal & p.occupied & ~own) : 0, 1);
        if (sink.wants(ToMove)) sink.add(ToMove, p.side == camp ? 1 : 0, 1);
    }

    // The engine's sink: the weighted sum over the common denominator of collect's
    // fractions (pieces times span), so it rounds once.
    struct WeightedSum {
        const Weights& weights;
        long long denominator;
        long long scaled = 0;
        bool wants(Term t) const { return weights[t] != 0; }
        void add(Term t, long long count, long long per) { scaled += weights[t] * count * (denominator / per); }
    };

    // The tuner's sink: the count of every term.
    struct TermCounts {
        std::array<double, TermCount> count{};
        static constexpr bool wants(Term) { return true; }
        void add(Term t, long long c, long long per) { count[t] += static_cast<double>(c) / static_cast<double>(per); }
    };

    // What the camp's player still has to do, in [0, MaxCost].
    int cost(const Position& p, int camp) const {
        const int k = std::max(1, std::min(15, popcount(p.pieces[camp])));
        WeightedSum sum{weights_, static_cast<long long>(k) * span_[camp]};
        collect(p, camp, sum);
        return static_cast<int>(std::clamp<long long>(sum.scaled / sum.denominator, 0, MaxCost));
    }

    // The two-player term counts from `camp`'s point of view against `other`
    // (the score is the weighted sum of these): other's counts minus camp's.
    TermCounts score_counts(const Position& p, int camp, int other) const {
        TermCounts mine, theirs, out;
        collect(p, camp, mine);
        collect(p, other, theirs);
        for (std::size_t t = 0; t < TermCount; ++t) out.count[t] = theirs.count[t] - mine.count[t];
        return out;
    }

    // The two-player score of `camp` against `other`: positive when camp is ahead.
    // Swapping the two negates it exactly.
    search::Score score(const Position& p, int camp, int other) const { return cost(p, other) - cost(p, camp); }

    // The value of one place for `players` players, before a game over's plies.
    static constexpr int place_unit(int players) { return search::Win / (players - 1); }
    // The most plies a game over's place value counts: few enough that the place
    // is read back from any final value (final_value_later).
    static constexpr int final_plies_cap(int players) { return place_unit(players) / (2 * (players - 1)) - 1; }

    // A seat's value at a game over, had the game ended `plies` plies later (earlier
    // when negative): (n + 1 - 2p) * (M - ply) is read back as the place term
    // n + 1 - 2p = round(value / M), exact while ply stays within final_plies_cap.
    static search::Score final_value_later(search::Score value, int players, int plies) {
        const int unit = place_unit(players);
        const int places = (value >= 0 ? value + unit / 2 : value - unit / 2) / unit;
        return value - places * plies;
    }

    // `ply`: the plies the game took since the search's root (only a game over counts them).
    search::Values values(const Position& p, int ply = 0) const {
        using search::Win;
        const int n = rules_.players();
        search::Values v{};
        // M: the value of one place, shrinking with the plies to a game over (faster wins first).
        const int unit = place_unit(n) - (p.over ? std::clamp(ply, 0, final_plies_cap(n)) : 0);
        int placed_sum = 0, unplaced = 0, cost_sum = 0;
        std::array<int, CampCount> cost_of{};
        for (int seat = 0; seat < n; ++seat) {
            const int camp = rules_.seat(seat);
            if (p.place2[camp]) {
                v[seat] = (n + 1 - p.place2[camp]) * unit;
                placed_sum += v[seat];
            } else {
                cost_of[seat] = cost(p, camp);
                cost_sum += cost_of[seat];
                ++unplaced;
            }
        }
        if (!unplaced) return v;
        // Shares of the unplaced players: -placed_sum / unplaced each, plus the
        // distance of their cost below the mean cost.
        const int share = -placed_sum / unplaced;
        const int room = Win - std::abs(share) - 2;
        int widest = 0;
        for (int seat = 0; seat < n; ++seat)
            if (!p.place2[rules_.seat(seat)])
                widest = std::max(widest, std::abs(cost_sum - unplaced * cost_of[seat]) / unplaced);
        int sum = placed_sum;
        for (int seat = 0; seat < n; ++seat) {
            if (p.place2[rules_.seat(seat)]) continue;
            int shift = (cost_sum - unplaced * cost_of[seat]) / unplaced;
            if (widest > room) shift = static_cast<int>(static_cast<long long>(shift) * room / widest);
            v[seat] = share + shift;
            sum += v[seat];
        }
        // Rounding left |sum| < 2 * unplaced: spread it one unit at a time.
        for (int seat = 0; sum != 0; seat = (seat + 1) % n) {
            if (p.place2[rules_.seat(seat)]) continue;
            const int step = sum > 0 ? 1 : -1;
            v[seat] -= step;
            sum -= step;
        }
        return v;
    }

    // How many steps a move brings the camp's piece nearer its goal's tip (a pass: 0).
    int advance(int camp, const Move& m) const { return distance_[camp][m.from] - distance_[camp][m.to]; }

private:
    Rules rules_;
    Weights weights_;
    std::array<std::array<int, CellCount>, CampCount> distance_{};
    std::array<int, CampCount> full_goal_{};
    std::array<int, CampCount> goal_depth_{};   // the goal cell farthest from the tip
    std::array<int, CampCount> start_total_{};  // the total distance of a full start camp
    std::array<int, CampCount> span_{};         // start total minus full goal
    std::array<std::array<u128, 6>, CampCount> deeper_{};  // goal cells nearer the tip than a depth
    std::array<std::array<int, CellCount>, CampCount> lateral_{};
    bool anti_blocking_ = false;
    std::array<int, CampCount> seat_of_camp_{};
};

}  // namespace damier::halma
