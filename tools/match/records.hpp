// The game records: PDN for draughts games, a PDN-like text for Chinese checkers.
#pragma once

#include <string>

#include "engine/halma/rules.hpp"
#include "tools/match/game.hpp"
#include "tools/match/tournament.hpp"

namespace damier::match {

// One draughts game in PDN 3.0.
std::string pdn_text(const MatchSettings& s, const GameRecord& r);

// A Chinese checkers game record: PDN-like tags, then the moves with comments.
std::string halma_record_text(const MatchSettings& s, const GameRecord& r, const halma::Rules& rules);

// A place as the records and the console write it: 1, 1.5, 2.
std::string format_place(double p);

}  // namespace damier::match
