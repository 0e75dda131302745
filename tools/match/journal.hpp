// The journal of a run: its first line says which run it is (rule set and
// options, time control, engines with their parameters, openings, limits), then
// one line per finished game. --resume continues a journal of the same run;
// --merge adds up the journals of one run (its shards, or repeats of it) and
// refuses the journal of any other run.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"
#include "tools/match/tournament.hpp"

namespace damier::match {

// A finished game as the statistics need it (from this run or a journal).
struct Finished {
    std::string run;  // the id of the run that played it
    int index = 0, set = 0, rotation = 0;
    std::vector<std::string> seat_names;
    std::vector<double> places;
    std::string reason;
};

// The run line's fields in the order written: id, variant, options (the rule
// parameters), tc, engines (their count), engineN, paramsN, cmdN for each,
// schedule, seats, openings (count:digest), max-plies, margin, adjudication, shard.
using RunFields = std::vector<std::pair<std::string, std::string>>;

// The run line of `settings` under the run id `id`, as read back from its text.
RunFields run_fields(const MatchSettings& settings, const std::string& id);
std::string run_line(const RunFields& fields);
std::string field(const RunFields& fields, const std::string& name);
// A new run id: the time and the process, in hex.
std::string new_run_id();

// "" when `a` and `b` describe the same run, else the first difference, as
// "tc nodes=500 and movetime=0.100". The id, the engines' commands (where a
// program lives on each machine) and, unless `same_shard`, the shard may differ.
std::string run_difference(const RunFields& a, const RunFields& b, bool same_shard);

std::string journal_line(const Finished& game);

struct Journal {
    RunFields run;
    std::vector<Finished> games;
    // A last line without its newline is a game being written when the process
    // died or was read mid-write (a shard still playing): it is left out, and
    // --resume cuts the file back to `intact_size` bytes before appending.
    bool torn = false;
    std::size_t intact_size = 0;
};

// Reads a whole journal; an error names the file and line ("a.journal:3: ...").
// A file that does not start with a run line is no journal.
Result<Journal> read_journal(const std::string& path);

}  // namespace damier::match
