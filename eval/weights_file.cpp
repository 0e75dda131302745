#include "eval/weights_file.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <utility>

#include "engine/core/text.hpp"

namespace damier::eval {

namespace {

bool listed(std::span<const std::string_view> list, std::string_view word) {
    return std::find(list.begin(), list.end(), word) != list.end();
}

const WeightNames* owner(std::span<const WeightNames> families, std::string_view section) {
    for (const auto& f : families)
        if (listed(f.sections, section)) return &f;
    return nullptr;
}

// "[chinese 6]": the family of a section with a player count and its name written
// with one blank ("chinese 6"), or a one-line error.
using Counted = std::pair<const WeightNames*, std::string>;
Result<Counted> counted_owner(std::span<const WeightNames> families, std::string_view section) {
    const auto blank = section.find_last_of(" \t");
    if (blank == std::string_view::npos) return failure<Counted>("unknown section " + damier::quoted(section));
    const std::string_view base = trim(section.substr(0, blank)), count = section.substr(blank + 1);
    for (const auto& f : families) {
        if (!listed(f.counted, base)) continue;
        const auto n = parse_uint(count);
        if (!n || *n < static_cast<std::uint64_t>(f.min_count) || *n > static_cast<std::uint64_t>(f.max_count))
            return failure<Counted>("section " + damier::quoted(section) + ": a player count from " +
                                    std::to_string(f.min_count) + " to " + std::to_string(f.max_count) +
                                    " follows the name, got " + damier::quoted(count));
        return Counted{&f, counted_section(base, static_cast<int>(*n))};
    }
    return failure<Counted>("unknown section " + damier::quoted(section));
}

}  // namespace

Result<WeightsFile> WeightsFile::parse(std::string_view text, std::span<const WeightNames> families,
                                       std::string_view origin) {
    WeightsFile file;
    std::string section;
    const WeightNames* family = nullptr;
    int number = 0;
    auto fail = [&](const std::string& why) {
        return failure<WeightsFile>(std::string(origin) + " line " + std::to_string(number) + ": " + why);
    };
    for (std::string_view line : split(text, "\n")) {
        ++number;
        line = data_line(line);
        if (line.empty()) continue;
        if (line.front() == '[') {
            if (line.back() != ']') return fail("a section is written [name], got " + damier::quoted(line));
            section = std::string(trim(line.substr(1, line.size() - 2)));
            family = owner(families, section);
            if (!family) {
                auto counted = counted_owner(families, section);
                if (!counted) return fail(counted.error());
                std::tie(family, section) = *counted;
            }
            continue;
        }
        const auto equals = line.find('=');
        if (equals == std::string_view::npos) return fail("expected name = value, got " + damier::quoted(line));
        const std::string_view name = trim(line.substr(0, equals));
        std::string_view value = trim(line.substr(equals + 1));
        if (!family) return fail("weight " + damier::quoted(name) + " before any [section]");
        if (!listed(family->names, name))
            return fail("unknown " + std::string(family->family) + " weight " + damier::quoted(name));
        const bool negative = !value.empty() && value.front() == '-';
        if (negative) value.remove_prefix(1);
        const auto magnitude = parse_uint(value);
        if (!magnitude || *magnitude > 1000000)
            return fail(std::string(name) + " takes a whole number from -1000000 to 1000000, got " +
                        damier::quoted(trim(line.substr(equals + 1))));
        const auto v = static_cast<long long>(*magnitude);
        file.entries_.push_back({section, std::string(name), negative ? -v : v, number});
    }
    return file;
}

Result<WeightsFile> WeightsFile::load(const std::string& path, std::span<const WeightNames> families) {
    auto text = read_data_file(path, 1, "weights file");
    if (!text) return failure<WeightsFile>(text.error());
    return parse(*text, families, path);
}

Result<std::string> read_data_file(const std::string& path, std::size_t mebibytes, std::string_view what) {
    // Only regular files: a device such as /dev/zero never ends, a FIFO may never open.
    const std::string named = std::string(what) + " " + damier::quoted(path);
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        return failure<std::string>("cannot read the " + named + " (not a regular file)");
    std::ifstream in(path, std::ios::binary);
    if (!in) return failure<std::string>("cannot read the " + named);
    const std::size_t limit = mebibytes << 20;
    std::string text(limit + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > limit) return failure<std::string>("the " + named + " is over " + std::to_string(mebibytes) + " MiB");
    return text;
}

std::string_view data_line(std::string_view line) {
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    return trim(line);
}

void WeightsFile::apply(const WeightNames& family, std::initializer_list<std::string_view> sections,
                        std::span<int> values) const {
    for (const std::string_view section : sections)
        for (const auto& e : entries_) {
            if (e.section != section) continue;
            const auto at = std::find(family.names.begin(), family.names.end(), e.name);
            if (at != family.names.end()) values[static_cast<std::size_t>(at - family.names.begin())] = static_cast<int>(e.value);
        }
}

std::string counted_section(std::string_view section, int count) {
    return std::string(section) + " " + std::to_string(count);
}

std::string format_section(std::string_view section, const WeightNames& family, std::span<const int> values) {
    std::string out = "[" + std::string(section) + "]\n";
    for (std::size_t i = 0; i < family.names.size() && i < values.size(); ++i)
        out += std::string(family.names[i]) + " = " + std::to_string(values[i]) + "\n";
    return out;
}

}  // namespace damier::eval
