// The schedule of a tournament: which engines meet in which seats on which
// opening (round robin or gauntlet; draughts games in colour-swapped pairs,
// Chinese checkers games in every seating rotation), and the rule parameters
// every engine is given.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tools/match/tournament.hpp"

namespace damier::match {

struct Task {
    // index: the game number in the whole schedule; set: the opening set (a pair of
    // draughts games); rotation: the seating within the set.
    int index = 0, set = 0, rotation = 0;
    const Opening* opening = nullptr;  // null: the start position
    std::vector<int> seat_engines;
};

// Every way to fill `seats` seats from the engines, each as a sorted list.
std::vector<std::vector<int>> pairings(int engines, int seats, bool gauntlet);

// The games of this run (its shard), in order.
std::vector<Task> schedule(const MatchSettings& s);

// The rule set as set-param pairs: variant first, then its options.
std::vector<std::pair<std::string, std::string>> rule_params(const MatchSettings& s);

}  // namespace damier::match
