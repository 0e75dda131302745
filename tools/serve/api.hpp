// The JSON API of damier-serve, apart from HTTP so that it is tested without a
// socket: one call per request, the method, the path and the body in, a status
// and a body out. Every request is checked: a bad move, position, option or body
// gets 400 with {"error": "..."} and changes nothing; an unknown game 404; the
// server's limits (games, engine processes) 429.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/serve/game_room.hpp"
#include "tools/serve/watch.hpp"

namespace damier::serve {

struct ApiConfig {
    std::vector<std::string> engine_command{"damier"};
    int max_games = 16;
    int max_engines = 4;
    std::string watch_path;  // a damier-match --live file, "" = none
};

struct Reply {
    int status = 200;
    std::string body;
    std::string content_type = "application/json";
};

class Api {
public:
    explicit Api(ApiConfig config);
    ~Api();

    Reply handle(const std::string& method, const std::string& path, const std::string& body);
    // Engine processes running now (for the load test's leak check).
    int engines_running();

private:
    Reply create_game(const nlohmann::json& request);
    Reply game_request(const std::string& method, const std::string& id, const std::string& action,
                       const nlohmann::json& request);
    std::shared_ptr<GameRoom> find(const std::string& id);

    ApiConfig config_;
    EngineBudget budget_;
    MatchWatch watch_;
    std::mutex mutex_;
    std::map<std::string, std::shared_ptr<GameRoom>> games_;
    long next_id_ = 1;
};

// The settings of a new game from its request, checked: "" or the error.
std::string read_settings(const nlohmann::json& request, RoomSettings& settings);

}  // namespace damier::serve
