#include "protocol/command_line.hpp"

#include <algorithm>
#include <iostream>
#include <map>

#include <CLI/CLI.hpp>

#include "engine/core/text.hpp"
#include "engine/draughts/variant_list.hpp"
#include "engine/rule_sets.hpp"

namespace damier::cli {

bool Arguments::has_flag(const std::string& name) const {
    return std::find(flags.begin(), flags.end(), name) != flags.end();
}

std::optional<std::string> Arguments::value(const std::string& name) const {
    auto it = values.find(name);
    if (it == values.end()) return std::nullopt;
    return it->second;
}

Result<long long> Arguments::integer(const std::string& name, long long low, long long high,
                                     long long fallback) const {
    auto text = value(name);
    if (!text) return fallback;
    auto n = parse_uint(*text);
    if (!n || *n < static_cast<unsigned long long>(low) || *n > static_cast<unsigned long long>(high))
        return failure<long long>("--" + name + " must be a whole number from " + std::to_string(low) + " to " +
                                  std::to_string(high) + ", got " + damier::quoted(*text));
    return static_cast<long long>(*n);
}

Result<bool> Arguments::boolean_setting(const std::string& name, bool fallback) const {
    bool value = fallback;
    for (const auto& [key, text] : settings) {
        if (key != name) continue;
        if (text == "true" || text == "1" || text == "on") value = true;
        else if (text == "false" || text == "0" || text == "off") value = false;
        else return failure<bool>("--set " + name + " takes true or false, got " + damier::quoted(text));
    }
    return value;
}

Result<Arguments> parse_arguments(const std::vector<std::string>& args, const std::vector<std::string>& flag_names,
                                  const std::vector<std::string>& value_names) {
    // CLI11 parses; Arguments keeps the subcommands' view of the result. --help is
    // answered before any subcommand parses (protocol/main.cpp), so CLI11 adds none.
    CLI::App app;
    app.set_help_flag();
    app.allow_windows_style_options(false);
    std::map<std::string, std::string> values;
    std::vector<std::string> settings;
    std::map<std::string, bool> flags;
    for (const auto& name : flag_names) app.add_flag("--" + name, flags[name]);
    for (const auto& name : value_names) app.add_option("--" + name, values[name]);
    app.add_option("--set", settings)->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    // CLI11 wants argv without the program name, last argument first.
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    try {
        app.parse(reversed);
    } catch (const CLI::ParseError& e) {
        std::string message = e.what();
        for (char& c : message)
            if (c == '\n') c = ' ';  // one line
        return failure<Arguments>(message);
    }
    Arguments out;
    for (const auto& name : flag_names)
        if (flags[name]) out.flags.push_back(name);
    for (const auto& name : value_names)
        if (app.count("--" + name)) out.values[name] = values[name];
    for (const auto& text : settings) {
        auto eq = text.find('=');
        if (eq == std::string::npos || eq == 0) return failure<Arguments>("--set takes option=value, got " + damier::quoted(text));
        out.settings.emplace_back(text.substr(0, eq), text.substr(eq + 1));
    }
    return out;
}

int run_perft(const std::vector<std::string>& argv) {
    auto args = parse_arguments(argv, {"divide", "count-capture-paths"}, {"variant", "fen", "pos", "depth", "threads", "players"});
    if (!args) {
        std::cerr << "damier perft: " << args.error() << '\n';
        return 2;
    }
    std::string variant = args->value("variant").value_or("international");
    if (draughts::is_draughts_variant(variant)) return run_draughts_perft(*args);
    if (is_chinese_checkers(variant)) return run_halma_perft(*args);
    std::cerr << "damier perft: unknown variant " << quoted(variant) << '\n';
    return 2;
}

}  // namespace damier::cli
