#include "protocol/command_line.hpp"

#include <algorithm>
#include <iostream>

#include "engine/core/text.hpp"
#include "engine/draughts/variant_list.hpp"

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
                                  std::to_string(high) + ", got " + quoted(*text));
    return static_cast<long long>(*n);
}

Result<bool> Arguments::boolean_setting(const std::string& name, bool fallback) const {
    bool value = fallback;
    for (const auto& [key, text] : settings) {
        if (key != name) continue;
        if (text == "true" || text == "1" || text == "on") value = true;
        else if (text == "false" || text == "0" || text == "off") value = false;
        else return failure<bool>("--set " + name + " takes true or false, got " + quoted(text));
    }
    return value;
}

Result<Arguments> parse_arguments(const std::vector<std::string>& args, const std::vector<std::string>& flag_names,
                                  const std::vector<std::string>& value_names) {
    Arguments out;
    auto known = [](const std::vector<std::string>& list, const std::string& s) {
        return std::find(list.begin(), list.end(), s) != list.end();
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--", 0) != 0) return failure<Arguments>("unexpected argument " + quoted(arg));
        std::string name = arg.substr(2);
        if (known(flag_names, name)) {
            out.flags.push_back(name);
            continue;
        }
        if (name != "set" && !known(value_names, name)) return failure<Arguments>("unknown option " + quoted(arg));
        if (i + 1 >= args.size()) return failure<Arguments>("option " + arg + " needs a value");
        const std::string& value = args[++i];
        if (name == "set") {
            auto eq = value.find('=');
            if (eq == std::string::npos || eq == 0)
                return failure<Arguments>("--set takes option=value, got " + quoted(value));
            out.settings.emplace_back(value.substr(0, eq), value.substr(eq + 1));
        } else {
            if (out.values.count(name)) return failure<Arguments>("option " + arg + " given twice");
            out.values[name] = value;
        }
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
    if (variant == "chinese" || variant == "diamond") return run_halma_perft(*args);
    std::cerr << "damier perft: unknown variant " << quoted(variant) << '\n';
    return 2;
}

}  // namespace damier::cli
