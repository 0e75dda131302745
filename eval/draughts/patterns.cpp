#include "eval/draughts/patterns.hpp"

#include "engine/core/text.hpp"
#include "eval/weights_file.hpp"

namespace damier::eval::draughts {

std::string format_patterns(std::string_view variant, const PatternTable& table) {
    std::string out = "# damier pattern table: window, arrangement, value (centi-men), for every value not 0\n[" +
                      std::string(variant) + "]\nwindows = " + std::to_string(table.windows) + "\n";
    for (std::size_t i = 0; i < table.value.size(); ++i)
        if (table.value[i] != 0)
            out += std::to_string(i / arrangements) + " " + std::to_string(i % arrangements) + " " +
                   std::to_string(table.value[i]) + "\n";
    return out;
}

Result<PatternFile> parse_patterns(std::string_view text, std::string_view origin) {
    PatternFile file;
    int number = 0;
    auto fail = [&](const std::string& why) {
        return failure<PatternFile>(std::string(origin) + " line " + std::to_string(number) + ": " + why);
    };
    for (std::string_view line : split(text, "\n")) {
        ++number;
        line = data_line(line);
        if (line.empty()) continue;
        if (line.front() == '[') {
            if (line.back() != ']' || !file.variant.empty())
                return fail("one [rule set] line comes first, got " + damier::quoted(line));
            file.variant = std::string(trim(line.substr(1, line.size() - 2)));
            continue;
        }
        if (file.variant.empty()) return fail("expected [rule set] first, got " + damier::quoted(line));
        if (line.starts_with("windows")) {
            const auto equals = line.find('=');
            const auto count = equals == std::string_view::npos ? std::nullopt : parse_uint(trim(line.substr(equals + 1)));
            if (!count || *count == 0 || *count > 64 || file.table.windows != 0)
                return fail("expected windows = N once (N from 1 to 64), got " + damier::quoted(line));
            file.table.windows = static_cast<int>(*count);
            file.table.value.assign(*count * arrangements, 0);
            continue;
        }
        if (file.table.windows == 0) return fail("expected windows = N before the values");
        std::vector<std::string_view> fields;
        for (auto f : split(line, " \t"))
            if (!f.empty()) fields.push_back(f);
        if (fields.size() != 3) return fail("expected window arrangement value, got " + damier::quoted(line));
        const auto window = parse_uint(fields[0]), arrangement = parse_uint(fields[1]);
        std::string_view value = fields[2];
        const bool negative = value.front() == '-';
        if (negative) value.remove_prefix(1);
        const auto magnitude = parse_uint(value);
        if (!window || *window >= static_cast<std::uint64_t>(file.table.windows) || !arrangement ||
            *arrangement >= arrangements || !magnitude || *magnitude > 30000)
            return fail("window below " + std::to_string(file.table.windows) + ", arrangement below " +
                        std::to_string(arrangements) + " and value from -30000 to 30000 expected, got " +
                        damier::quoted(line));
        const auto v = static_cast<int>(*magnitude);
        file.table.value[*window * arrangements + *arrangement] = static_cast<std::int16_t>(negative ? -v : v);
    }
    if (file.variant.empty() || file.table.windows == 0)
        return failure<PatternFile>(std::string(origin) + ": no [rule set] and windows = N lines");
    return file;
}

Result<PatternFile> load_patterns(const std::string& path) {
    auto text = read_data_file(path, 16, "pattern file");
    if (!text) return failure<PatternFile>(text.error());
    return parse_patterns(*text, path);
}

}  // namespace damier::eval::draughts
