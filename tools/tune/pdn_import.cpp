#include "tools/tune/pdn_import.hpp"

#include <cctype>
#include <cstdlib>

namespace damier::tune {

namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::optional<double> white_result(std::string_view token) {
    if (token == "2-0" || token == "1-0") return 1.0;
    if (token == "0-2" || token == "0-1") return 0.0;
    if (token == "1-1" || token == "1/2-1/2") return 0.5;
    return std::nullopt;
}

std::optional<double> comment_score(std::string_view comment) {
    comment = trim(comment);
    const std::size_t slash = comment.find('/');
    if (slash == std::string_view::npos || slash == 0) return std::nullopt;
    const std::string number(comment.substr(0, slash));
    char* end = nullptr;
    const double men = std::strtod(number.c_str(), &end);
    // The depth must follow: "+0.12/14".
    if (*end || !std::isfinite(men) || slash + 1 >= comment.size() ||
        !std::isdigit(static_cast<unsigned char>(comment[slash + 1])))
        return std::nullopt;
    return men;
}

Result<std::vector<PdnRecord>> split_pdn(std::string_view text) {
    using Records = std::vector<PdnRecord>;
    Records games;
    int line = 1;
    bool in_movetext = true;  // so that the first tag starts a game
    auto here = [&] { return "line " + std::to_string(line) + ": "; };
    // The game that movetext belongs to: a new one after a result token, and at the
    // start of a file of movetext alone.
    auto current = [&]() -> PdnRecord& {
        if (games.empty() || !games.back().result.empty()) games.push_back({line, {}, {}, {}, {}, {}});
        return games.back();
    };
    std::size_t i = 0;
    // Passes over text up to `close` (exclusive), counting lines; false when it never comes.
    auto skip_to = [&](char close) {
        for (; i < text.size() && text[i] != close; ++i)
            if (text[i] == '\n') ++line;
        return i < text.size();
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') ++line;
        if (is_space(c)) {
            ++i;
            continue;
        }
        if (c == '[') {  // a tag: [Name "value"]
            const int tag_line = line;
            std::size_t name_end = i + 1;
            while (name_end < text.size() && (std::isalnum(static_cast<unsigned char>(text[name_end])) || text[name_end] == '_'))
                ++name_end;
            std::string name(text.substr(i + 1, name_end - i - 1));
            i = name_end;
            while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
            if (name.empty() || i >= text.size() || text[i] != '"')
                return failure<Records>(here() + "bad tag: expected [Name \"value\"]");
            std::string value;
            for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i) {
                if (text[i] == '\\' && i + 1 < text.size()) ++i;
                value += text[i];
            }
            if (i >= text.size() || text[i] != '"') return failure<Records>(here() + "unterminated tag value");
            for (++i; i < text.size() && (text[i] == ' ' || text[i] == '\t'); ++i) {}
            if (i >= text.size() || text[i] != ']') return failure<Records>(here() + "tag without ']'");
            ++i;
            if (in_movetext) games.push_back({tag_line, {}, {}, {}, {}, {}});
            in_movetext = false;
            games.back().tags.emplace_back(std::move(name), std::move(value));
            continue;
        }
        in_movetext = true;
        if (c == '{') {  // a comment, which may span lines
            const int start = line;
            const std::size_t open = i;
            if (!skip_to('}')) return failure<Records>("line " + std::to_string(start) + ": comment without '}'");
            // A comment before the first move (or after the result) belongs to no move.
            if (!games.empty() && !games.back().moves.empty() && games.back().result.empty())
                games.back().comments.back() = std::string(text.substr(open + 1, i - open - 1));
            ++i;
            continue;
        }
        if (c == '(') {  // a variation, which may nest: not the game's moves
            const int start = line;
            int depth = 0;
            for (; i < text.size(); ++i) {
                if (text[i] == '\n') ++line;
                if (text[i] == '{') skip_to('}');
                if (i >= text.size()) break;
                if (text[i] == '(') ++depth;
                if (text[i] == ')' && --depth == 0) break;
            }
            if (i >= text.size()) return failure<Records>("line " + std::to_string(start) + ": variation without ')'");
            ++i;
            continue;
        }
        if (c == ';') {  // a comment to the end of the line
            skip_to('\n');
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && !is_space(text[end]) && text[end] != '{' && text[end] != '(' && text[end] != '[')
            ++end;
        std::string_view token = text.substr(i, end - i);
        i = end;
        if (token == "*" || white_result(token)) {
            current().result = std::string(token);
            continue;
        }
        if (token[0] == '$') continue;  // a NAG
        // A move number, "12." or "12...", maybe glued to the move ("12.32-28").
        std::size_t digits = 0;
        while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) ++digits;
        if (digits > 0 && digits < token.size() && token[digits] == '.') {
            token.remove_prefix(digits);
            while (!token.empty() && token.front() == '.') token.remove_prefix(1);
        }
        while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.remove_suffix(1);
        if (token.empty()) continue;
        PdnRecord& game = current();
        game.moves.emplace_back(token);
        game.comments.emplace_back();
        game.move_lines.push_back(line);
    }
    return games;
}

}  // namespace damier::tune
