// Chinese checkers game flow: start positions, playing a move (turn order,
// finishing, the end-of-game rules), resignation and results.
//
// Everything follows the "precise definitions" of engine/halma/RULES.md:
// finishing is checked for every unplaced player after every move (mover first,
// then in turn order); places are stored doubled so that shared places (averaged)
// stay integers; the move limit beats stagnation on the same ply.
#pragma once

#include <vector>

#include "engine/halma/movegen.hpp"

namespace damier::halma {

// The standard start of the seating: every seated camp full, camp 1's player first
// (the lowest seated camp).
Position start_position(const Rules& rules);

// Completes a position whose pieces, side, ply and resignations are set: key,
// players already finished (placed in seating order), end of game, stagnation
// bests. Used for start positions and positions read from text.
Position settle(const Rules& rules, Position p);

// The position after m, which must be legal in p.
Position play(const Rules& rules, const Position& p, const Move& m);

// `camp` resigns (or is eliminated): worst free place, pieces stay, skipped from
// now on. Refused (returns p unchanged) when the camp is not an unplaced seat.
Position resign(const Rules& rules, const Position& p, int camp);

// Whether the camp's player meets its finishing condition on this board.
bool goal_reached(const Rules& rules, const Position& p, int camp);
// Total remaining distance (stagnation rule 6) and pieces in the goal.
int remaining_distance(const Rules& rules, const Position& p, int camp);
int goal_pieces(const Rules& rules, const Position& p, int camp);

struct Standing {
    int camp;      // 0..5
    double place;  // 1..n, shared places averaged; 0 while undecided
    double score;  // (n - place) / (n - 1), 0 while undecided
};
// One entry per seated camp, in seating order.
std::vector<Standing> standings(const Rules& rules, const Position& p);

}  // namespace damier::halma
