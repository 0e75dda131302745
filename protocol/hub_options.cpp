#include "protocol/hub_options.hpp"

#include <algorithm>
#include <cctype>

#include "engine/core/text.hpp"
#include "engine/rule_sets.hpp"
#include "protocol/hub_line.hpp"

namespace damier::hub {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool listed(std::string_view values, std::string_view word) {
    for (auto v : split(values, " "))
        if (v == word) return true;
    return false;
}

}  // namespace

const std::vector<OptionSpec>& Options::specs() {
    using T = OptionType;
    constexpr auto R = OptionScope::Rules;
    static const std::vector<OptionSpec> table = [] {
        std::vector<OptionSpec> t = {
            {"variant", T::Enum, "international", 0, 0, rule_set_names(), R},
            {"threads", T::Int, "1", 1, 256},
            {"hash", T::Int, "64", 1, 65536},  // MiB for the transposition table
            {"ponder", T::Bool, "false"},
            {"notation", T::Enum, "numeric", 0, 0, "numeric algebraic"},
        };
        // The rules options (nocapture, then Chinese checkers), from the registry.
        for (const GameOption& option : game_options()) {
            const T type = option.type == GameOption::Type::Bool ? T::Bool : T::Int;
            t.push_back({std::string(option.name), type, option.default_value, option.min, option.max, "", R});
        }
        t.insert(t.end(), {
            {"search", T::Enum, "brs", 0, 0, "paranoid brs brs+ maxn"},
            {"log-file", T::String, ""},      // where diagnostics go; empty = none
            {"eval-file", T::String, ""},     // evaluation weights read at init; empty = built-in
            {"pattern-file", T::String, ""},  // draughts pattern table read at init; empty = built-in
            {"egdb-path", T::String, ""},     // draughts endgame databases read at init; empty = none
        });
        return t;
    }();
    return table;
}

Options::Options() {
    for (const auto& spec : specs()) values_.emplace_back(spec.default_value);
}

const OptionSpec* Options::find(std::string_view name) {
    for (const auto& spec : specs())
        if (spec.name == name) return &spec;
    return nullptr;
}

std::string Options::set(std::string_view name, std::string_view value) {
    const OptionSpec* spec = find(name);
    if (!spec) return "unknown parameter " + quoted(name);
    std::string& slot = values_[static_cast<std::size_t>(spec - specs().data())];
    switch (spec->type) {
        case OptionType::Bool: {
            const std::string v = lower(value);
            if (v == "true" || v == "1" || v == "on" || v == "yes") slot = "true";
            else if (v == "false" || v == "0" || v == "off" || v == "no") slot = "false";
            else return std::string(name) + " takes true or false, got " + quoted(value);
            return {};
        }
        case OptionType::Int: {
            auto n = parse_uint(value);
            if (!n || *n < static_cast<unsigned long long>(spec->min) ||
                *n > static_cast<unsigned long long>(spec->max))
                return std::string(name) + " takes a whole number from " + std::to_string(spec->min) + " to " +
                       std::to_string(spec->max) + ", got " + quoted(value);
            slot = std::to_string(*n);
            return {};
        }
        case OptionType::Enum: {
            std::string v = lower(value);
            if (spec->name == "variant") v = std::string(canonical_rule_set_name(v));
            if (v.empty() || v.find(' ') != std::string::npos || !listed(spec->values, v))
                return std::string(name) + " takes one of: " + spec->values + "; got " + quoted(value);
            slot = v;
            return {};
        }
        case OptionType::String:
            slot = std::string(value);
            return {};
    }
    return {};
}

const std::string& Options::text(std::string_view name) const {
    const OptionSpec* spec = find(name);
    static const std::string none;
    return spec ? values_[static_cast<std::size_t>(spec - specs().data())] : none;
}

long long Options::integer(std::string_view name) const {
    auto n = parse_uint(text(name));
    return n ? static_cast<long long>(*n) : 0;
}

bool Options::flag(std::string_view name) const { return text(name) == "true"; }

std::vector<std::string> Options::param_lines() const {
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < specs().size(); ++i) {
        const OptionSpec& spec = specs()[i];
        std::string line = std::string("param name=") + spec.name + " value=" + format_value(values_[i]) + " type=";
        switch (spec.type) {
            case OptionType::Bool: line += "bool"; break;
            case OptionType::Int:
                line += "int min=" + std::to_string(spec.min) + " max=" + std::to_string(spec.max);
                break;
            case OptionType::Enum: line += "enum values=" + format_value(spec.values); break;
            case OptionType::String: line += "string"; break;
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

}  // namespace damier::hub
