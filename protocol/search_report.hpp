// A search's progress and result as data, and the one place that writes them as
// Hub `info` and `done` lines. The sessions fill the structs; the Hub loop and
// `damier search` print them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/score.hpp"

namespace damier::hub {

// One camp's value in a multi-player search (Chinese checkers with 3+ players).
struct CampScore {
    int camp = 0;  // 1..6, as the position string numbers them
    search::Score score = 0;
};

// One finished iteration of the search.
struct SearchInfo {
    int depth = 0;
    double mean_depth = 0;  // 0 when the search does not report it
    search::Score score = 0;  // for the player to move
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<std::string> pv;     // moves in the session's notation
    std::vector<CampScore> scores;   // every seated camp in seating order (multi-player only)
};

// What a search returns: its last iteration and the move chosen.
struct SearchResult {
    SearchInfo last;
    std::string best;    // empty when there is no move
    std::string ponder;  // empty when there is none
};

// A score for `info`: men (or cells) with two decimals; a win in n plies is
// 100 - n/100 (99.95: the game is won in 5 plies), a loss its negation.
std::string format_score(search::Score score);
// "info depth=.. [mean-depth=..] score=.. nodes=.. [time=..] [nps=..] [scores=..] pv=.."
std::string info_line(const SearchInfo& info);
// "done move=.. [ponder=..]", or "done move=none".
std::string done_line(const SearchResult& result);

}  // namespace damier::hub
