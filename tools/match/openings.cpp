#include "tools/match/openings.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <sstream>
#include <string_view>

#include "engine/core/text.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"
#include "engine/rule_sets.hpp"
#include "engine/halma/notation.hpp"

#ifndef DAMIER_OPENINGS_DIR
#define DAMIER_OPENINGS_DIR "openings"
#endif

namespace damier::match {

namespace {

// Checks one position with the rules of `variant`; returns an error or "".
std::string check_position(const std::string& variant, std::string_view position) {
    if (auto halma_variant = halma::parse_variant(variant)) {
        // A position string does not say how many players sit: any count that reads it will do.
        std::string error = "no player count";
        for (int players = 2; players <= 6; ++players) {
            halma::Settings settings;
            settings.variant = *halma_variant;
            settings.players = players;
            auto rules = halma::Rules::make(settings);
            if (!rules) continue;
            auto p = halma::parse_position(*rules, position);
            if (p) return "";
            if (players == 2) error = p.error();
        }
        return error;
    }
    std::string error;
    std::string variant_error = draughts::with_variant(variant, false, [&]<class R>() {
        auto p = draughts::Notation<R>::parse_fen(position);
        if (!p) error = p.error();
    });
    return variant_error.empty() ? error : variant_error;
}

bool is_blank(std::string_view s) { return trim(s).empty(); }

// The line list formats: TSV with status, "name<TAB>fen" or a bare FEN per line.
Result<std::vector<Opening>> read_lines(const std::string& path, const std::string& text,
                                        const std::string& variant, bool include_lost) {
    std::vector<Opening> out;
    int line_number = 0;
    for (auto line : split(text, "\n")) {
        ++line_number;
        auto t = trim(line);
        if (t.empty() || t.front() == '#') continue;
        auto fields = split(line, "\t");
        std::string where = path + ":" + std::to_string(line_number) + ": ";
        if (fields.size() > 3) return failure<std::vector<Opening>>(where + "more than 3 tab-separated fields");
        std::string name = std::to_string(out.size() + 1);
        std::string_view fen = trim(fields[0]);
        if (fields.size() >= 2) {
            name = std::string(trim(fields[0]));
            fen = trim(fields[1]);
        }
        // Barred rows are checked too: a file is either good or refused whole.
        if (auto error = check_position(variant, fen); !error.empty())
            return failure<std::vector<Opening>>(where + error);
        if (fields.size() == 3 && trim(fields[2]) == "lost" && !include_lost) continue;
        out.push_back({name, std::string(fen)});
    }
    return out;
}

// One game's tags of a PDN file, with the line where the game starts.
struct PdnTags {
    int line = 0;
    std::string event, round, fen;
    bool has_fen = false;
};

// Scans a PDN file for tags, skipping movetext and {comments}; a tag after movetext
// starts a new game.
Result<std::vector<PdnTags>> scan_pdn(const std::string& path, const std::string& text) {
    std::vector<PdnTags> games;
    bool in_movetext = true;  // so that the first tag starts a game
    int line = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\n') ++line;
        if (c == '{') {  // a comment may hold '[' and newlines
            for (++i; i < text.size() && text[i] != '}'; ++i)
                if (text[i] == '\n') ++line;
            continue;
        }
        if (c != '[') {
            if (!std::isspace(static_cast<unsigned char>(c))) in_movetext = true;
            continue;
        }
        std::string where = path + ":" + std::to_string(line) + ": ";
        std::size_t name_start = ++i;
        while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
        std::string name = text.substr(name_start, i - name_start);
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        if (name.empty() || i >= text.size() || text[i] != '"')
            return failure<std::vector<PdnTags>>(where + "bad tag: expected [Name \"value\"]");
        std::string value;
        for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i) {
            if (text[i] == '\\' && i + 1 < text.size()) ++i;
            value += text[i];
        }
        if (i >= text.size() || text[i] != '"') return failure<std::vector<PdnTags>>(where + "unterminated tag value");
        for (++i; i < text.size() && (text[i] == ' ' || text[i] == '\t'); ++i) {}
        if (i >= text.size() || text[i] != ']') return failure<std::vector<PdnTags>>(where + "tag without ']'");
        if (in_movetext) {
            games.push_back({});
            games.back().line = line;
            in_movetext = false;
        }
        auto& game = games.back();
        if (name == "Event") game.event = value;
        else if (name == "Round") game.round = value;
        else if (name == "FEN") game.fen = value, game.has_fen = true;
    }
    return games;
}

