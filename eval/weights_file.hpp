// Evaluation weights as data: a text file of named whole numbers in sections, read
// by every game family, so tuning never needs a code change.
//
//   # a comment, to the end of the line
//   [draughts]            weights of every draughts rule set
//   man = 100
//   [russian]             overrides for one rule set (section = variant name)
//   king = 280
//   [halma]               Chinese checkers: [chinese] and [diamond] override
//   progress = 100
//   [chinese 6]           overrides for games of one player count (2 to 6)
//   to_move = 0
//
// A family reads its sections in order, later ones overriding earlier ones; a
// section with a player count comes after the variant's own, so it sets only the
// terms it names. Every name and section is checked when the file is read: a typo
// is an error, never a silently ignored weight.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.hpp"

namespace damier::eval {

// The weights of one family: names (in the order of its value array) and the
// sections it reads, general first.
struct WeightNames {
    std::string_view family;                     // for messages: "draughts"
    std::span<const std::string_view> names;     // one per weight
    std::span<const std::string_view> sections;  // every section this family owns
    // Sections that may also carry a player count, "[chinese 6]", from min_count to max_count.
    std::span<const std::string_view> counted = {};
    int min_count = 0, max_count = 0;
};

// The name of the section of `section` for games of `count` players: "chinese 6".
std::string counted_section(std::string_view section, int count);

class WeightsFile {
public:
    struct Entry {
        std::string section, name;
        long long value = 0;
        int line = 0;
    };

    // Reads `text` and checks every section and name against the families.
    static Result<WeightsFile> parse(std::string_view text, std::span<const WeightNames> families,
                                     std::string_view origin = "weights");
    static Result<WeightsFile> load(const std::string& path, std::span<const WeightNames> families);

    // Overwrites values[i] with the file's value of names[i], taken from the
    // sections in the order given (later wins). Names not in the file keep theirs.
    void apply(const WeightNames& family, std::initializer_list<std::string_view> sections,
               std::span<int> values) const;

    const std::vector<Entry>& entries() const { return entries_; }

private:
    std::vector<Entry> entries_;
};

// The text of a data file (weights, pattern table) of at most `mebibytes` MiB;
// `what` names the kind of file in the one-line error.
Result<std::string> read_data_file(const std::string& path, std::size_t mebibytes, std::string_view what);

// A line of a data file without its # comment and the blanks around it.
std::string_view data_line(std::string_view line);

// One section of a weights file with every value of a family, one per line.
std::string format_section(std::string_view section, const WeightNames& family, std::span<const int> values);

}  // namespace damier::eval
