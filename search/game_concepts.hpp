// What the search needs from a game. The search never names a game family: each
// family provides an adapter (eval/<family>/searchable.hpp) that binds its rules
// (engine/) and its evaluation (eval/) to these concepts.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>

#include "search/score.hpp"

namespace damier::search {

// A game of two players taking turns, zero-sum: a score for one side is the
// negation of the other's. Move order of legal_moves() must be deterministic.
template <class G>
concept TwoPlayerGame = requires(G& g, const G& cg, const typename G::Move& m, typename G::MoveList& list) {
    typename G::Move;
    typename G::MoveList;
    { cg.key() } -> std::same_as<std::uint64_t>;  // position key (side to move included)
    cg.legal_moves(list);                          // empty list: the side to move has lost
    { list.size() } -> std::convertible_to<std::size_t>;
    { list[std::size_t{}] } -> std::convertible_to<typename G::Move>;
    g.play(m);
    g.undo();
    // True when the game is drawn by rule here (repetition, move counters). Search
    // counts a single repetition since the root as a draw.
    { cg.drawn() } -> std::same_as<bool>;
    { cg.evaluate() } -> std::same_as<Score>;  // static score, side to move's view
    // True when the side to move must play a forcing move (a capture in draughts):
    // quiescence search goes on through such positions instead of standing pat.
    { cg.forcing() } -> std::same_as<bool>;
    // Captures and promotions: ordered by the generator, not by killers/history.
    { cg.is_tactical(m) } -> std::same_as<bool>;
    // A small index per move (origin and destination) for history tables.
    { cg.history_slot(m) } -> std::convertible_to<std::size_t>;
    { G::history_slots } -> std::convertible_to<std::size_t>;
};

inline constexpr int MaxPlayers = 6;
// Per seat values; every vector a game returns sums to zero (constant sum), and
// each entry lies in [-Win, Win].
using Values = std::array<Score, MaxPlayers>;

// A game of 2-6 seats taking turns (Chinese checkers). Seats that are out of the
// game are skipped by the game itself; a player without a move passes (a pass is
// a legal move), so legal_moves() is empty only when the game is over.
template <class G>
concept MultiPlayerGame = requires(G& g, const G& cg, const typename G::Move& m, typename G::MoveList& list, int seat) {
    typename G::Move;
    typename G::MoveList;
    { cg.players() } -> std::same_as<int>;  // seats, 2..6
    { cg.to_move() } -> std::same_as<int>;  // seat index 0..players()-1
    { cg.key() } -> std::same_as<std::uint64_t>;
    cg.legal_moves(list);
    { list.size() } -> std::convertible_to<std::size_t>;
    { list[std::size_t{}] } -> std::convertible_to<typename G::Move>;
    g.play(m);
    g.undo();
    // Gives the turn to `seat` as if every seat between had passed (best-reply
    // search); undo() takes it back.
    g.give_turn(seat);
    { cg.over() } -> std::same_as<bool>;
    // Final values when over(), heuristic values otherwise.
    { cg.values() } -> std::same_as<Values>;
    { cg.history_slot(m) } -> std::convertible_to<std::size_t>;
    { G::history_slots } -> std::convertible_to<std::size_t>;
};

// Optional for a MultiPlayerGame: the index in `list` (the legal moves of the
// seat to move) of the move that seat most likely plays, by a quick look without
// search. BRS+ plays it for the opponents it does not search; without it, the
// first move listed.
template <class G>
concept LikelyMoves = requires(const G& cg, const typename G::MoveList& list) {
    { cg.likely_move(list) } -> std::convertible_to<std::size_t>;
};

// Optional for a MultiPlayerGame whose final values (at over()) depend on the
// plies the game took, as a faster win is bigger: ply() counts the plies since
// the game object's start, and final_value_later(v, k) is the final value v of a
// seat had the game ended k plies later (earlier when k < 0). The search then
// keeps final values in its table relative to the node (as mate scores), so an
// entry stays right when its position is reached at another ply.
template <class G>
concept FinalValuesByPly = requires(const G& cg, Score s, int plies) {
    { cg.ply() } -> std::same_as<int>;
    { cg.final_value_later(s, plies) } -> std::same_as<Score>;
};

}  // namespace damier::search
