#include "tools/serve/game_room.hpp"

#include <algorithm>

#include "protocol/hub_line.hpp"
#include "tools/serve/records.hpp"

namespace damier::serve {

using Clock = std::chrono::steady_clock;
using nlohmann::json;
using namespace std::chrono_literals;

bool EngineBudget::take() {
    std::lock_guard lock(mutex);
    if (running >= limit) return false;
    ++running;
    return true;
}

void EngineBudget::give_back() {
    std::lock_guard lock(mutex);
    --running;
}

namespace {

// Engine crashes in a row after which the game is adjourned rather than restarted again.
constexpr int MaxCrashes = 3;

std::vector<std::string> default_names(const std::vector<bool>& engine_seats) {
    std::vector<std::string> names;
    int people = 0, engines = 0;
    for (bool engine : engine_seats)
        names.push_back(engine ? "Engine " + std::to_string(++engines) : "Player " + std::to_string(++people));
    return names;
}

json legal_json(const LegalMove& m) {
    return {{"hub", m.text}, {"pdn", m.record_text}, {"captured", m.captured}, {"path", m.path}};
}

}  // namespace

GameRoom::GameRoom(std::string id, RoomSettings settings, std::unique_ptr<AnyGame> game, EngineBudget& budget)
    : id_(std::move(id)), settings_(std::move(settings)), budget_(budget), game_(std::move(game)) {
    start_ = game_->position();
    seat_names_ = default_names(settings_.engine_seats);
    for (bool engine : settings_.engine_seats) needs_engine_ = needs_engine_ || engine;
    // A person whose time runs out has the engine play for them.
    needs_engine_ = needs_engine_ || settings_.time_per_move > 0;
    turn_start_ = Clock::now();
    worker_ = std::jthread([this](std::stop_token stop) { worker(stop); });
}

GameRoom::~GameRoom() {
    worker_.request_stop();
    wake_.notify_all();
    if (worker_.joinable()) worker_.join();
    if (engine_) engine_->stop();
    if (holds_budget_) budget_.give_back();
}

Clock::time_point GameRoom::deadline_locked() const {
    return turn_start_ + std::chrono::seconds(settings_.time_per_move);
}

bool GameRoom::engine_turn_locked(Clock::time_point now) const {
    if (adjourned_ || game_->result()) return false;
    if (settings_.engine_seats[static_cast<std::size_t>(game_->to_move())]) return true;
    return settings_.time_per_move > 0 && now >= deadline_locked();
}

void GameRoom::changed_locked() {
    ++version_;
    turn_start_ = Clock::now();
    wake_.notify_all();
}

std::string GameRoom::position_args_locked() const {
    std::string moves;
    for (const auto& m : moves_) moves += (moves.empty() ? "" : " ") + m.text;
    return "pos=" + hub::format_value(start_) + " moves=" + hub::format_value(moves);
}

void GameRoom::worker(std::stop_token stop) {
    std::unique_lock lock(mutex_);
    while (!stop.stop_requested()) {
        const auto now = Clock::now();
        if (engine_turn_locked(now)) {
            engine_move(lock, stop);
            continue;
        }
        // Sleeps until the position changes, or a person's time runs out.
        const long seen = version_;
        const bool person_clock = settings_.time_per_move > 0 && !adjourned_ && !game_->result();
        if (person_clock) wake_.wait_until(lock, stop, deadline_locked(), [&] { return version_ != seen; });
        else wake_.wait(lock, stop, [&] { return version_ != seen; });
    }
}

void GameRoom::engine_move(std::unique_lock<std::mutex>& lock, std::stop_token& stop) {
    const long version = version_;
    const std::string position = position_args_locked();
    thinking_ = true;
    info_ = json::object();  // the last search's info stays shown until the next search
    lock.unlock();
    std::string problem;
    if (!engine_ || !engine_->running()) {
        if (!holds_budget_) holds_budget_ = budget_.take();
        if (!holds_budget_) problem = "no engine process is free (the server's limit); the game is adjourned";
        else {
            if (engine_) ++budget_.restarts;
            auto rules = OptionValues{{"variant", settings_.variant}};
            rules.insert(rules.end(), settings_.options.begin(), settings_.options.end());
            engine_ = std::make_unique<EngineLink>(budget_.command);
            problem = engine_->start(rules);
        }
    }
    EngineMove reply;
    if (problem.empty()) {
        const std::chrono::seconds limit = settings_.engine_level.rfind("move-time=", 0) == 0 ? 75s : 120s;
        reply = engine_->search(
            position, settings_.engine_level,
            [&](const EngineInfo& info) {
                std::lock_guard guard(mutex_);
                if (version_ != version) return;
                info_ = {{"depth", info.depth}, {"score", info.score}, {"pv", info.pv}, {"nodes", info.nodes}};
            },
            [&] { return stop.stop_requested() || version_ != version; }, limit);
    }
    lock.lock();
    thinking_ = false;
    if (version_ != version || stop.stop_requested()) return;  // the position changed meanwhile
    if (problem.empty() && reply.status == EngineMove::Status::Move) {
        auto played = game_->play(reply.move);
        if (played) {
            crashes_ = 0;
            message_.clear();
            moves_.push_back(*played);
            changed_locked();
            return;
        }
        problem = "the engine played an illegal move " + reply.move + ": " + played.error();
    }
    if (problem.empty()) problem = reply.detail.empty() ? "the engine failed" : reply.detail;
    // A failed engine is restarted for the next try; after a few the game waits.
    if (engine_) engine_->stop();
    if (++crashes_ >= MaxCrashes || !holds_budget_) {
        adjourned_ = true;
        message_ = problem + "; the game is adjourned";
    } else {
        message_ = problem + "; the engine is restarted";
    }
}

json GameRoom::state() {
    std::lock_guard lock(mutex_);
    json seats = json::array();
    for (std::size_t i = 0; i < settings_.engine_seats.size(); ++i)
        seats.push_back({{"kind", settings_.engine_seats[i] ? "engine" : "person"}, {"name", seat_names_[i]}});
    json legal = json::array();
    for (const auto& m : game_->legal_moves()) legal.push_back(legal_json(m));
    json played = json::array();
    for (const auto& m : moves_) played.push_back({{"hub", m.text}, {"pdn", m.record_text}, {"path", m.path}});
    json out = {{"id", id_},
                {"variant", game_->rule_set().name},
                {"family", game_->rule_set().family == Family::Draughts ? "draughts" : "chinese"},
                {"seats", seats},
                {"to_move", game_->to_move()},
                {"position", game_->position()},
                {"start", start_},
                {"moves", played},
                {"legal", legal},
                {"draw_state", game_->draw_state()},
                {"thinking", thinking_},
                {"adjourned", adjourned_},
                {"message", message_},
                {"info", info_.is_null() ? json::object() : info_},
                {"version", version_.load()},
                {"settings",
                 {{"time_per_move", settings_.time_per_move},
                  {"engine_level", settings_.engine_level},
                  {"show_moves", settings_.show_moves},
                  {"rotate_starter", settings_.rotate_starter}}}};
    json options = json::object();
    for (const auto& [name, value] : settings_.options) options[name] = value;
    out["settings"]["options"] = options;
    if (auto end = game_->result()) out["result"] = {{"places", end->places}, {"reason", end->reason}};
    if (settings_.time_per_move > 0 && !game_->result()) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_locked() - Clock::now());
        out["time_left_ms"] = std::max<long long>(0, left.count());
    }
    return out;
}

