#include "eval/draughts/patterns.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "engine/core/text.hpp"
#include "eval/weights_file.hpp"

namespace damier::eval::draughts {

std::string format_patterns(std::string_view variant, const PatternTable& table) {
    const int phases = table.phases;
    std::string out = std::string("# damier pattern table: window, arrangement, ") +
                      (phases == 2 ? "opening and ending values" : "value") + " (centi-men), for every entry not 0\n[" +
                      std::string(variant) + "]\nwindows = " + std::to_string(table.windows) + "\n";
    if (phases != 1) out += "phases = " + std::to_string(phases) + "\n";
    if (phases == 2 && table.phase_by == PhaseBy::Pips) out += "phase = pips\n";
    if (table.king_squares != 0) out += "king-squares = " + std::to_string(table.king_squares) + "\n";
    const std::size_t kings_start = PatternTable::entry(table.windows, 0, phases);
    for (std::size_t i = 0; i < table.value.size(); i += static_cast<std::size_t>(phases)) {
        if (std::all_of(&table.value[i], &table.value[i] + phases, [](std::int16_t v) { return v == 0; })) continue;
        const std::size_t pattern = i / static_cast<std::size_t>(phases);
        if (i < kings_start) out += std::to_string(pattern / arrangements) + " " + std::to_string(pattern % arrangements);
        else out += "k " + std::to_string((i - kings_start) / static_cast<std::size_t>(phases));
        for (int k = 0; k < phases; ++k) out += " " + std::to_string(table.value[i + static_cast<std::size_t>(k)]);
        out += "\n";
    }
    return out;
}

Result<PatternFile> parse_patterns(std::string_view text, std::string_view origin) {
    PatternFile file;
    int number = 0, values_read = 0;
    bool phases_set = false, phase_set = false;
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
        // The header lines: windows = N, then phases = 1 or 2 before any value.
        const auto header_text = [&](std::string_view key) -> std::optional<std::string_view> {
            const auto equals = line.find('=');
            if (equals == std::string_view::npos || trim(line.substr(0, equals)) != key) return std::nullopt;
            return trim(line.substr(equals + 1));
        };
        const auto header_value = [&](std::string_view key) -> std::optional<std::uint64_t> {
            const auto words = header_text(key);
            if (!words) return std::nullopt;
            auto v = parse_uint(*words);
            return v ? v : std::optional<std::uint64_t>{0};
        };
        if (auto count = header_value("windows")) {
            if (*count == 0 || *count > 100 || file.table.windows != 0)
                return fail("expected windows = N once (N from 1 to 100), got " + damier::quoted(line));
            file.table.windows = static_cast<int>(*count);
            file.table.value.assign(file.table.size(), 0);
            continue;
        }
        if (file.table.windows == 0) return fail("expected windows = N before the values");
        if (auto phases = header_value("phases")) {
            if ((*phases != 1 && *phases != 2) || values_read > 0 || phases_set)
                return fail("expected phases = 1 or 2 once, before the values, got " + damier::quoted(line));
            phases_set = true;
            file.table.phases = static_cast<int>(*phases);
            file.table.value.assign(file.table.size(), 0);
            continue;
        }
        if (const auto by = header_text("phase")) {
            if (file.table.phases != 2 || values_read > 0 || phase_set || (*by != "men" && *by != "pips"))
                return fail("expected phase = men or pips once, after phases = 2 and before the values, got " +
                            damier::quoted(line));
            phase_set = true;
            file.table.phase_by = *by == "pips" ? PhaseBy::Pips : PhaseBy::Men;
            continue;
        }
        if (auto squares = header_value("king-squares")) {
            if (*squares == 0 || *squares > 200 || values_read > 0 || file.table.king_squares != 0)
                return fail("expected king-squares = N once (N from 1 to 200), before the values, got " +
                            damier::quoted(line));
            file.table.king_squares = static_cast<int>(*squares);
            file.table.value.assign(file.table.size(), 0);
            continue;
        }
        const int phases = file.table.phases;
        std::vector<std::string_view> fields;
        for (auto f : split(line, " \t"))
            if (!f.empty()) fields.push_back(f);
        if (fields.size() != 2 + static_cast<std::size_t>(phases))
            return fail(std::string("expected window arrangement ") + (phases == 2 ? "opening ending" : "value") +
                        ", got " + damier::quoted(line));
        // A king square's line reads as the window after the last, the square as its arrangement.
        const bool king_line = fields[0] == "k";
        if (king_line && file.table.king_squares == 0) return fail("a king square's value needs king-squares = N first");
        const auto window = king_line ? std::optional<std::uint64_t>(file.table.windows) : parse_uint(fields[0]);
        const auto arrangement = parse_uint(fields[1]);
        const std::uint64_t arrangement_bound = king_line ? file.table.king_squares : arrangements;
        std::array<int, 2> values{};
        bool values_ok = true;
        for (int k = 0; k < phases; ++k) {
            std::string_view value = fields[2 + static_cast<std::size_t>(k)];
            const bool negative = !value.empty() && value.front() == '-';
            if (negative) value.remove_prefix(1);
            const auto magnitude = parse_uint(value);
            values_ok = values_ok && magnitude && *magnitude <= 30000;
            if (magnitude) values[static_cast<std::size_t>(k)] = static_cast<int>(negative ? -*magnitude : *magnitude);
        }
        if (!window || *window > static_cast<std::uint64_t>(file.table.windows) ||
            (*window == static_cast<std::uint64_t>(file.table.windows) && !king_line) || !arrangement ||
            *arrangement >= arrangement_bound || !values_ok)
            return fail(king_line ? "k, a square below " + std::to_string(file.table.king_squares) +
                                        " and values from -30000 to 30000 expected, got " + damier::quoted(line)
                                  : "window below " + std::to_string(file.table.windows) + ", arrangement below " +
                                        std::to_string(arrangements) +
                                        " and values from -30000 to 30000 expected, got " + damier::quoted(line));
        const std::size_t at = PatternTable::entry(static_cast<int>(*window), static_cast<int>(*arrangement), phases);
        for (int k = 0; k < phases; ++k)
            file.table.value[at + static_cast<std::size_t>(k)] = static_cast<std::int16_t>(values[static_cast<std::size_t>(k)]);
        ++values_read;
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
