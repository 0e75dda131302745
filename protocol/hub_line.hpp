// Hub protocol lines (`command name=value name="quoted value" flag`): reading
// them without ever failing hard, and writing them with the quoting the spec asks.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"

namespace damier::hub {

struct Line {
    std::string command;
    std::vector<std::pair<std::string, std::string>> pairs;  // in order; a bare flag has an empty value

    bool has(std::string_view name) const;
    // The value of the last pair called `name`.
    std::optional<std::string> value(std::string_view name) const;
};

// Splits one line. Errors (one line each): an empty line, a line that starts
// with a pair, an unterminated quote, a pair starting with '=', text glued to a
// closing quote, control characters.
Result<Line> parse_line(std::string_view text);

// A value as it must be written: quoted when empty or holding a blank, '=' or
// a quote (a '"' inside cannot be written and becomes '\'').
std::string format_value(std::string_view value);

// `message` made safe for `error message="..."`: one line, no '"', bounded length.
std::string error_line(std::string_view message);

enum class ReadStatus { Line, TooLong, End };
// Reads one line (without "\n" or a trailing "\r"). A line longer than
// `max_length` is consumed to its end and reported as TooLong, never stored whole.
ReadStatus read_line(std::istream& in, std::string& line, std::size_t max_length);

}  // namespace damier::hub
