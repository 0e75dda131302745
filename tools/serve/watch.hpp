// Follows the live feed of a running damier-match (its --live FILE): reads what
// was appended since the last call and keeps the latest line of each game, so
// the watch page shows every game as it stands, refereed again by the rules
// library (a line that does not replay is shown with its error).
#pragma once

#include <map>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

namespace damier::serve {

class MatchWatch {
public:
    explicit MatchWatch(std::string path) : path_(std::move(path)) {}
    bool enabled() const { return !path_.empty(); }
    // The games, newest number first: each line's fields plus "position" (Hub) and
    // "moves" (the record form).
    nlohmann::json games();

private:
    void read_new_lines();

    std::string path_;
    std::mutex mutex_;
    std::streamoff offset_ = 0;
    std::string partial_;                   // a line not yet ended
    std::map<int, nlohmann::json> latest_;  // by game number
};

// One feed line replayed: the fields of `line` plus position and moves, or an "error".
nlohmann::json replay_live_line(const nlohmann::json& line);

}  // namespace damier::serve
