// A tournament of Hub engines: the schedule (round robin or gauntlet; draughts
// games in colour-swapped pairs over the openings, Chinese checkers games in
// every seating rotation), games in parallel, live statistics and SPRT, and the
// records (PDN, Chinese checkers game records, a JSON summary, a journal that
// lets an interrupted or sharded run be resumed and merged).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/halma/rules.hpp"
#include "engine/rule_sets.hpp"
#include "tools/match/game.hpp"
#include "tools/match/hub_engine.hpp"
#include "tools/match/openings.hpp"
#include "tools/match/stats.hpp"

namespace damier::match {

struct MatchSettings {
    std::vector<EngineSpec> engines;
    bool gauntlet = false;              // engine 0 against each of the others
    std::string variant = "international";
    bool nocapture = false;
    halma::Settings halma;              // chinese or diamond: players and options
    std::vector<Opening> openings;      // empty: the start position
    int rounds = 1;                     // opening sets per pairing
    TimeControl time;
    Adjudication adjudication;
    int max_plies = 400;
    int concurrency = 1;
    std::optional<SprtParameters> sprt;
    std::string pdn_path;               // draughts games, PDN 3.0 (appended)
    std::string record_path;            // Chinese checkers games (appended)
    std::string journal_path;           // one line per finished game, for --resume and --merge
    std::string json_path;              // summary at the end
    std::string log_path;               // every protocol line of every engine, with times (appended)
    std::string live_path;              // a JSON line per move and per game end, for a live viewer (appended)
    int shard_index = 0, shard_count = 1;  // this run plays the sets whose number % count == index
    bool resume = false;                // skip the games already in the journal
    bool show_boards = false;           // the demo: each move with its score, the board every 10 plies and at the end, a result line
    int game_limit = 0;                 // play at most this many games of the schedule, 0 = all

    bool is_halma() const { return is_chinese_checkers(variant); }
    int seats() const { return is_halma() ? halma.players : 2; }
};

// Plays the tournament, printing progress and standings on `out`. Returns the
// process exit status: 0, or 2 with one line on `err` when the run is refused
// before its first game (contradictory settings, an output file that cannot be
// written, an engine that cannot be started or refuses a parameter) or an
// output file could not be written to the end.
int run_tournament(const MatchSettings& settings, std::ostream& out, std::ostream& err);

// Standings from the journals of one run (its shards, or repeats of it), printed
// on `out`. Journals of different runs, or a file that is no journal (with its
// line), are refused with one line on `err` and status 2.
int merge_journals(const std::vector<std::string>& paths, const std::optional<SprtParameters>& sprt, std::ostream& out,
                   std::ostream& err);

}  // namespace damier::match
