#include "protocol/dxp_message.hpp"

#include <cctype>

namespace damier::dxp {

namespace {

std::string number(int value, int width) {
    std::string text = std::to_string(value < 0 ? 0 : value);
    if (static_cast<int>(text.size()) > width) text = std::string(static_cast<std::size_t>(width), '9');
    return std::string(static_cast<std::size_t>(width) - text.size(), '0') + text;
}

std::string padded(std::string_view name, std::size_t width) {
    std::string text(name.substr(0, width));
    text.resize(width, ' ');
    return text;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.back() == ' ' || text.back() == '\0')) text.remove_suffix(1);
    return text;
}

// Reads the decimal field at `at` of `width` digits; false when it is not all digits.
bool field(std::string_view text, std::size_t at, std::size_t width, int& out) {
    if (at + width > text.size()) return false;
    int value = 0;
    for (char c : text.substr(at, width)) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
        value = value * 10 + (c - '0');
    }
    out = value;
    return true;
}

bool colour(char c) { return c == 'W' || c == 'Z'; }

Result<Message> bad(char type, const std::string& what) {
    return failure<Message>(std::string("malformed DXP message ") + type + ": " + what);
}

Result<Message> decode_request(std::string_view text) {
    GameRequest r;
    if (text.size() < 43) return bad('R', "shorter than its 43 characters");
    if (!field(text, 1, 2, r.version)) return bad('R', "version is not a number");
    r.initiator = std::string(trimmed(text.substr(3, 32)));
    r.follower_colour = text[35];
    if (!colour(r.follower_colour)) return bad('R', "the follower's colour is not W or Z");
    if (!field(text, 36, 3, r.minutes) || !field(text, 39, 3, r.moves)) return bad('R', "time or moves not a number");
    if (text[42] == 'A') {
        if (text.size() != 43) return bad('R', "characters after the initial position flag");
        return Message{r};
    }
    if (text[42] != 'B') return bad('R', "the starting position is neither A nor B");
    if (text.size() != 94) return bad('R', "a position takes 51 characters after B");
    r.initial_position = false;
    r.to_move = text[43];
    if (!colour(r.to_move)) return bad('R', "the colour to move is not W or Z");
    r.squares = std::string(text.substr(44, 50));
    for (char c : r.squares)
        if (c != 'e' && c != 'w' && c != 'z' && c != 'W' && c != 'Z')
            return bad('R', "a square is not e, w, z, W or Z");
    return Message{r};
}

Result<Message> decode_move(std::string_view text) {
    Move m;
    int count = 0;
    if (!field(text, 1, 4, m.seconds) || !field(text, 5, 2, m.from) || !field(text, 7, 2, m.to) ||
        !field(text, 9, 2, count))
        return bad('M', "time, squares or capture count not numbers");
    if (text.size() != 11 + 2 * static_cast<std::size_t>(count))
        return bad('M', "length does not match " + std::to_string(count) + " captured pieces");
    auto square = [](int s) { return s >= 1 && s <= 50; };
    if (!square(m.from) || !square(m.to)) return bad('M', "a square outside 1 to 50");
    for (int i = 0; i < count; ++i) {
        int taken = 0;
        if (!field(text, 11 + 2 * static_cast<std::size_t>(i), 2, taken) || !square(taken))
            return bad('M', "a captured square outside 1 to 50");
        m.captured.push_back(taken);
    }
    return Message{m};
}

}  // namespace

std::string encode(const Message& message) {
    struct Writer {
        std::string operator()(const GameRequest& r) const {
            std::string text = "R" + number(r.version, 2) + padded(r.initiator, 32) + r.follower_colour +
                               number(r.minutes, 3) + number(r.moves, 3);
            if (r.initial_position) return text + 'A';
            return text + 'B' + r.to_move + r.squares;
        }
        std::string operator()(const GameAccept& a) const { return "A" + padded(a.follower, 32) + number(a.code, 1); }
        std::string operator()(const Move& m) const {
            std::string text = "M" + number(m.seconds, 4) + number(m.from, 2) + number(m.to, 2) +
                               number(static_cast<int>(m.captured.size()), 2);
            for (int square : m.captured) text += number(square, 2);
            return text;
        }
        std::string operator()(const GameEnd& e) const {
            return "E" + number(static_cast<int>(e.reason), 1) + number(e.stop, 1);
        }
        std::string operator()(const Chat& c) const { return "C" + c.text.substr(0, MaxMessageLength - 1); }
        std::string operator()(const BackRequest& b) const { return "B" + number(b.move_number, 3) + b.to_move; }
        std::string operator()(const BackAccept& k) const { return "K" + number(k.code, 1); }
    };
    return std::visit(Writer{}, message);
}

Result<Message> decode(std::string_view text) {
    if (text.empty()) return failure<Message>("empty DXP message");
    if (text.size() > MaxMessageLength) return failure<Message>("DXP message longer than its limit");
    for (char c : text)
        if (c == '\0' || static_cast<unsigned char>(c) >= 0x80 || (c < ' ' && c != '\t'))
            return failure<Message>("DXP message with a control or non-ASCII byte");
    const char type = text[0];
    switch (type) {
        case 'R': return decode_request(text);
        case 'M': return decode_move(text);
        case 'A': {
            GameAccept a;
            if (text.size() != 34 || !field(text, 33, 1, a.code)) return bad('A', "not 32 name characters and a code");
            a.follower = std::string(trimmed(text.substr(1, 32)));
            return Message{a};
        }
        case 'E': {
            GameEnd e;
            int reason = 0;
            if (text.size() != 3 || !field(text, 1, 1, reason) || !field(text, 2, 1, e.stop))
                return bad('E', "not a reason and a stop code");
            if (reason > 3 || e.stop > 1) return bad('E', "reason above 3 or stop code above 1");
            e.reason = static_cast<EndReason>(reason);
            return Message{e};
        }
        case 'C': return Message{Chat{std::string(text.substr(1))}};
        case 'B': {
            BackRequest b;
            if (text.size() != 5 || !field(text, 1, 3, b.move_number) || !colour(text[4]))
                return bad('B', "not a move number and a colour");
            b.to_move = text[4];
            return Message{b};
        }
        case 'K': {
            BackAccept k;
            if (text.size() != 2 || !field(text, 1, 1, k.code)) return bad('K', "not one digit");
            return Message{k};
        }
        default: break;
    }
    return failure<Message>(std::string("unknown DXP message type '") + type + "'");
}

Result<GameRequest> request_position(std::string_view hub_position) {
    GameRequest r;
    if (hub_position.size() != 51 || (hub_position[0] != 'W' && hub_position[0] != 'B'))
        return failure<GameRequest>("not an international draughts position: " + std::string(hub_position));
    r.initial_position = false;
    r.to_move = hub_position[0] == 'W' ? 'W' : 'Z';
    for (char c : hub_position.substr(1)) {
        switch (c) {
            case 'b': r.squares += 'z'; break;
            case 'B': r.squares += 'Z'; break;
            case 'w':
            case 'W':
            case 'e': r.squares += c; break;
            default:
                return failure<GameRequest>("not an international draughts position: " + std::string(hub_position));
        }
    }
    return r;
}

std::string hub_position(const GameRequest& request) {
    std::string text(1, request.to_move == 'W' ? 'W' : 'B');
    for (char c : request.squares) text += c == 'z' ? 'b' : c == 'Z' ? 'B' : c;
    return text;
}

}  // namespace damier::dxp
