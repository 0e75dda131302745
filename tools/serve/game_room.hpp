// One game on the web board: the rules library referees it (AnyGame), each seat
// is a person or an engine, and a worker thread asks the game's engine process
// for the engine seats' moves (and for a person's move when their time per move
// runs out, as on the seed site). Every method locks the room; none blocks on the
// engine.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/any_game.hpp"
#include "tools/serve/engine_link.hpp"

namespace damier::serve {

struct RoomSettings {
    std::string variant = "international";
    OptionValues options;                      // rules options (players, anti-blocking, ...)
    std::vector<bool> engine_seats;            // per seat: true = engine, false = person
    int time_per_move = 0;                     // seconds for a person, 0 = none (30 or 60 on the seed site)
    std::string engine_level = "move-time=1";  // Hub `level` arguments of each engine move
    bool show_moves = true;                    // highlight the legal moves (the board reads it)
    bool rotate_starter = true;                // a rematch moves every seat on by one
    std::string position;                      // start position, "" = the rules' start
};

// Starts engine processes; shared by the rooms so that the server can count them.
struct EngineBudget {
    std::vector<std::string> command;
    int limit = 4;
    std::mutex mutex;
    int running = 0;
    std::atomic<int> restarts{0};  // engine restarts over the server's life
    bool take();
    void give_back();
};

class GameRoom {
public:
    GameRoom(std::string id, RoomSettings settings, std::unique_ptr<AnyGame> game, EngineBudget& budget);
    ~GameRoom();

    const std::string& id() const { return id_; }
    nlohmann::json state();
    // A person's move (Hub or PDN form): "" or why it is refused.
    std::string play(const std::string& move);
    // Takes back to the last person turn (one move when every seat is an engine).
    std::string undo();
    std::string set_position(const std::string& text);
    // The same settings, from the start, every seat moved on by one if rotate_starter.
    std::string rematch();
    // Resumes an adjourned game (its engine is started again).
    void resume();
    // The game record: PDN for draughts, the Chinese checkers record otherwise.
    std::string record();
    bool has_engine() const { return needs_engine_; }

private:
    bool engine_turn_locked(std::chrono::steady_clock::time_point now) const;
    std::chrono::steady_clock::time_point deadline_locked() const;
    void changed_locked();  // a new position: a running search is dropped
    void worker(std::stop_token stop);
    void engine_move(std::unique_lock<std::mutex>& lock, std::stop_token& stop);
    std::string position_args_locked() const;

    const std::string id_;
    RoomSettings settings_;
    EngineBudget& budget_;
    bool needs_engine_ = false;
    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::unique_ptr<AnyGame> game_;
    std::string start_;  // the Hub position the moves start from
    std::vector<LegalMove> moves_;
    std::vector<std::string> seat_names_;
    std::atomic<long> version_{0};  // counts changes of position (read by the search's cancel check)
    std::chrono::steady_clock::time_point turn_start_;
    bool thinking_ = false, adjourned_ = false;
    std::string message_;  // the last engine trouble, shown to the players
    nlohmann::json info_;  // the engine's last info line
    std::unique_ptr<EngineLink> engine_;
    bool holds_budget_ = false;
    int crashes_ = 0;      // in a row, for this game
    std::jthread worker_;  // last: started when everything else is ready
};

}  // namespace damier::serve
