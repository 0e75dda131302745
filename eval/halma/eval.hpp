// Chinese checkers evaluation: a cost per player (what is left to do) turned into
// the two-player score and the per-seat value vector of the multi-player search.
//
// Cost of a player, in centi-steps (eval/halma/weights.hpp): the step distance of
// each piece to its goal tip, summed, above the sum of a full goal; a charge per
// piece outside the goal; a charge per step a piece lags behind its side's mean
// beyond a slack. The distances come from per-camp tables built once.
//
// Values per seat (search::Values, seat order of the rules): they sum to zero
// and stay within [-Win, Win].
// - Placed players (finished or resigned) are worth their place: place p of n
//   gives (n + 1 - 2p) * M, from (n - 1) * M for the winner down to -(n - 1) * M,
//   with M = (Win - ply) / (n - 1): the sooner a game is decided, the bigger
//   the win, so the search prefers the fastest win. A game over is all places.
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

    explicit Evaluator(const Rules& rules, const Weights& weights = builtin_weights()) : rules_(rules), weights_(weights) {
        for (int camp = 0; camp < CampCount; ++camp) {
            const int tip = rules.goal_tip(camp);
            for (int cell = 0; cell < CellCount; ++cell) distance_[camp][cell] = topology.distance[cell][tip];
            full_goal_[camp] = 0;
            for (u128 b = rules.goal(camp); b;) full_goal_[camp] += distance_[camp][pop_lowest(b)];
        }
        for (int seat = 0; seat < rules.seat_count(); ++seat) seat_of_camp_[rules.seat(seat)] = seat;
    }

    const Rules& rules() const { return rules_; }
    const Weights& weights() const { return weights_; }
    int seat_of(int camp) const { return seat_of_camp_[camp]; }

    // What the camp's player still has to do, in [0, MaxCost].
    int cost(const Position& p, int camp) const {
        const auto& dist = distance_[camp];
        std::array<int, 15> d{};
        int k = 0, total = 0;
        for (u128 b = p.pieces[camp]; b && k < 15; ++k) total += d[k] = dist[pop_lowest(b)];
        // Lag beyond the slack, summed in units of 1/k step to stay in integers.
        int lag = 0;
        for (int i = 0; i < k; ++i) lag += std::max(0, d[i] * k - total - weights_[StragglerSlack] * k);
        const int missing = rules_.pieces_per_player() - goal_pieces(rules_, p, camp);
        const int c = weights_[Progress] * std::max(0, total - full_goal_[camp]) + weights_[GoalPiece] * missing +
                      (k ? weights_[Straggler] * lag / k : 0);
        return std::min(c, MaxCost);
    }

    // The two-player score of `camp` against `other`: positive when camp is ahead.
    // Swapping the two negates it exactly.
    search::Score score(const Position& p, int camp, int other) const { return cost(p, other) - cost(p, camp); }

    search::Values values(const Position& p) const {
        using search::Win;
        const int n = rules_.players();
        search::Values v{};
        // M: the value of one place, shrinking as the game goes on (faster wins first).
        const int unit = (Win - static_cast<int>(std::min<std::uint32_t>(p.ply, Win / 2))) / (n - 1);
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

private:
    Rules rules_;
    Weights weights_;
    std::array<std::array<int, CellCount>, CampCount> distance_{};
    std::array<int, CampCount> full_goal_{};
    std::array<int, CampCount> seat_of_camp_{};
};

}  // namespace damier::halma
