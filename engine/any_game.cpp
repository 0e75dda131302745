#include "engine/any_game.hpp"

#include <algorithm>

#include "engine/draughts/any_game.hpp"
#include "engine/halma/any_game.hpp"

namespace damier {

std::vector<GameOption> options_of(std::string_view name) {
    std::vector<GameOption> out;
    const RuleSetInfo* info = find_rule_set(name);
    if (!info) return out;
    for (const GameOption& option : game_options())
        if (std::find(option.rule_sets.begin(), option.rule_sets.end(), info->name) != option.rule_sets.end())
            out.push_back(option);
    return out;
}

Result<std::unique_ptr<AnyGame>> make_game(std::string_view name, const OptionValues& options) {
    using Made = Result<std::unique_ptr<AnyGame>>;
    const RuleSetInfo* info = find_rule_set(name);
    if (!info) return Made::failure("unknown variant '" + std::string(name) + "'");
    if (info->family == Family::Draughts) {
        bool optional_capture = false;
        for (const auto& [option, value] : options) {
            if (option != "nocapture") return Made::failure(option + " is not a draughts option");
            optional_capture = value == "true";
        }
        return draughts::make_any_game(*info, optional_capture);  // refuses nocapture off 8x8
    }
    halma::Settings settings;
    settings.set("variant", info->name);
    for (const auto& [option, value] : options)
        if (auto error = settings.set(option, value); !error.empty()) return Made::failure(error);
    auto rules = halma::Rules::make(settings);
    if (!rules) return Made::failure(rules.error());
    return halma::make_any_game(*info, *rules);
}

}  // namespace damier
