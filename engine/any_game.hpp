// One game of any registered rule set behind one runtime interface (after
// OpenSpiel's State): positions and moves as text, the legal moves with what they
// capture, play and undo, the result and the draw counters, the diagram. Front
// ends (the match runner's referee, a web board, DXP) use it; the search and perft
// use the templated rules underneath, never this interface.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"
#include "engine/rule_sets.hpp"

namespace damier {

struct LegalMove {
    std::string text;           // the move in the rule set's Hub notation
    std::string record_text;    // as a game record writes it (PDN for draughts)
    std::vector<int> captured;  // squares taken, in the rule set's numbering (draughts)
    std::vector<int> path;      // origin, each landing square, destination (a capture's path)
};

struct FinalResult {
    std::vector<double> places;  // per seat: 1 = first; shared places averaged
    std::string reason;
};

class AnyGame {
public:
    virtual ~AnyGame() = default;

    virtual const RuleSetInfo& rule_set() const = 0;
    // The PDN GameType tag of the rule set ("" when it has none).
    std::string_view pdn_gametype() const { return rule_set().pdn_gametype; }
    virtual int seats() const = 0;
    // The seat to move: draughts 0 = white, 1 = black; Chinese checkers the index
    // in the rules' seating order.
    virtual int to_move() const = 0;

    // The position in the Hub notation of the rule set.
    virtual std::string position() const = 0;
    // Starts over from `text` (Hub position; for draughts a PDN FEN too); "" or the error.
    virtual std::string set_position(std::string_view text) = 0;
    // The position as a game record's header gives it (PDN FEN, Chinese checkers string).
    virtual std::string record_position() const = 0;

    // Fields the Hub `pos` command needs besides pos= and moves= (Chinese checkers:
    // resigned= and ply= once a player has resigned), as name and value.
    virtual std::vector<std::pair<std::string, std::string>> position_fields() const { return {}; }
    // Starts over from `text` with such fields (their names as position_fields()
    // gives them); "" or the error. A rule set without fields refuses any.
    virtual std::string set_position_with(std::string_view text,
                                          const std::vector<std::pair<std::string, std::string>>& fields) {
        if (!fields.empty()) return "no position field such as " + fields.front().first + " in this rule set";
        return set_position(text);
    }
    // Whether the rule set's second mover is to move (a record then starts with "1...").
    virtual bool second_mover_to_move() const { return false; }

    virtual std::vector<LegalMove> legal_moves() const = 0;
    // Checks a move (Hub notation, or PDN for draughts) and plays it: the move as
    // played, or why it is illegal.
    virtual Result<LegalMove> play(std::string_view move) = 0;
    // Takes back the last move played; false at the start.
    virtual bool undo() = 0;
    // Seat `seat` leaves the game for `reason` (a forfeit): in draughts it loses;
    // in Chinese checkers its pieces stay and it is skipped (rule 9).
    virtual void resign(int seat, const std::string& reason) = 0;

    // The game's end by the rules (or a resignation); none while it goes on.
    virtual std::optional<FinalResult> result() const = 0;
    // The places if the game stopped now, unfinished: the players still in it share
    // the places left; finished and resigned players keep theirs.
    virtual FinalResult stopped(const std::string& reason) const = 0;
    // The counters of the draw rules, e.g. "repetitions=1 quiet-plies=4/50".
    virtual std::string draw_state() const = 0;
    virtual std::string diagram() const = 0;
};

// Rules options by name, as the registry lists them (game_options()).
using OptionValues = std::vector<std::pair<std::string, std::string>>;

// A game of rule set `name` at its start position, with `options` applied;
// an error names an unknown rule set, an option that does not apply or a bad value.
Result<std::unique_ptr<AnyGame>> make_game(std::string_view name, const OptionValues& options = {});
// The options that rule set `name` takes (a subset of game_options()).
std::vector<GameOption> options_of(std::string_view name);

}  // namespace damier
