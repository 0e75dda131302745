// Opening positions for matches: the bundled ballot files, user files (TSV, plain
// FEN lists, PDN with FEN tags) and random balanced Chinese checkers openings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/result.hpp"
#include "engine/halma/rules.hpp"

namespace damier::match {

struct Opening {
    std::string name;
    std::string position;  // PDN FEN (draughts) or Chinese checkers position string
};

// Reads an openings file in any of three formats, told apart by their first content:
// - a line list: '#' comment lines and blank lines skipped; each line is "fen",
//   "name<TAB>fen" or "name<TAB>fen<TAB>status" (the bundled TSV files); rows whose
//   status is "lost" are skipped unless include_lost;
// - a PDN file (first content is a '[' tag): one opening per game from its FEN tag,
//   named by its Event tag, else its Round tag, else its index.
// Every position is checked with the rules of `variant` (a draughts rule set name, or
// "chinese"/"diamond": a position string valid for some player count). Errors name the
// file and line; no input crashes it.
Result<std::vector<Opening>> load_openings(const std::string& path, const std::string& variant,
                                           bool include_lost = false);

// The bundled file for a rule set when the user names none (a file name within
// bundled_openings_dir()); empty when there is none and the start position is used.
std::string default_openings_file(const std::string& variant);

// The directory of the bundled opening files (set by the build).
std::string bundled_openings_dir();

// `count` distinct random openings: from the start position of `settings`, each player
// in turn plays `plies_per_player` random legal moves that do not increase its remaining
// distance, drawn with std::mt19937_64 seeded by `seed`. Positions where the game is over
// are dropped. Fewer than `count` when the settings are invalid or the moves run out.
std::vector<Opening> random_halma_openings(const halma::Settings& settings, int count, int plies_per_player,
                                           std::uint64_t seed);

}  // namespace damier::match
