// What a tournament checks before its first game, so that a run that cannot
// mean what was asked for stops at once with one line instead of playing:
// contradictory settings, output files that cannot be written, and engines that
// cannot be started, handshaken or configured.
#pragma once

#include <chrono>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "tools/match/tournament.hpp"

namespace damier::match {

// "" or why the settings contradict each other (seats and engines, SPRT and the
// kind of match, --resume without a journal, a record file of the other family).
std::string check_settings(const MatchSettings& settings);

// Opens `path` for appending; "" or why it cannot be written. An empty path is no file.
std::string open_output(std::ofstream& file, const std::string& path, const std::string& option);

// Starts every engine once, as the games will (handshake, every parameter and
// rule set fenced by ping, init), all at the same time, and stops them again.
// Each has `timeout` to be ready. "" or the first engine's failure.
std::string check_engines(const std::vector<EngineSpec>& engines,
                          const std::vector<std::pair<std::string, std::string>>& rules,
                          std::chrono::milliseconds timeout);

}  // namespace damier::match
