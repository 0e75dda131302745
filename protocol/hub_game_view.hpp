// The game as a GUI sees it through the Hub: the rules library's AnyGame kept in
// step with every `pos` and change of rules, so that `moves` and `status` answer
// from the referee's code (legal moves with their PDN form, captured squares and
// paths; the result and the draw counters) rather than from the search's.
#pragma once

#include <memory>
#include <string>

#include "engine/any_game.hpp"
#include "protocol/hub_line.hpp"
#include "protocol/hub_options.hpp"

namespace damier::hub {

// The rules options of `options` that apply to its variant, for make_game().
OptionValues rule_options(const Options& options);

// One `moves` line: count=N, then parallel lists with one entry per legal move,
// in the same order: hub= (Hub form), pdn= (record form), captured= (squares
// joined by ',' or '-' for none) and path= (origin, landings, destination joined
// by ',' or '-' for a pass).
std::string moves_line(const AnyGame& game);
// One `status` line: variant, side to move, over=, result and places when over,
// the draw counters and the position.
std::string status_line(const AnyGame& game);

class GameView {
public:
    // Starts the game of the options' rules at its start position.
    void reset(const Options& options);
    // Mirrors `pos`: the start position (pos=, fen=, Chinese checkers fields) and the
    // moves up to the first refused one, as the session plays them. A position the
    // session refused leaves the game as it was.
    void set_position(const Line& line);
    const AnyGame* game() const { return game_.get(); }

private:
    std::unique_ptr<AnyGame> game_;
    std::string start_;  // the start position of the rules
};

}  // namespace damier::hub
