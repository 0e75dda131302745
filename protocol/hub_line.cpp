#include "protocol/hub_line.hpp"

#include "engine/core/text.hpp"

namespace damier::hub {

namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }
bool control(char c) { return static_cast<unsigned char>(c) < 32 || c == 127; }
bool name_char(char c) { return !blank(c) && !control(c) && c != '=' && c != '"'; }

}  // namespace

bool Line::has(std::string_view name) const { return value(name).has_value(); }

std::optional<std::string> Line::value(std::string_view name) const {
    for (auto it = pairs.rbegin(); it != pairs.rend(); ++it)
        if (it->first == name) return it->second;
    return std::nullopt;
}

Result<Line> parse_line(std::string_view text) {
    for (char c : text)
        if (control(c) && !blank(c)) return failure<Line>("control character in the line");
    Line line;
    std::size_t i = 0;
    auto skip_blanks = [&] {
        while (i < text.size() && blank(text[i])) ++i;
    };
    auto read_name = [&] {
        std::size_t start = i;
        while (i < text.size() && name_char(text[i])) ++i;
        return std::string(text.substr(start, i - start));
    };
    skip_blanks();
    if (i == text.size()) return failure<Line>("missing command");
    if (text[i] == '"' || text[i] == '=') return failure<Line>("missing command: the line starts with " + quoted(text.substr(i, 1)));
    line.command = read_name();
    if (i < text.size() && !blank(text[i]))
        return failure<Line>("missing command: the line starts with the pair " + quoted(text.substr(0, text.find(' '))));
    while (true) {
        skip_blanks();
        if (i == text.size()) break;
        if (text[i] == '=') return failure<Line>("a pair starts with '=' (no name) at column " + std::to_string(i + 1));
        if (text[i] == '"') return failure<Line>("a quoted value without a name at column " + std::to_string(i + 1));
        std::string name = read_name();
        std::string value;
        if (i < text.size() && text[i] == '=') {
            ++i;
            if (i < text.size() && text[i] == '"') {
                std::size_t close = text.find('"', i + 1);
                if (close == std::string_view::npos)
                    return failure<Line>("unterminated quote in the value of " + quoted(name));
                value = std::string(text.substr(i + 1, close - i - 1));
                i = close + 1;
            } else {
                std::size_t start = i;
                while (i < text.size() && name_char(text[i])) ++i;
                value = std::string(text.substr(start, i - start));
            }
            if (i < text.size() && !blank(text[i]))
                return failure<Line>("unexpected " + quoted(text.substr(i, 1)) + " after the value of " + quoted(name));
        }
        line.pairs.emplace_back(std::move(name), std::move(value));
    }
    return line;
}

std::string format_value(std::string_view value) {
    bool plain = !value.empty();
    std::string safe;
    for (char c : value) {
        if (!name_char(c)) plain = false;
        safe += c == '"' ? '\'' : (control(c) ? ' ' : c);
    }
    return plain ? safe : "\"" + safe + "\"";
}

std::string error_line(std::string_view message) {
    constexpr std::size_t limit = 300;
    std::string text(message.substr(0, limit));
    if (message.size() > limit) text += "...";
    for (char& c : text)
        if (c == '"') c = '\'';
        else if (control(c)) c = ' ';
    return "error message=\"" + text + "\"";
}

ReadStatus read_line(std::istream& in, std::string& line, std::size_t max_length) {
    line.clear();
    std::streambuf* buffer = in.rdbuf();
    bool too_long = false, any = false;
    for (;;) {
        const int c = buffer->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            if (!any) return ReadStatus::End;
            break;
        }
        any = true;
        if (c == '\n') break;
        if (line.size() < max_length) line += static_cast<char>(c);
        else too_long = true;
    }
    if (too_long) {
        line.clear();
        return ReadStatus::TooLong;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return ReadStatus::Line;
}

}  // namespace damier::hub
