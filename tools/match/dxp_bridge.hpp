// A DXP engine as the runner sees it: Hub 2 lines in, Hub 2 lines out, so that
// HubEngine, play_game and the referee drive it as any Hub engine, and the runner
// is the engine's DXP peer (initiator). The runner's lines are answered so:
//   hub / set-param / ping / init       id and wait / nothing / pong / ready
//   pos + level + go think              a game request at the first move of a game
//                                       (the position and the mover's colour, the
//                                       clock as minutes), else the moves since the
//                                       engine's last one; then the engine's move
//                                       as `done move=...`
//   new-game / quit                     the game in progress ended (E), stop on quit
// A game end, malformed message or a stalled peer becomes an `error` line or a
// timeout, which the runner records as the engine's fault.
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/any_game.hpp"
#include "protocol/dxp_socket.hpp"
#include "tools/match/process.hpp"

namespace damier::match {

class DxpBridge {
public:
    // `log(direction, text)` sees every DXP message ('<' to the engine, '>' from it);
    // `idle()` runs between short waits (the runner drains the engine's stdout).
    DxpBridge(std::string name, std::function<void(char, std::string_view)> log, std::function<void()> idle)
        : name_(std::move(name)), log_(std::move(log)), idle_(std::move(idle)) {}

    // Connects to host:port; with `retry`, again until `deadline` (an engine just
    // started needs a moment to listen). "" or the error.
    std::string connect(const std::string& host, int port, Clock::time_point deadline, bool retry);
    bool connected() const { return link_.is_open(); }

    // One Hub 2 line from the runner; false when the engine cannot take it.
    bool send(std::string_view line, Clock::time_point deadline);
    // The next Hub 2 line for the runner.
    ChildProcess::Read read_line(std::string& text, Clock::time_point deadline);
    // Ends the game in progress (game end with `stop`) and, with stop, the connection.
    void close(bool stop);

private:
    bool go(Clock::time_point deadline);
    // Ends the game in progress; waits briefly for the answering game end.
    void end_game(bool stop);
    bool send_message(const dxp::Message& message);
    ChildProcess::Read wait_for_move(std::string& text, Clock::time_point deadline);

    std::string name_;
    std::function<void(char, std::string_view)> log_;
    std::function<void()> idle_;
    dxp::Connection link_;
    std::deque<std::string> replies_;
    // What the runner's last pos and level said.
    std::string position_;
    std::vector<std::string> moves_;
    double clock_seconds_ = 60;
    int period_moves_ = 0;
    // The game the engine knows: its start and the moves it has seen.
    bool in_game_ = false, awaiting_move_ = false;
    std::string game_start_;
    std::vector<std::string> synced_;
    std::unique_ptr<AnyGame> game_;
    std::string peer_name_;
    // The wait for the last game accept: an engine may set up its tables then,
    // and that time is not its move's.
    Clock::duration accept_wait_{};
};

}  // namespace damier::match
