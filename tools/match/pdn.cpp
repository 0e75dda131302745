#include "tools/match/pdn.hpp"

#include <array>
#include <string_view>
#include <type_traits>

#include "engine/draughts/variant_list.hpp"
#include "engine/rule_sets.hpp"

namespace damier::match {

namespace {

constexpr std::size_t kLineWidth = 80;

// The seven-tag roster first, then the set-up tags, as PDN 3.0 lists them.
constexpr std::array<std::string_view, 9> kTagOrder = {"Event", "Site",   "Date",     "Round", "White",
                                                       "Black", "Result", "GameType", "FEN"};

std::string escape_tag(const std::string& value) {
    std::string s;
    for (char c : value) {
        if (c == '"' || c == '\\') s += '\\';
        s += (c == '\n' || c == '\r') ? ' ' : c;  // a tag is one line
    }
    return s;
}

std::string clean_comment(const std::string& text) {
    std::string s;
    for (char c : text) {
        if (c == '{') s += '(';
        else if (c == '}') s += ')';
        else s += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return s;
}

void write_tag(std::string& out, const std::pair<std::string, std::string>& tag) {
    if (tag.first == "FEN" && tag.second.empty()) return;  // the start position: readers refuse an empty FEN
    out += '[' + tag.first + " \"" + escape_tag(tag.second) + "\"]\n";
}

}  // namespace

std::string write_pdn(const PdnGame& game) {
    std::string out;
    std::vector<bool> written(game.tags.size(), false);
    for (auto name : kTagOrder)
        for (std::size_t i = 0; i < game.tags.size(); ++i)
            if (!written[i] && game.tags[i].first == name) {
                write_tag(out, game.tags[i]);
                written[i] = true;
            }
    for (std::size_t i = 0; i < game.tags.size(); ++i)
        if (!written[i]) write_tag(out, game.tags[i]);
    out += '\n';

    // Units are never split: a move with its number, a comment, the result.
    std::vector<std::string> units;
    const std::size_t offset = game.black_moves_first_in_fen ? 1 : 0;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const std::size_t ply = i + offset;
        const std::string number = std::to_string(ply / 2 + 1);
        if (ply % 2 == 0) units.push_back(number + ". " + game.moves[i]);
        else if (i == 0) units.push_back(number + "... " + game.moves[i]);
        else units.push_back(game.moves[i]);
        if (i < game.comments.size() && !game.comments[i].empty())
            units.push_back('{' + clean_comment(game.comments[i]) + '}');
    }
    units.push_back(game.result.empty() ? "*" : game.result);

    std::string line;
    for (const auto& unit : units) {
        if (!line.empty() && line.size() + 1 + unit.size() > kLineWidth) {
            out += line + '\n';
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += unit;
    }
    out += line + "\n\n";
    return out;
}

// Type numbers of the FMJD PDN 3.0 standard, GameType table (https://pdn.fmjd.org/gametype.html),
// as each rule set's traits give them (engine/draughts/rules.hpp).
std::string pdn_game_type(const std::string& variant) {
    if (!is_draughts(variant)) return "";
    return std::string(pdn_game_type_number(variant));
}

std::string pdn_result(const std::string& variant, int white_points_doubled) {
    if (white_points_doubled < 0 || white_points_doubled > 2) return "*";
    // The same table gives the "International" result type (2-0, 1-1, 0-2) to the 10x10
    // and 12x12 games and the default (1-0, 1/2-1/2, 0-1) to the 8x8 ones.
    int board = 0;  // 0 unknown, 8 or 10 (and up)
    std::string error = draughts::with_variant(variant, false, [&]<class R>() {
        board = std::is_same_v<typename R::board, draughts::Board8> ? 8 : 10;
    });
    if (!error.empty() || board == 0) return "*";
    static constexpr std::array<std::string_view, 3> small = {"0-1", "1/2-1/2", "1-0"};
    static constexpr std::array<std::string_view, 3> large = {"0-2", "1-1", "2-0"};
    const auto i = static_cast<std::size_t>(white_points_doubled);
    return std::string(board == 8 ? small[i] : large[i]);
}

}  // namespace damier::match
