#include "tools/match/records.hpp"

#include <cstdio>
#include <ctime>
#include <map>
#include <mutex>
#include <optional>

#include "tools/match/opening_moves.hpp"
#include "tools/match/pdn.hpp"

namespace damier::match {

namespace {

std::string today() {
    std::time_t now = std::time(nullptr);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", std::localtime(&now));
    return text;
}

// The moves from the start to each opening, found once per opening (the search
// takes up to a fraction of a second for a setup that no short sequence reaches).
std::optional<std::vector<std::string>> cached_opening_moves(const MatchSettings& s, const std::string& fen) {
    static std::mutex mutex;
    static std::map<std::string, std::optional<std::vector<std::string>>> cache;
    const std::string key = s.variant + (s.nocapture ? " nocapture " : " ") + fen;
    std::lock_guard lock(mutex);
    auto it = cache.find(key);
    if (it == cache.end()) it = cache.emplace(key, opening_moves(s.variant, s.nocapture, fen)).first;
    return it->second;
}

}  // namespace

std::string format_place(double p) {
    char text[16];
    std::snprintf(text, sizeof text, "%g", p);
    return text;
}

std::string pdn_text(const MatchSettings& s, const GameRecord& r) {
    PdnGame g;
    const auto& white = s.engines[static_cast<std::size_t>(r.seat_engines[0])].name;
    const auto& black = s.engines[static_cast<std::size_t>(r.seat_engines[1])].name;
    const int white_points = r.end.places[0] < 1.5 ? 2 : r.end.places[0] > 1.5 ? 0 : 1;
    // An opening that is a short sequence of moves from the start is written as
    // those moves, as other programs write ballots; a setup keeps its FEN tag.
    std::string fen = r.opening_text;
    std::vector<std::string> opening;
    if (!fen.empty())
        if (auto moves = cached_opening_moves(s, fen)) {
            opening = *moves;
            fen.clear();
        }
    g.tags = {{"Event", "damier-match"},
              {"Site", "?"},
              {"Date", today()},
              {"Round", std::to_string(r.set + 1) + "." + std::to_string(r.rotation + 1)},
              {"White", white},
              {"Black", black},
              {"Result", pdn_result(s.variant, white_points)},
              {"GameType", pdn_game_type(s.variant)},
              {"FEN", fen},
              {"Opening", r.opening_name},
              {"TimeControl", s.time.pdn()}};
    // Depth and node limits have no PGN form (TimeControl "-"): say what they were.
    if (s.time.kind == TimeControl::Kind::Depth || s.time.kind == TimeControl::Kind::Nodes)
        g.tags.emplace_back("EngineLimit", s.time.describe());
    g.tags.emplace_back("Termination", r.end.reason);
    g.moves = opening;
    g.comments.assign(opening.size(), "");
    g.moves.insert(g.moves.end(), r.moves.begin(), r.moves.end());
    g.comments.insert(g.comments.end(), r.comments.begin(), r.comments.end());
    g.result = pdn_result(s.variant, white_points);
    g.black_moves_first_in_fen = fen.empty() ? false : r.opening_mid_move;
    return write_pdn(g);
}

std::string halma_record_text(const MatchSettings& s, const GameRecord& r, const halma::Rules& rules) {
    std::string seats, result;
    for (std::size_t i = 0; i < r.seat_engines.size(); ++i) {
        const std::string camp = std::to_string(rules.seat(static_cast<int>(i)) + 1);
        seats += (i ? " " : "") + camp + ":" + s.engines[static_cast<std::size_t>(r.seat_engines[i])].name;
        result += (i ? " " : "") + camp + ":" + format_place(r.end.places[i]);
    }
    std::string text = "[Game \"" + std::to_string(r.index + 1) + "\"]\n[Variant \"" + s.variant + "\"]\n[Players \"" +
                       std::to_string(s.halma.players) + "\"]\n[Seats \"" + seats + "\"]\n[Opening \"" + r.opening_text +
                       "\"]\n[Places \"" + result + "\"]\n[Termination \"" + r.end.reason + "\"]\n";
    std::string line;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        std::string token = r.moves[i] + " {" + r.comments[i] + "}";
        if (line.size() + token.size() > 78) {
            text += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + token;
    }
    return text + line + "\n\n";
}

}  // namespace damier::match
