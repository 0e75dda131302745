// Search scores: centi-men (draughts) or centi-cells (Chinese checkers) from one
// player's point of view, with wins and losses encoded by distance in plies so the
// search prefers the fastest win and the slowest loss.
#pragma once

#include <cstdint>

namespace damier::search {

using Score = std::int32_t;

inline constexpr Score Infinite = 32000;
inline constexpr Score Win = 31000;       // a win at the root; a win in n plies is Win - n
inline constexpr int MaxPly = 128;        // deepest ply the search reaches (extensions included)
inline constexpr Score WinBound = Win - 2 * MaxPly;  // scores above this are wins

// A win known without search (an endgame database): below every mate score and
// above every evaluation, so the search still prefers a mate it sees.
inline constexpr Score KnownWin = 20000;

constexpr Score win_in(int ply) { return Win - ply; }
constexpr Score loss_in(int ply) { return -Win + ply; }
constexpr bool is_decisive(Score s) { return s > WinBound || s < -WinBound; }

// The transposition table stores wins relative to the node, not the root, so an
// entry stays right when reached at another ply.
constexpr Score to_table(Score s, int ply) { return s > WinBound ? s + ply : s < -WinBound ? s - ply : s; }
constexpr Score from_table(Score s, int ply) { return s > WinBound ? s - ply : s < -WinBound ? s + ply : s; }

}  // namespace damier::search
