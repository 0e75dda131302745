#include "protocol/hub_game_view.hpp"

#include <cstdio>

#include "engine/core/text.hpp"

namespace damier::hub {

namespace {

// Numbers joined by ',' ("-" for none, so that every list entry is one word).
std::string joined_numbers(const std::vector<int>& numbers) {
    if (numbers.empty()) return "-";
    std::string text;
    for (int n : numbers) text += (text.empty() ? "" : ",") + std::to_string(n);
    return text;
}

std::string side_name(const AnyGame& game, int seat) {
    if (game.rule_set().family == Family::Draughts) return seat == 0 ? "white" : "black";
    return std::to_string(seat + 1);
}

}  // namespace

OptionValues rule_options(const Options& options) {
    OptionValues values;
    const std::string& variant = options.text("variant");
    for (const GameOption& option : options_of(variant)) {
        const std::string name(option.name);
        // nocapture is an 8x8 house rule: kept for later on other boards (as the session does).
        if (name == "nocapture" && find_rule_set(variant)->board_size != 8) continue;
        values.emplace_back(name, options.text(name));
    }
    return values;
}

std::string moves_line(const AnyGame& game) {
    std::string hub, pdn, captured, path;
    const auto moves = game.legal_moves();
    for (const LegalMove& m : moves) {
        const char* gap = hub.empty() ? "" : " ";
        hub += gap + m.text;
        pdn += gap + m.record_text;
        captured += gap + joined_numbers(m.captured);
        path += gap + joined_numbers(m.path);
    }
    return "moves count=" + std::to_string(moves.size()) + " hub=" + format_value(hub) + " pdn=" + format_value(pdn) +
           " captured=" + format_value(captured) + " path=" + format_value(path);
}

std::string status_line(const AnyGame& game) {
    std::string line = "status variant=" + std::string(game.rule_set().name) +
                       " seats=" + std::to_string(game.seats()) + " to-move=" + side_name(game, game.to_move());
    if (auto end = game.result()) {
        std::string places;
        for (double place : end->places) {
            char text[16];
            std::snprintf(text, sizeof text, "%g", place);
            places += (places.empty() ? "" : " ") + std::string(text);
        }
        line += " over=true";
        if (game.rule_set().family == Family::Draughts)
            line += std::string(" result=") + (end->places[0] < end->places[1]   ? "1-0"
                                               : end->places[0] > end->places[1] ? "0-1"
                                                                                 : "1/2-1/2");
        line += " places=" + format_value(places) + " reason=" + format_value(end->reason);
    } else {
        line += " over=false";
    }
    return line + " " + game.draw_state() + " pos=" + format_value(game.position());
}

void GameView::reset(const Options& options) {
    auto made = make_game(options.text("variant"), rule_options(options));
    if (!made) return;  // unreachable: the options were checked
    game_ = std::move(made.value());
    start_ = game_->position();
}

void GameView::set_position(const Line& line) {
    if (!game_) return;
    // Only Chinese checkers takes these fields; a draughts session ignores them.
    std::vector<std::pair<std::string, std::string>> fields;
    if (game_->rule_set().family == Family::ChineseCheckers)
        for (const char* name : {"resigned", "ply"})
            if (auto value = line.value(name)) fields.emplace_back(name, *value);
    std::string start = start_;
    if (auto text = line.value("pos")) {
        // The session takes a FEN only as fen=, so a FEN in pos= is refused here too.
        if (game_->rule_set().family == Family::Draughts && text->find(':') != std::string::npos) return;
        start = *text;
    } else if (auto fen = line.value("fen"); fen && game_->rule_set().family == Family::Draughts) {
        start = *fen;
    }
    if (!game_->set_position_with(start, fields).empty()) return;
    const std::string moves = line.value("moves").value_or("");  // split() returns views into it
    for (auto word : split(moves, " \t")) {
        if (word.empty()) continue;
        if (!game_->play(word)) break;
    }
}

}  // namespace damier::hub
