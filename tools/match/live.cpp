#include "tools/match/live.hpp"

#include <nlohmann/json.hpp>

namespace damier::match {

std::string live_line(int game, const std::string& variant,
                      const std::vector<std::pair<std::string, std::string>>& options,
                      const std::vector<std::string>& seats, const Referee& referee) {
    nlohmann::json rules = nlohmann::json::object();
    for (const auto& [name, value] : options) rules[name] = value;
    nlohmann::json line = {{"game", game},
                           {"variant", variant},
                           {"options", rules},
                           {"seats", seats},
                           {"pos", referee.position_argument()},
                           {"plies", referee.plies()},
                           {"over", referee.result().has_value()}};
    if (auto end = referee.result()) {
        line["places"] = end->places;
        line["reason"] = end->reason;
    }
    return line.dump();
}

}  // namespace damier::match
