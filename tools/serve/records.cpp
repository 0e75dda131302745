#include "tools/serve/records.hpp"

#include "tools/match/pdn.hpp"
#include "tools/match/records.hpp"

namespace damier::serve {

namespace {

std::string draughts_record(const GameText& t) {
    match::PdnGame g;
    const std::string variant(t.game.rule_set().name);
    std::string result = "*";
    auto end = t.game.result();
    if (end) {
        const int white_points = end->places[0] < end->places[1] ? 2 : end->places[0] > end->places[1] ? 0 : 1;
        result = match::pdn_result(variant, white_points);
    }
    g.tags = {{"Event", "damier-serve"},
              {"Site", "?"},
              {"White", t.names.at(0)},
              {"Black", t.names.at(1)},
              {"Result", result},
              {"GameType", std::string(t.game.pdn_gametype())},
              {"FEN", t.from_rules_start ? "" : t.start_record}};
    if (end) g.tags.emplace_back("Termination", end->reason);
    g.moves = t.moves;
    g.comments.assign(t.moves.size(), "");
    g.result = result;
    g.black_moves_first_in_fen = !t.from_rules_start && t.second_mover_first;
    return match::write_pdn(g);
}

std::string chinese_record(const GameText& t) {
    std::string out = "[Event \"damier-serve\"]\n[Variant \"" + std::string(t.game.rule_set().name) + "\"]\n";
    out += "[Players \"" + std::to_string(t.game.seats()) + "\"]\n";
    for (std::size_t i = 0; i < t.names.size(); ++i)
        out += "[Seat" + std::to_string(i + 1) + " \"" + t.names[i] + "\"]\n";
    out += "[Position \"" + t.start + "\"]\n";
    auto end = t.game.result();
    if (end) {
        std::string places;
        for (double p : end->places) places += (places.empty() ? "" : " ") + match::format_place(p);
        out += "[Places \"" + places + "\"]\n[Termination \"" + end->reason + "\"]\n";
    }
    out += "\n";
    const std::size_t seats = static_cast<std::size_t>(t.game.seats());
    std::string line;
    for (std::size_t i = 0; i < t.moves.size(); ++i) {
        std::string word = (i % seats == 0 ? std::to_string(i / seats + 1) + ". " : "") + t.moves[i];
        if (line.size() + word.size() + 1 > 80) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    out += line + (line.empty() ? "" : " ") + (end ? "#" : "*") + "\n";
    return out;
}

}  // namespace

std::string record_text(const GameText& text) {
    return text.game.rule_set().family == Family::Draughts ? draughts_record(text) : chinese_record(text);
}

}  // namespace damier::serve
