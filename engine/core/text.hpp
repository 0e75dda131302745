// Small string helpers for parsers of user input.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace damier {

std::string_view trim(std::string_view s);
// Splits on any of the separator characters; empty pieces are kept.
std::vector<std::string_view> split(std::string_view s, std::string_view separators);
// A whole decimal number without sign, or nothing (no overflow, no trailing junk).
std::optional<std::uint64_t> parse_uint(std::string_view s);
// Quotes text for a one-line error message, printable characters only; very long
// input keeps its first 20 and last 40 characters.
std::string quoted(std::string_view s);

}  // namespace damier
