// Chinese checkers notation (the Hub protocol extensions for Chinese checkers).
//
// Position string: the camp digit (1..6) of the player to move, then one
// character per cell 1..121: `e` empty, `1`..`6` a piece of the player who
// started in that camp, `A`..`F` the king of camp 1..6 (diamond only). The
// resigned players and the turn counter travel separately (`resigned="3 5"`,
// `ply=<n>`).
//
// Moves use cell numbers 1..121: `from-to` for a step, `fromxto` or a full chain
// `fromxaxbxto` for jumps (any valid chain is read; the shortest chain is
// written), `pass` when the player has no legal move. Swaps are written like
// the step or jump they replace.
#pragma once

#include <string>
#include <string_view>

#include "engine/core/result.hpp"
#include "engine/halma/game.hpp"

namespace damier::halma {

std::string position_string(const Position& p);

// Reads a position string. `resigned` is a set of camps (bit c = camp c + 1),
// `ply` the turns already played. Never throws; errors are one line.
Result<Position> parse_position(const Rules& rules, std::string_view text, unsigned resigned = 0,
                                std::uint32_t ply = 0);
// Reads a list of camp numbers such as "3 5" into a camp set.
Result<unsigned> parse_camps(std::string_view text);

// The move in notation; m must be legal in p. Jumps are printed as a shortest chain.
std::string move_string(const Rules& rules, const Position& p, const Move& m);
// Reads a move and checks that it is legal in p.
Result<Move> parse_move(const Rules& rules, const Position& p, std::string_view text);

}  // namespace damier::halma
