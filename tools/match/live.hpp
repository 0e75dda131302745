// The live feed of a match (--live FILE): one JSON line after every move and at
// the end of every game, for a viewer that follows the file (damier-serve's
// watch page). Each line is whole: the game's Hub position argument (start,
// moves, fields), so a reader needs no earlier line to draw the board.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tools/match/referee.hpp"

namespace damier::match {

// {"game": N (from 1), "variant", "options": {...}, "seats": [names], "pos": the
// Hub pos arguments, "plies", "over", and when over "places" and "reason"}.
std::string live_line(int game, const std::string& variant,
                      const std::vector<std::pair<std::string, std::string>>& options,
                      const std::vector<std::string>& seats, const Referee& referee);

}  // namespace damier::match
