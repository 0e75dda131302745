// The moves that lead from a draughts rule set's start position to an opening
// position, so that a game record can start from the start as other programs
// read it (most PDN readers take no FEN setup, or only some).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace damier::match {

// The shortest sequence of PDN moves, at most `max_plies` long, from the start
// position of `variant` to the position of `fen`; nullopt when there is none (a
// setup such as an 11-man ballot, or a position further from the start).
std::optional<std::vector<std::string>> opening_moves(const std::string& variant, bool nocapture, const std::string& fen,
                                                      int max_plies = 8);

}  // namespace damier::match
