// One game between Hub engines, refereed: clocks, time losses, crashes, illegal
// moves, adjudication and the maximum length, with a record of every move.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/result.hpp"
#include "tools/match/hub_engine.hpp"
#include "tools/match/referee.hpp"

namespace damier::match {

struct TimeControl {
    enum class Kind { GameClock, MoveTime, Depth, Nodes } kind = Kind::MoveTime;
    double base = 0, increment = 0;  // GameClock: seconds per period and per move
    int moves_per_period = 0;        // GameClock: 0 = the whole game
    double move_time = 0.1;          // MoveTime: seconds
    int depth = 0;
    std::uint64_t nodes = 0;
    double margin = 0.1;             // seconds an engine may overrun before it loses on time
    double hang_timeout = 60;        // Depth and Nodes: seconds before an engine counts as hung
    // Seconds an engine has to start: handshake, parameters and init (loading large
    // endgame databases can take several).
    double start_timeout = 10;
    std::chrono::milliseconds start_allowance() const {
        return std::chrono::milliseconds(static_cast<long long>(start_timeout * 1000));
    }

    // "40/60+0.5", "60+0.5", "60", "movetime=0.1", "depth=6", "nodes=10000".
    static Result<TimeControl> parse(const std::string& text);
    std::string describe() const;
    // The PDN/PGN TimeControl tag value (PGN standard 9.6.1, in seconds): "40/60"
    // (moves per period, repeated), "300" (sudden death), "300+2" (increment),
    // "40/60+0.5"; a fixed time per move as cutechess writes it, "0.1/move"; "-"
    // (no time control) for depth and node limits.
    std::string pdn() const;
};

struct Adjudication {
    // Draw when, from move `draw_move_number` on, both engines' scores stay within
    // draw_score men for draw_move_count moves each. 0 = off.
    int draw_move_number = 0, draw_move_count = 0;
    double draw_score = 0.1;
    // A side resigns when its engine's score stays at or below -resign_score for
    // resign_move_count of its moves and the opponent agrees. 0 = off.
    int resign_move_count = 0;
    double resign_score = 5;
};

struct GameRecord {
    int index = 0;                 // game number in the schedule, from 0
    int set = 0, rotation = 0;     // the opening's set and the seating rotation within it
    std::string opening_name;
    std::string opening_text;      // PDN FEN or Chinese checkers position
    bool opening_mid_move = false; // the opening has the rule set's second mover to move
    std::vector<int> seat_engines; // engine index per seat
    GameEnd end;
    std::vector<std::string> moves, comments;
    std::vector<std::string> faults;  // "engine: what went wrong", for the log
    // Per seat: the moves its engine played and the seconds they took (go to done).
    std::vector<int> seat_moves;
    std::vector<double> seat_seconds;
};

struct GameSetup {
    const TimeControl* time = nullptr;
    const Adjudication* adjudication = nullptr;
    int max_plies = 400;
    std::vector<std::pair<std::string, std::string>> rules;  // set-param for every engine
    // Called after each move with the board, the move as recorded and its comment
    // (score/depth time), for the demo; may be empty.
    std::function<void(const Referee&, const std::string& move, const std::string& comment)> on_move;
};

// Plays the game to its end. `engines` holds the engine of each seat (one engine
// may hold several seats); dead engines are restarted before they move.
void play_game(Referee& referee, const std::vector<HubEngine*>& engines, const GameSetup& setup, GameRecord& record);

}  // namespace damier::match