Result<std::vector<Opening>> read_pdn(const std::string& path, const std::string& text, const std::string& variant) {
    auto games = scan_pdn(path, text);
    if (!games) return failure<std::vector<Opening>>(games.error());
    std::vector<Opening> out;
    for (const auto& game : *games) {
        std::string where = path + ":" + std::to_string(game.line) + ": ";
        if (!game.has_fen) return failure<std::vector<Opening>>(where + "game without a FEN tag");
        if (auto error = check_position(variant, game.fen); !error.empty())
            return failure<std::vector<Opening>>(where + error);
        std::string name = std::to_string(out.size() + 1);
        auto usable = [](const std::string& s) { return !is_blank(s) && s != "?" && s != "-"; };
        if (usable(game.event)) name = game.event;
        else if (usable(game.round)) name = game.round;
        out.push_back({name, game.fen});
    }
    return out;
}

}  // namespace

Result<std::vector<Opening>> load_openings(const std::string& path, const std::string& variant, bool include_lost) {
    using Openings = std::vector<Opening>;
    if (!draughts::is_draughts_variant(variant) && !halma::parse_variant(variant))
        return failure<Openings>("unknown variant " + quoted(variant));
    std::ifstream in(path, std::ios::binary);
    if (!in) return failure<Openings>(path + ": cannot open the file");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return failure<Openings>(path + ": cannot read the file");
    std::string text = buffer.str();
    if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);  // UTF-8 byte order mark of some editors
    if (text.find('\0') != std::string::npos) return failure<Openings>(path + ": binary data, not an openings file");
    // PDN when the first content outside '#' comment lines is a tag.
    bool pdn = false;
    for (auto line : split(text, "\n")) {
        auto t = trim(line);
        if (t.empty() || t.front() == '#') continue;
        pdn = t.front() == '[';
        break;
    }
    auto openings = pdn ? read_pdn(path, text, variant) : read_lines(path, text, variant, include_lost);
    if (openings && openings->empty()) return failure<Openings>(path + ": no openings in the file");
    return openings;
}

std::string default_openings_file(const std::string& variant) {
    const RuleSetInfo* info = find_rule_set(variant);
    return info ? std::string(info->opening_file) : "";
}

std::string bundled_openings_dir() { return DAMIER_OPENINGS_DIR; }

std::vector<Opening> random_halma_openings(const halma::Settings& settings, int count, int plies_per_player,
                                           std::uint64_t seed) {
    std::vector<Opening> out;
    auto rules = halma::Rules::make(settings);
    if (!rules || count <= 0) return out;
    std::mt19937_64 rng(seed);
    std::set<std::string> seen;
    const halma::Position start = halma::start_position(*rules);
    const int plies = std::max(0, plies_per_player) * rules->players();
    // Bounded attempts: few distinct positions may exist for very short openings.
    for (int attempt = 0; attempt < 100 * count + 1000 && static_cast<int>(out.size()) < count; ++attempt) {
        halma::Position p = start;
        bool ok = true;
        for (int ply = 0; ply < plies && ok; ++ply) {
            halma::MoveList moves;
            halma::MoveGen::generate(*rules, p, moves);
            const int before = halma::remaining_distance(*rules, p, p.side);
            std::vector<halma::Position> forward;
            for (const auto& m : moves) {
                if (m.is_pass()) continue;
                halma::Position next = halma::play(*rules, p, m);
                if (!next.over && halma::remaining_distance(*rules, next, p.side) <= before) forward.push_back(next);
            }
            if (forward.empty()) ok = false;
            else p = forward[rng() % forward.size()];  // modulo: the same draws on every standard library
        }
        if (!ok) continue;
        std::string position = halma::position_string(p);
        if (!seen.insert(position).second) continue;
        out.push_back({"random-" + std::to_string(out.size() + 1), position});
    }
    return out;
}

}  // namespace damier::match
