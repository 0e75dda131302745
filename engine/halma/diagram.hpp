// Text diagram of a Chinese checkers position for people debugging from a
// terminal (the `show` command).
//
// The 121-cell star is drawn with camp 4 at the top and camp 1 at the bottom, one
// character per cell and neighbours in a row two columns apart, so that each row
// sits half a cell off the next and the hexagonal geometry shows. A cell is `.`
// when empty, `1`..`6` a piece of the player who started in that camp, `A`..`F`
// the king of camp 1..6 (diamond). Below the star: the camp to move (or the end
// of the game), the ply, each seated camp's state, and the position string.
// Lines end in '\n' and carry no trailing blanks.
#pragma once

#include <string>

#include "engine/halma/position.hpp"
#include "engine/halma/rules.hpp"

namespace damier::halma {

std::string diagram(const Rules& rules, const Position& p);

}  // namespace damier::halma