std::string GameRoom::play(const std::string& move) {
    std::lock_guard lock(mutex_);
    if (game_->result()) return "the game is over";
    if (settings_.engine_seats[static_cast<std::size_t>(game_->to_move())]) return "it is an engine's turn";
    auto played = game_->play(move);
    if (!played) return played.error();
    moves_.push_back(*played);
    changed_locked();
    return {};
}

std::string GameRoom::undo() {
    std::lock_guard lock(mutex_);
    if (moves_.empty()) return "no move to take back";
    bool any_person = false;
    for (bool engine : settings_.engine_seats) any_person = any_person || !engine;
    do {
        game_->undo();
        moves_.pop_back();
    } while (any_person && !moves_.empty() && settings_.engine_seats[static_cast<std::size_t>(game_->to_move())]);
    adjourned_ = false;
    crashes_ = 0;
    changed_locked();
    return {};
}

std::string GameRoom::set_position(const std::string& text) {
    std::lock_guard lock(mutex_);
    // A refused position leaves the game as it was.
    if (auto error = game_->set_position(text); !error.empty()) return error;
    start_ = game_->position();
    moves_.clear();
    adjourned_ = false;
    changed_locked();
    return {};
}

std::string GameRoom::rematch() {
    std::lock_guard lock(mutex_);
    if (settings_.rotate_starter) {
        std::rotate(settings_.engine_seats.rbegin(), settings_.engine_seats.rbegin() + 1,
                    settings_.engine_seats.rend());
        std::rotate(seat_names_.rbegin(), seat_names_.rbegin() + 1, seat_names_.rend());
    }
    auto fresh = make_game(settings_.variant, settings_.options);
    if (!fresh) return fresh.error();
    game_ = std::move(fresh.value());
    if (!settings_.position.empty()) game_->set_position(settings_.position);
    start_ = game_->position();
    moves_.clear();
    adjourned_ = false;
    crashes_ = 0;
    changed_locked();
    return {};
}

void GameRoom::resume() {
    std::lock_guard lock(mutex_);
    adjourned_ = false;
    crashes_ = 0;
    message_.clear();
    changed_locked();
}

std::string GameRoom::record() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> moves;
    for (const auto& m : moves_) moves.push_back(m.record_text);
    auto fresh = make_game(settings_.variant, settings_.options);
    GameText text{*game_, seat_names_, moves, start_, false, {}, false};
    if (fresh) {
        text.from_rules_start = (*fresh)->position() == start_;
        (*fresh)->set_position(start_);
        text.start_record = (*fresh)->record_position();
        text.second_mover_first = (*fresh)->second_mover_to_move();
    }
    return record_text(text);
}

}  // namespace damier::serve
