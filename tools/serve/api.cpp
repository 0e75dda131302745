#include "tools/serve/api.hpp"

#include <algorithm>

#include "engine/rule_sets.hpp"
#include "tools/serve/geometry.hpp"

namespace damier::serve {

using nlohmann::json;

namespace {

// Bodies beyond this are refused before they are parsed.
constexpr std::size_t MaxBody = 64 * 1024;

Reply json_reply(const json& body, int status = 200) { return {status, body.dump(), "application/json"}; }
Reply error_reply(int status, const std::string& message) { return json_reply({{"error", message}}, status); }

json rules_catalogue() {
    json sets = json::array();
    for (const RuleSetInfo& info : rule_sets()) {
        json options = json::array();
        for (const GameOption& o : options_of(info.name)) {
            json option = {{"name", o.name},
                           {"type", o.type == GameOption::Type::Bool ? "bool" : "int"},
                           {"default", o.default_value}};
            if (o.type == GameOption::Type::Int) option["min"] = o.min, option["max"] = o.max;
            options.push_back(option);
        }
        sets.push_back({{"name", info.name},
                        {"family", info.family == Family::Draughts ? "draughts" : "chinese"},
                        {"options", options}});
    }
    return {{"rule_sets", sets}, {"time_per_move", {0, 30, 60}}};
}

// A string field of the request, or the error that it is not one.
std::string text_field(const json& request, const char* name, std::string& out) {
    if (!request.contains(name)) return {};
    if (!request[name].is_string()) return std::string(name) + " must be a string";
    out = request[name].get<std::string>();
    if (out.size() > 4096) return std::string(name) + " is too long";
    return {};
}

std::string bool_field(const json& request, const char* name, bool& out) {
    if (!request.contains(name)) return {};
    if (!request[name].is_boolean()) return std::string(name) + " must be true or false";
    out = request[name].get<bool>();
    return {};
}

// The engine's limit per move: {"depth": 1..30} | {"nodes": 1..10^8} | {"move_time": 0.01..60}.
std::string engine_level(const json& request, std::string& out) {
    if (!request.contains("engine")) return {};
    const json& e = request["engine"];
    if (!e.is_object() || e.size() != 1) return "engine must be one of {depth}, {nodes}, {move_time}";
    // The key copied out: items() is a temporary, and a reference into it would dangle.
    const std::string name = e.begin().key();
    const json& value = e.begin().value();
    if (!value.is_number()) return "engine " + name + " must be a number";
    const double v = value.get<double>();
    if (name == "depth" && value.is_number_integer() && v >= 1 && v <= 30)
        out = "depth=" + std::to_string(value.get<int>());
    else if (name == "nodes" && value.is_number_integer() && v >= 1 && v <= 1e8)
        out = "nodes=" + std::to_string(value.get<long long>());
    else if (name == "move_time" && v >= 0.01 && v <= 60) out = "move-time=" + std::to_string(v);
    else return "engine takes depth 1..30, nodes 1..100000000 or move_time 0.01..60 seconds";
    return {};
}

}  // namespace

std::string read_settings(const json& request, RoomSettings& s) {
    if (!request.is_object()) return "the body must be a JSON object";
    if (auto e = text_field(request, "variant", s.variant); !e.empty()) return e;
    const RuleSetInfo* info = find_rule_set(s.variant);
    if (!info) return "unknown variant '" + s.variant + "'; one of " + rule_set_names();
    s.variant = std::string(info->name);
    if (request.contains("options")) {
        if (!request["options"].is_object()) return "options must be an object";
        for (const auto& [name, value] : request["options"].items()) {
            if (!value.is_string() && !value.is_boolean() && !value.is_number_integer())
                return "option " + name + " must be a string, a boolean or a whole number";
            s.options.emplace_back(name, value.is_string() ? value.get<std::string>() : value.dump());
        }
    }
    // The rules check their options (names, ranges, rule sets).
    auto game = make_game(s.variant, s.options);
    if (!game) return game.error();
    const int seats = (*game)->seats();
    s.engine_seats.assign(static_cast<std::size_t>(seats), false);
    s.engine_seats.back() = true;  // by default the last seat is the engine
    if (request.contains("seats")) {
        const json& list = request["seats"];
        if (!list.is_array() || list.size() != static_cast<std::size_t>(seats))
            return "seats must list " + std::to_string(seats) + " entries, \"person\" or \"engine\"";
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (list[i] != "person" && list[i] != "engine")
                return "seat " + std::to_string(i + 1) + " must be \"person\" or \"engine\"";
            s.engine_seats[i] = list[i] == "engine";
        }
    }
    if (request.contains("time_per_move")) {
        const json& t = request["time_per_move"];
        if (!t.is_number_integer() || (t != 0 && t != 30 && t != 60))
            return "time_per_move is 0 (none), 30 or 60 seconds";
        s.time_per_move = t.get<int>();
    }
    if (auto e = engine_level(request, s.engine_level); !e.empty()) return e;
    if (auto e = bool_field(request, "show_moves", s.show_moves); !e.empty()) return e;
    if (auto e = bool_field(request, "rotate_starter", s.rotate_starter); !e.empty()) return e;
    if (auto e = text_field(request, "position", s.position); !e.empty()) return e;
    if (!s.position.empty())
        if (auto e = (*game)->set_position(s.position); !e.empty()) return "position: " + e;
    return {};
}

