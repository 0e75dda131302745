#include "engine/rule_sets.hpp"

#include <array>
#include <utility>

#include "engine/draughts/variant_list.hpp"
#include "engine/halma/rules.hpp"

namespace damier {

namespace {

// Other names the Hub and the command lines accept for a rule set.
constexpr std::array<std::pair<std::string_view, std::string_view>, 4> aliases{{
    {"normal", "international"},
    {"standard", "international"},
    {"english", "american"},
    {"checkers", "american"},
}};

std::string joined(const std::vector<std::string_view>& words) {
    std::string text;
    for (auto w : words) (text += text.empty() ? "" : " ") += w;
    return text;
}

}  // namespace

const std::vector<RuleSetInfo>& rule_sets() {
    static const std::vector<RuleSetInfo> table = [] {
        std::vector<RuleSetInfo> t;
        draughts::Variants::for_each([&]<class R>() {
            t.push_back({R::name, Family::Draughts, R::board::cols, R::pdn_gametype, R::opening_file});
        });
        for (auto name : halma::variant_names) t.push_back({name, Family::ChineseCheckers, 0, "", ""});
        return t;
    }();
    return table;
}

std::string_view canonical_rule_set_name(std::string_view name) {
    for (const auto& [alias, target] : aliases)
        if (alias == name) return target;
    return name;
}

const RuleSetInfo* find_rule_set(std::string_view name) {
    name = canonical_rule_set_name(name);
    for (const auto& info : rule_sets())
        if (info.name == name) return &info;
    return nullptr;
}

bool is_draughts(std::string_view name) {
    const RuleSetInfo* info = find_rule_set(name);
    return info && info->family == Family::Draughts;
}

bool is_chinese_checkers(std::string_view name) {
    const RuleSetInfo* info = find_rule_set(name);
    return info && info->family == Family::ChineseCheckers;
}

std::string rule_set_names(Family family) {
    std::vector<std::string_view> names;
    for (const auto& info : rule_sets())
        if (info.family == family) names.push_back(info.name);
    return joined(names);
}

std::string rule_set_names() {
    std::vector<std::string_view> names;
    for (const auto& info : rule_sets()) names.push_back(info.name);
    return joined(names);
}

const std::vector<GameOption>& game_options() {
    static const std::vector<GameOption> table = [] {
        std::vector<GameOption> t;
        // The draughts house rule of optional capture (draughts::OptionalCapture).
        GameOption nocapture{"nocapture", GameOption::Type::Bool, "false", 0, 0, {}};
        for (const auto& info : rule_sets())
            if (info.family == Family::Draughts && info.board_size == 8) nocapture.rule_sets.push_back(info.name);
        t.push_back(std::move(nocapture));
        std::vector<std::string_view> boards(halma::variant_names.begin(), halma::variant_names.end());
        const halma::Settings defaults;
        for (const halma::OptionSpec& spec : halma::option_specs()) {
            const auto type = spec.flag ? GameOption::Type::Bool : GameOption::Type::Int;
            t.push_back({spec.name, type, defaults.text(spec.name), spec.min, spec.max, boards});
        }
        return t;
    }();
    return table;
}

std::string_view pdn_game_type_number(std::string_view name) {
    const RuleSetInfo* info = find_rule_set(name);
    if (!info) return {};
    return info->pdn_gametype.substr(0, info->pdn_gametype.find(','));
}

}  // namespace damier
