// The current game behind the Hub loop: one small interface, implemented once
// for every draughts rule set (a template) and once for Chinese checkers. The
// loop calls it once per command, never per node.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "engine/core/result.hpp"
#include "eval/draughts/patterns.hpp"
#include "eval/weights_file.hpp"
#include "protocol/hub_line.hpp"
#include "protocol/hub_options.hpp"
#include "protocol/search_report.hpp"
#include "search/alphabeta.hpp"
#include "search/multiplayer.hpp"

namespace damier::hub {

enum class GoMode { Think, Ponder, Analyze };

struct SearchRequest {
    search::Limits limits;
    GoMode mode = GoMode::Think;
    int threads = 1;
    search::MultiAlgorithm algorithm = search::DefaultMultiAlgorithm;
    bool algebraic = false;  // moves out in algebraic notation (draughts rule sets that have it)
};

// Receives each iteration of a search, before its result.
using Emit = std::function<void(const SearchInfo&)>;

// Refuses table sizes over 3/4 of this machine's memory ("" when it fits): a
// bigger request would have the system kill the process when the table is filled.
std::string check_memory(std::size_t mebibytes);

// The transposition table of the two-player searches, shared by the sessions
// so that changing the variant does not allocate a second one.
struct SharedTable {
    search::TranspositionTable table{1};
    std::size_t mebibytes = 1;
    // Resizes when the size changed; returns "" or why it could not (the old
    // table then stays).
    std::string ensure(std::size_t wanted);
};

class Session {
public:
    virtual ~Session() = default;

    // `pos`: pos=<string> or start (the default), then moves="...". A bad position
    // keeps the previous position and moves; a bad move keeps the moves before it.
    // Returns "" or the error.
    virtual std::string set_position(const Line& line) = 0;
    // Why the current position cannot be searched ("" when it can).
    virtual std::string cannot_search() const = 0;
    // Allocates what searches need (tables of hash_mib MiB); returns "" or the error.
    virtual std::string prepare(std::size_t hash_mib) = 0;
    // Searches the current position until the limits or control end it, emitting
    // each iteration; returns the move chosen. Requires cannot_search() == "".
    virtual SearchResult search(const SearchRequest& request, search::Control& control, const Emit& emit) = 0;
    // Forgets what earlier searches learnt, tables and move history (new-game).
    virtual void forget_searches() = 0;
    // Evaluates with the built-in weights overridden by `file` (none: built-in only).
    virtual void set_weights(const eval::WeightsFile* file) = 0;
    // Evaluates with the pattern table of `file` (none: the built-in table, if
    // any); returns "" or why the file does not apply to these rules (it is then
    // not used).
    virtual std::string set_patterns(std::shared_ptr<const eval::draughts::PatternFile> file) = 0;
    // Probes the endgame databases in `folder` (empty: none); returns "" or one
    // line per unusable file (the search then goes on without those tables).
    virtual std::string set_egdb_path(const std::string& folder) {
        (void)folder;
        return {};
    }
    // The position as a board diagram (`show`).
    virtual std::string show() const = 0;
};

// The session for the rules the options name, at their start position.
// `warning` receives a note when an option does not apply to these rules.
Result<std::unique_ptr<Session>> make_session(const Options& options, SharedTable& table, std::string& warning);

std::unique_ptr<Session> make_draughts_session(std::string_view variant, bool optional_capture, SharedTable& table,
                                               std::string& error);
Result<std::unique_ptr<Session>> make_halma_session(const Options& options, SharedTable& table,
                                                    std::string& warning);

// Plays the `moves` list of a pos line in order: `play` reads and plays one
// move, returning "" or why it is refused. Stops at the first refused move and
// returns the error naming it ("" when all were played).
std::string play_moves(const Line& line, const std::function<std::string(std::string_view)>& play);

}  // namespace damier::hub
