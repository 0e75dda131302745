// The engine's Hub parameters, declared once: the table drives the `param`
// lines, checks every `set-param` and holds the current values. The rule sets and
// their options come from the registry (engine/rule_sets.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace damier::hub {

enum class OptionType { Bool, Int, Enum, String };

// What a change of the option touches.
enum class OptionScope {
    Rules,   // the game: a change resets the position to the start of the new rules
    Engine,  // threads, table size, output: takes effect at the next search
};

struct OptionSpec {
    std::string name;
    OptionType type;
    std::string default_value;
    long long min = 0, max = 0;  // Int
    std::string values = {};     // Enum: space-separated
    OptionScope scope = OptionScope::Engine;
};

class Options {
public:
    Options();

    static const std::vector<OptionSpec>& specs();

    // Checks and stores a value; returns "" or a one-line error (nothing stored).
    // Booleans accept true/false, 1/0, on/off, yes/no; enums are case-blind and
    // `variant` takes the aliases of the rule-set registry (engine/rule_sets.hpp).
    std::string set(std::string_view name, std::string_view value);
    static const OptionSpec* find(std::string_view name);  // nullptr for an unknown name

    const std::string& text(std::string_view name) const;
    long long integer(std::string_view name) const;
    bool flag(std::string_view name) const;

    // One `param name=.. value=.. type=..` line per option, in declaration order.
    std::vector<std::string> param_lines() const;

private:
    std::vector<std::string> values_;  // parallel to specs()
};

}  // namespace damier::hub
