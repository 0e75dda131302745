#include "engine/core/text.hpp"

#include <limits>

namespace damier {

std::string_view trim(std::string_view s) {
    const char* blanks = " \t\r\n";
    auto first = s.find_first_not_of(blanks);
    if (first == std::string_view::npos) return {};
    auto last = s.find_last_not_of(blanks);
    return s.substr(first, last - first + 1);
}

std::vector<std::string_view> split(std::string_view s, std::string_view separators) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || separators.find(s[i]) != std::string_view::npos) {
            parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

std::optional<std::uint64_t> parse_uint(std::string_view s) {
    if (s.empty() || s.size() > 20) return std::nullopt;
    std::uint64_t value = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
        value = value * 10 + digit;
    }
    return value;
}

std::string quoted(std::string_view s) {
    // Long text keeps its start and its end: a command's name comes first, a
    // path's file name last, and either tells the user which input is meant.
    constexpr std::size_t limit = 60, head = 20, tail = limit - head;
    std::string out = "'";
    const auto copy = [&](std::string_view part) {
        for (char c : part) out += (c >= 32 && c < 127) ? c : '?';
    };
    if (s.size() <= limit) {
        copy(s);
    } else {
        copy(s.substr(0, head));
        out += "...";
        copy(s.substr(s.size() - tail));
    }
    return out + "'";
}

}  // namespace damier
