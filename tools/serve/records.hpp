// The record of a web-board game: PDN for draughts (the match runner's writer),
// a tagged list of moves for Chinese checkers, in the spirit of PDN.
#pragma once

#include <string>
#include <vector>

#include "engine/any_game.hpp"

namespace damier::serve {

struct GameText {
    const AnyGame& game;                    // as it stands now (its result, if over)
    const std::vector<std::string>& names;  // per seat
    const std::vector<std::string>& moves;  // record form, from the start
    std::string start;                      // the Hub start position
    bool from_rules_start = true;           // no FEN / position tag needed
    std::string start_record;               // the start as a record header gives it
    bool second_mover_first = false;        // a draughts record then starts "1..."
};

std::string record_text(const GameText& text);

}  // namespace damier::serve