Api::Api(ApiConfig config) : config_(std::move(config)), watch_(config_.watch_path) {
    budget_.command = config_.engine_command;
    budget_.limit = config_.max_engines;
}

Api::~Api() {
    std::lock_guard lock(mutex_);
    games_.clear();  // each room stops its engine
}

int Api::engines_running() {
    std::lock_guard lock(budget_.mutex);
    return budget_.running;
}

std::shared_ptr<GameRoom> Api::find(const std::string& id) {
    std::lock_guard lock(mutex_);
    auto it = games_.find(id);
    return it == games_.end() ? nullptr : it->second;
}

Reply Api::create_game(const json& request) {
    RoomSettings settings;
    if (auto error = read_settings(request, settings); !error.empty()) return error_reply(400, error);
    auto game = make_game(settings.variant, settings.options);
    if (!game) return error_reply(400, game.error());
    if (!settings.position.empty()) (*game)->set_position(settings.position);
    std::shared_ptr<GameRoom> room;
    {
        std::lock_guard lock(mutex_);
        if (static_cast<int>(games_.size()) >= config_.max_games)
            return error_reply(429, "too many games (" + std::to_string(config_.max_games) + "); delete one first");
        // One engine process per game that has an engine seat or a clock.
        int with_engine = 0;
        for (const auto& [id, other] : games_) with_engine += other->has_engine();
        const bool needs_engine = settings.time_per_move > 0 ||
                                  std::count(settings.engine_seats.begin(), settings.engine_seats.end(), true) > 0;
        if (needs_engine && with_engine >= config_.max_engines)
            return error_reply(429, "every engine process is in use (" + std::to_string(config_.max_engines) +
                                        "); delete a game with an engine first");
        const std::string id = std::to_string(next_id_++);
        room = std::make_shared<GameRoom>(id, settings, std::move(game.value()), budget_);
        games_[id] = room;
    }
    return json_reply(room->state(), 201);
}

Reply Api::game_request(const std::string& method, const std::string& id, const std::string& action,
                        const json& request) {
    auto room = find(id);
    if (!room) return error_reply(404, "no game " + id);
    if (method == "GET" && action.empty()) return json_reply(room->state());
    if (method == "GET" && action == "record") return {200, room->record(), "text/plain; charset=utf-8"};
    if (method == "DELETE" && action.empty()) {
        std::shared_ptr<GameRoom> last;
        {
            std::lock_guard lock(mutex_);
            last = games_[id];
            games_.erase(id);
        }
        last.reset();  // outside the lock: the room stops its worker and engine
        return json_reply({{"deleted", id}});
    }
    if (method != "POST") return error_reply(405, method + " is not taken here");
    std::string error;
    if (action == "move") {
        std::string move;
        if (!request.is_object() || !request.contains("move")) return error_reply(400, "the body needs a move");
        if (auto e = text_field(request, "move", move); !e.empty()) return error_reply(400, e);
        error = room->play(move);
    } else if (action == "undo") {
        error = room->undo();
    } else if (action == "position") {
        std::string text;
        if (!request.is_object() || !request.contains("position")) return error_reply(400, "the body needs a position");
        if (auto e = text_field(request, "position", text); !e.empty()) return error_reply(400, e);
        error = room->set_position(text);
    } else if (action == "rematch") {
        error = room->rematch();
    } else if (action == "resume") {
        room->resume();
    } else {
        return error_reply(404, "no action " + action);
    }
    if (!error.empty()) return error_reply(400, error);
    return json_reply(room->state());
}

Reply Api::handle(const std::string& method, const std::string& path, const std::string& body) {
    if (body.size() > MaxBody) return error_reply(413, "the body is longer than " + std::to_string(MaxBody) + " bytes");
    json request = json::object();
    if (!body.empty()) {
        request = json::parse(body, nullptr, false);
        if (request.is_discarded()) return error_reply(400, "the body is not JSON");
    }
    if (method == "GET" && path == "/api/rules") return json_reply(rules_catalogue());
    if (method == "GET" && path.rfind("/api/geometry/", 0) == 0) {
        auto geometry = board_geometry(path.substr(14));
        if (geometry.is_null()) return error_reply(404, "unknown variant '" + path.substr(14) + "'");
        return json_reply(geometry);
    }
    if (method == "GET" && path == "/api/watch") {
        if (!watch_.enabled()) return error_reply(404, "no match to watch (start the server with --watch FILE)");
        return json_reply(watch_.games());
    }
    if (path == "/api/games") {
        if (method == "POST") return create_game(request);
        if (method != "GET") return error_reply(405, method + " is not taken here");
        json ids = json::array();
        {
            std::lock_guard lock(mutex_);
            for (const auto& [id, room] : games_) ids.push_back(id);
        }
        return json_reply(
            {{"games", ids}, {"engines_running", engines_running()}, {"engine_restarts", budget_.restarts.load()}});
    }
    const std::string prefix = "/api/games/";
    if (path.rfind(prefix, 0) == 0) {
        const std::string rest = path.substr(prefix.size());
        const auto slash = rest.find('/');
        const std::string id = rest.substr(0, slash);
        const std::string action = slash == std::string::npos ? "" : rest.substr(slash + 1);
        return game_request(method, id, action, request);
    }
    return error_reply(404, "no such API path " + path);
}

}  // namespace damier::serve
