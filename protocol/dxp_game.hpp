// One DXP game as `damier dxp` plays it (protocol/dxp_peer.hpp): the board kept
// by the rules library, our moves from the Hub front end's search, the peer's
// moves checked, back requests, chat, and the game end, each wait bounded.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/any_game.hpp"
#include "eval/draughts/patterns.hpp"
#include "eval/weights_file.hpp"
#include "protocol/dxp_message.hpp"
#include "protocol/dxp_peer.hpp"
#include "protocol/dxp_socket.hpp"
#include "protocol/hub_options.hpp"
#include "protocol/hub_session.hpp"

namespace damier::dxp {

// The peer's move as one of the legal moves (same origin, destination and
// captured squares); null when it is none of them.
const LegalMove* find_move(const std::vector<LegalMove>& legal, const Move& move);

// The Hub front end's search, configured from the Hub parameter table.
class Searcher {
public:
    // Applies the parameters as set-param and init would; "" or the first error.
    std::string configure(const std::vector<std::pair<std::string, std::string>>& params);
    // The move (Hub notation) for the position `start` after `moves`.
    Result<std::string> choose(const std::string& start, const std::vector<std::string>& moves,
                               const search::Limits& limits);
    void new_game() { session_->forget_searches(); }

private:
    hub::Options options_;
    hub::SharedTable table_;
    std::unique_ptr<hub::Session> session_;
    std::optional<eval::WeightsFile> weights_;
    std::shared_ptr<const eval::draughts::PatternFile> patterns_;
};

struct GameOutcome {
    std::string result = "*";  // PDN: "2-0", "1-1", "0-2", "*"
    std::string reason;
    bool connection_lost = false;  // no further game can be played on this connection
    bool stop = false;             // the game end asked to stop
    bool fault = false;            // a peer's fault or the connection ended it, not the protocol
    int back_requests = 0, chats = 0;
    std::string start_position;       // Hub position
    std::vector<std::string> record;  // PDN moves
};

class DxpGame {
public:
    DxpGame(Connection& link, const PeerSettings& settings, Searcher& searcher, std::ostream& err)
        : link_(link), settings_(settings), searcher_(searcher), err_(err) {}

    // Plays the game the request describes, Damier with `our_colour`; `last`:
    // our game end asks the peer to stop.
    GameOutcome play(const GameRequest& request, char our_colour, bool last);

private:
    enum class Turn { Continue, Over };
    Turn our_turn();
    Turn their_turn();
    // Handles a message that may come at any time (chat, back request, game end);
    // false when it is none of those.
    bool any_time(const Message& message, Turn& turn);
    Turn back_request(const BackRequest& request);
    Turn ask_take_back();
    // Ends the game: sends our game end (unless `answered`), waits for the answer.
    Turn finish(EndReason our_view, const std::string& white_result, const std::string& reason);
    Turn peer_ended(const GameEnd& end);
    Turn fault(const std::string& reason, bool connection_lost = false);
    // Whether the game is over by the rules (then finished).
    bool over_by_rules(Turn& turn);
    char to_move() const { return game_->to_move() == 0 ? 'W' : 'Z'; }
    void take_back(std::size_t plies);
    std::string their_name() const { return our_colour_ == 'W' ? "black" : "white"; }

    Connection& link_;
    const PeerSettings& settings_;
    Searcher& searcher_;
    std::ostream& err_;
    std::unique_ptr<AnyGame> game_;
    char our_colour_ = 'W';
    bool last_ = false, asked_back_ = false;
    double our_left_ = 0, their_left_ = 0, period_ = 0;
    int our_moves_ = 0;
    int period_moves_ = 0;
    std::vector<std::string> hub_moves_;
    std::vector<std::pair<int, char>> labels_;  // per ply from the start: DXP move number and colour to move
    GameOutcome outcome_;
};

}  // namespace damier::dxp
