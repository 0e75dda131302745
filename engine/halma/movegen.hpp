// The Chinese checkers move generator.
//
// A move is (from, to): a step to an adjacent empty cell, or any cell reached by a
// chain of jumps. The cells a piece reaches by jumping are computed as a closure
// over 128-bit sets: a work set of landing cells is drained one cell at a time,
// each adding the empty cells beyond its occupied neighbours (the precomputed jump
// table) that were not reached before. Every cell is expanded once, so the cost
// is linear in the cells reached, and paths never need to be enumerated: two
// chains with the same ends are one move by construction. The moving piece has
// left its origin, which is empty (and not jumpable) during the chain.
//
// Options: goal-lock narrows the landing cells of a piece standing in its goal to
// the goal; diamond narrows landings to the hexagon, own camp and goal, forbids
// jumping kings and lets a king jump a whole line of men; swap adds moves into
// goal cells held by other players, decided on the board with that cell emptied.
// Steps and jumps of men never share (from, to) (jumps keep the parity of both
// coordinates); a king's chain can end next to its origin and is then the step.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "engine/halma/position.hpp"
#include "engine/halma/rules.hpp"

namespace damier::halma {

class MoveGen {
public:
    // Cells reached by a man's jump chains from `from` (origin excluded): jumps go
    // over a cell of `jumpable` onto a cell of `landable`.
    static u128 jump_closure(int from, u128 jumpable, u128 landable) {
        const u128 origin = bit_at<u128>(from);
        u128 seen = origin, todo = origin;
        while (todo) {
            const auto& j = topology.jumps[pop_lowest(todo)];
            for (int k = 0; k < j.count; ++k) {
                if (!((jumpable >> j.over[k]) & 1)) continue;
                const u128 land = bit_at<u128>(j.land[k]);
                if (landable & land & ~seen) {
                    seen |= land;
                    todo |= land;
                }
            }
        }
        return seen & ~origin;
    }

    // Cells reached by a diamond king's chains: each jump passes a straight unbroken
    // line of one or more men (a king in the line blocks it) and lands on the first
    // empty cell after it, which must be landable.
    static u128 king_closure(int from, u128 occupied, u128 kings, u128 landable) {
        const u128 origin = bit_at<u128>(from);
        u128 seen = origin, todo = origin;
        while (todo) {
            const int c = pop_lowest(todo);
            for (int d = 0; d < 6; ++d) {
                const auto& ray = topology.rays[c][d];
                int k = 0;
                while (k < ray.length && ((occupied >> ray.cells[k]) & 1)) {
                    if ((kings >> ray.cells[k]) & 1) break;
                    ++k;
                }
                if (k == 0 || k == ray.length || ((occupied >> ray.cells[k]) & 1)) continue;
                const u128 land = bit_at<u128>(ray.cells[k]);
                if (landable & land & ~seen) {
                    seen |= land;
                    todo |= land;
                }
            }
        }
        return seen & ~origin;
    }

    // All legal moves of the side to move: nothing when the game is over, a single
    // pass when the player cannot move.
    //
    // The order is the mover's own, from its rear forwards: cells in increasing
    // number for a camp whose goal lies at higher numbers (camp 4 from the top),
    // in decreasing number otherwise (camp 1). The board turned half a turn then
    // lists the turned moves in the same order, so the search breaks ties between
    // equal moves the same way for both seats; with the cell numbers' order for
    // every camp, camp 4 won 70% of two-player self-play whoever moved first
    // (eval/halma/SPRT.md).
    static void generate(const Rules& rules, const Position& p, MoveList& out) {
        out.clear();
        if (p.over) return;
        const bool descending = topology.tip[opposite(p.side)] < topology.tip[p.side];
        for_each_piece(rules, p, descending, [&](int from, u128 steps, u128 jumps, MoveKind step, MoveKind jump) {
            for (u128 b = steps; b;) out.push(Move::make(from, pop_first(b, descending), step));
            for (u128 b = jumps; b;) out.push(Move::make(from, pop_first(b, descending), jump));
        });
        if (out.empty()) out.push(Move::pass());
    }

    // generate().size() without building the list (bulk perft).
    static std::size_t count(const Rules& rules, const Position& p) {
        if (p.over) return 0;
        std::size_t n = 0;
        if (simple(rules)) {
            const u128 own = p.pieces[p.side], empty = topology.all & ~p.occupied;
            for (u128 b = own; b;) {
                const int from = pop_lowest(b);
                const u128 origin = bit_at<u128>(from);
                n += static_cast<std::size_t>(popcount(topology.neighbours[from] & empty) +
                                              popcount(jump_closure(from, p.occupied & ~origin, empty | origin)));
            }
        } else {
            for_each_piece(rules, p, false, [&](int, u128 steps, u128 jumps, MoveKind, MoveKind) {
                n += static_cast<std::size_t>(popcount(steps) + popcount(jumps));
            });
        }
        return n ? n : 1;
    }

private:
    static bool simple(const Rules& rules) {
        return !rules.diamond() && !rules.settings().goal_lock && !rules.settings().swap;
    }

    // Removes and returns the lowest cell of a non-empty set, or the highest when descending.
    static int pop_first(u128& b, bool descending) {
        if (!descending) return pop_lowest(b);
        const auto high = static_cast<std::uint64_t>(b >> 64);
        const int cell = high ? 127 - std::countl_zero(high) : 63 - std::countl_zero(static_cast<std::uint64_t>(b));
        b ^= bit_at<u128>(cell);
        return cell;
    }

    // Calls f(from, step targets, jump targets, kinds) for each piece of the side to
    // move (from the highest cell when descending): once for ordinary moves, once more
    // for swaps when the option is on.
    template <class F>
    static void for_each_piece(const Rules& rules, const Position& p, bool descending, F&& f) {
        const int me = p.side;
        const u128 own = p.pieces[me], empty = topology.all & ~p.occupied;
        const u128 goal = rules.goal(me);
        const bool goal_lock = rules.settings().goal_lock;
        const bool swap = rules.settings().swap;
        const u128 swappable = swap ? goal & p.occupied & ~own : 0;
        for (u128 b = own; b;) {
            const int from = pop_first(b, descending);
            const u128 origin = bit_at<u128>(from);
            u128 allowed = rules.allowed(me);
            if (goal_lock && (goal & origin)) allowed &= goal;
            const u128 landable = (empty | origin) & allowed;
            const u128 steps = topology.neighbours[from] & empty & allowed;
            u128 jumps;
            // A king's line jumps also reach odd distances, adjacent cells included:
            // such a (from, to) is one move, written as the step.
            if (p.kings & origin) jumps = king_closure(from, p.occupied & ~origin, p.kings, landable) & ~steps;
            else jumps = jump_closure(from, p.occupied & ~origin & ~p.kings, landable);
            f(from, steps, jumps, MoveKind::Step, MoveKind::Jump);
            if (!swappable) continue;
            u128 swap_steps = 0, swap_jumps = 0;
            for (u128 g = swappable & allowed; g;) {
                const int cell = pop_lowest(g);
                const u128 target = bit_at<u128>(cell);
                if (topology.neighbours[from] & target) swap_steps |= target;
                else if (jump_closure(from, p.occupied & ~origin & ~target, landable | target) & target)
                    swap_jumps |= target;
            }
            f(from, swap_steps, swap_jumps, MoveKind::SwapStep, MoveKind::SwapJump);
        }
    }
};

}  // namespace damier::halma
