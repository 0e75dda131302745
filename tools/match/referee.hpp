// The runner's referee: the rules library checks every move an engine plays,
// applies each rule set's game end and draw rules, and writes the record. One
// implementation for every rule set of the registry, over the engine's runtime
// game interface (engine/any_game.hpp); the engines see only Hub text.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/any_game.hpp"
#include "engine/core/result.hpp"

namespace damier::match {

struct GameEnd {
    std::vector<double> places;  // per seat: 1 = first; shared places averaged
    std::string reason;
};

class Referee {
public:
    virtual ~Referee() = default;

    virtual int seats() const = 0;
    // The seat to move: draughts 0 = white, 1 = black; Chinese checkers the index
    // in the seating order of the rules.
    virtual int to_move() const = 0;
    // The pos arguments for the engines: the opening position and every move since.
    virtual std::string position_argument() const = 0;
    // Checks a move in Hub notation and plays it; "" or why it is illegal.
    virtual std::string play(const std::string& move) = 0;
    // The seat `seat` leaves the game (crash, time, illegal move): it loses
    // (draughts) or takes the worst free place (Chinese checkers).
    virtual void forfeit(int seat, const std::string& reason) = 0;
    // A decision from outside the rules (adjudication by scores).
    virtual void adjudicate(const GameEnd& end) = 0;
    // The game stops unfinished (the runner's move cap): the players still in it
    // share the places left; forfeited and finished players keep theirs.
    virtual void stop_unfinished(const std::string& reason) = 0;
    virtual std::optional<GameEnd> result() const = 0;
    virtual int plies() const = 0;
    // For the records: the opening as text (PDN FEN, or the Chinese checkers
    // string) and the moves played in the notation the record uses.
    virtual std::string opening_text() const = 0;
    // Whether the opening has the rule set's second mover to move (a record then
    // starts with "1..."): black in international draughts, white in american.
    virtual bool opening_mid_move() const { return false; }
    virtual const std::vector<std::string>& record_moves() const = 0;
    // The board as text (the demo).
    virtual std::string diagram() const = 0;
};

// A game of rule set `variant` with its rules `options` (as the registry names
// them), from `position` (draughts: a PDN FEN or Hub position; Chinese checkers: a
// position string; empty: the start position).
Result<std::unique_ptr<Referee>> make_referee(const std::string& variant, const OptionValues& options,
                                              const std::string& position);

}  // namespace damier::match
