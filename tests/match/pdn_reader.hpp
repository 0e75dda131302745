// A small PDN reader for the tests only, written apart from the writer so that a
// mistake in one is not mirrored in the other: tags, then movetext tokens (move
// numbers, moves, {comments}, the result).
#pragma once

#include <cctype>
#include <string>
#include <utility>
#include <vector>

namespace damier::match::test {

struct ReadGame {
    std::vector<std::pair<std::string, std::string>> tags;
    std::vector<std::string> moves;
    std::vector<std::string> comments;  // one per move, "" when none
    std::string result;
    bool first_move_after_dots = false;  // "1... m": the game starts with the second half of a move
    bool ok = true;
};

inline bool is_result_token(const std::string& t) {
    return t == "2-0" || t == "0-2" || t == "1-1" || t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

// Reads the first game of `text`.
inline ReadGame read_pdn_game(const std::string& text) {
    ReadGame g;
    std::size_t i = 0;
    auto skip_space = [&] {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    };
    skip_space();
    while (i < text.size() && text[i] == '[') {
        std::size_t close_name = text.find(' ', i);
        if (close_name == std::string::npos) return g.ok = false, g;
        std::string name = text.substr(i + 1, close_name - i - 1);
        i = text.find('"', close_name);
        if (i == std::string::npos) return g.ok = false, g;
        std::string value;
        for (++i; i < text.size() && text[i] != '"'; ++i) {
            if (text[i] == '\\') ++i;
            if (i < text.size()) value += text[i];
        }
        if (i + 1 >= text.size() || text[i + 1] != ']') return g.ok = false, g;
        i += 2;
        g.tags.emplace_back(name, value);
        skip_space();
    }
    std::vector<std::string> tokens;
    while (skip_space(), i < text.size()) {
        if (text[i] == '[') break;  // the next game
        if (text[i] == '{') {
            std::size_t end = text.find('}', i);
            if (end == std::string::npos || g.moves.empty()) return g.ok = false, g;
            g.comments.back() = text.substr(i + 1, end - i - 1);
            i = end + 1;
            continue;
        }
        std::size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != '{') ++i;
        std::string token = text.substr(start, i - start);
        // Move numbers: digits then '.' or '...'.
        std::size_t digits = 0;
        while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) ++digits;
        if (digits > 0 && digits < token.size() && token[digits] == '.') {
            if (g.moves.empty() && token.substr(digits) == "...") g.first_move_after_dots = true;
            continue;
        }
        if (is_result_token(token)) {
            g.result = token;
            continue;
        }
        g.moves.push_back(token);
        g.comments.emplace_back();
    }
    return g;
}

}  // namespace damier::match::test
