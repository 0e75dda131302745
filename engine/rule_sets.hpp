// The registry of rule sets: every game the engine plays, by name, with what the
// front ends need to offer it. The Hub `variant` parameter and its option list,
// the usage texts, the weight-file sections, the match runner's openings and PDN
// game types all read it, so a rule set or an option is registered once:
// draughts rule sets in engine/draughts/variant_list.hpp, Chinese checkers boards
// and options in engine/halma/rules.hpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace damier {

enum class Family { Draughts, ChineseCheckers };

struct RuleSetInfo {
    std::string_view name;
    Family family;
    int board_size;                  // squares on a side (draughts); 0 for the star
    std::string_view pdn_gametype;   // PDN GameType tag, e.g. "20,W,10,10,N2,0" ("" if none)
    std::string_view opening_file;   // the match runner's default openings ("" if none)
};

// A rules option a front end offers besides `variant`.
struct GameOption {
    enum class Type { Bool, Int };
    std::string_view name;
    Type type;
    std::string default_value;
    long long min = 0, max = 0;                // Int
    std::vector<std::string_view> rule_sets;  // the rule sets it applies to
};

// Every rule set, draughts first, in registration order.
const std::vector<RuleSetInfo>& rule_sets();
// The rule set called `name` (or one of its aliases: normal, standard, english,
// checkers); null when there is none.
const RuleSetInfo* find_rule_set(std::string_view name);
// The registered name for `name`, resolving aliases; `name` itself when unknown.
std::string_view canonical_rule_set_name(std::string_view name);
bool is_draughts(std::string_view name);
bool is_chinese_checkers(std::string_view name);
// The names, space-separated ("international brazilian ... diamond").
std::string rule_set_names(Family family);
std::string rule_set_names();
// The rules options in the order front ends list them.
const std::vector<GameOption>& game_options();
// The type number of a PDN GameType tag ("20" of "20,W,10,10,N2,0"; "" if none).
std::string_view pdn_game_type_number(std::string_view name);

}  // namespace damier
