// The DamExchange protocol's messages (DXP, international draughts over TCP): a
// type letter, fixed-width ASCII fields, and a NUL byte on the wire that the
// socket layer (protocol/dxp_socket.hpp) strips and adds. Both `damier dxp` and
// the match runner's DXP entrants encode and decode through this one codec.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/core/result.hpp"

namespace damier::dxp {

constexpr int DefaultPort = 27531;
// The longest message taken, NUL excluded: a game request with a position is 94
// characters; chat is the only free-length message and is cut to this.
constexpr std::size_t MaxMessageLength = 256;

struct GameRequest {  // R
    int version = 1;
    std::string initiator;       // up to 32 characters
    char follower_colour = 'Z';  // 'W' or 'Z'
    int minutes = 0;             // thinking time per player
    int moves = 0;               // moves in that time, 0 = the whole game
    bool initial_position = true;
    char to_move = 'W';   // with a position: 'W' or 'Z'
    std::string squares;  // with a position: 50 of e w z W Z, squares 1 to 50
};
struct GameAccept {  // A
    std::string follower;
    int code = 0;  // 0 accepted
};
struct Move {  // M
    int seconds = 0;
    int from = 0, to = 0;
    std::vector<int> captured;
};
enum class EndReason { Unknown = 0, SenderLoses = 1, Draw = 2, SenderWins = 3 };
struct GameEnd {  // E
    EndReason reason = EndReason::Unknown;
    int stop = 0;  // 0 another game may follow, 1 stop
};
struct Chat {  // C
    std::string text;
};
struct BackRequest {  // B
    int move_number = 1;
    char to_move = 'W';
};
struct BackAccept {  // K
    int code = 0;    // 0 accepted
};

using Message = std::variant<GameRequest, GameAccept, Move, GameEnd, Chat, BackRequest, BackAccept>;

// The message's text without the terminating NUL.
std::string encode(const Message& message);
// A message from its text (NUL removed); the error says which field is wrong.
Result<Message> decode(std::string_view text);

// The square letters of a DXP position from a Hub draughts position ("W" or "B"
// then 50 of w b W B e) and back.
Result<GameRequest> request_position(std::string_view hub_position);
std::string hub_position(const GameRequest& request);

}  // namespace damier::dxp
