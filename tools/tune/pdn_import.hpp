// Training positions from PDN game collections (damier-tune import): the quiet
// positions of every finished game, labelled with the game's result as the
// self-play positions are (selfplay.hpp), and with the mover's search score where
// the move's comment holds one as damier-match writes it ("{+0.12/14 0.153s}":
// men from the mover's view, then the depth).
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"
#include "engine/core/text.hpp"
#include "engine/draughts/game.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/rule_sets.hpp"

namespace damier::tune {

// One game of a PDN file as written: its tags, its moves each with the comment
// after it, and the result token that ends its movetext.
struct PdnRecord {
    int line = 0;  // where the game starts in its file
    std::vector<std::pair<std::string, std::string>> tags;
    std::vector<std::string> moves, comments;  // comments: one per move, "" when none
    std::vector<int> move_lines;
    std::string result;  // "" when the movetext has none
    const std::string* tag(std::string_view name) const {
        for (const auto& [n, v] : tags)
            if (n == name) return &v;
        return nullptr;
    }
};

// Splits PDN text into games. Move numbers ("12." "12..."), NAGs ("$3"), move
// marks ("!", "?"), variations "( ... )" and ";" line comments are passed over.
// An error names the line of text that is not PDN: an unterminated tag, comment
// or variation.
Result<std::vector<PdnRecord>> split_pdn(std::string_view text);

// 1, 0.5 or 0 for White from a result token ("2-0", "1-1", "0-2", "1-0",
// "1/2-1/2", "0-1"); nothing for "*" or anything else.
std::optional<double> white_result(std::string_view token);

// The score in men at the start of a damier-match move comment ("+0.12/14 ..."),
// the mover's view; nothing when the comment does not start so.
std::optional<double> comment_score(std::string_view comment);

// A game's positions as training lines: "FEN<TAB>result<TAB>game[<TAB>score]", the
// result and score (centi-men) from White's view, quiet positions only (the fit
// reads no others). With `scores`, only positions whose move carries a score.
struct ImportedGame {
    std::vector<std::string> lines;
    std::string error;  // why the game was not taken, "" when it was
    bool unfinished = false;  // no result ("*" or none): not an error, not taken
};

template <draughts::RuleSet R>
ImportedGame import_game(const PdnRecord& record, std::uint64_t game_id, bool scores) {
    using N = draughts::Notation<R>;
    ImportedGame out;
    auto fail = [&](int line, const std::string& why) {
        out.error = "line " + std::to_string(line) + ": " + why;
        out.lines.clear();
        return out;
    };
    // The result token of the movetext, or the Result tag; when both give one, the same.
    const std::string* tag = record.tag("Result");
    const auto from_movetext = white_result(record.result), from_tag = tag ? white_result(*tag) : std::nullopt;
    if (from_movetext && from_tag && *from_movetext != *from_tag)
        return fail(record.line, "the Result tag " + damier::quoted(*tag) + " and the movetext's " +
                                     damier::quoted(record.result) + " disagree");
    const auto result = from_movetext ? from_movetext : from_tag;
    if (!result) {
        out.unfinished = true;
        return out;
    }
    if (record.moves.empty()) return fail(record.line, "a result without moves");
    if (const std::string* type = record.tag("GameType")) {
        const std::string_view number = std::string_view(*type).substr(0, type->find(','));
        if (number != pdn_game_type_number(R::name))
            return fail(record.line, "GameType " + damier::quoted(*type) + " is not " + std::string(R::name) + " (" +
                                         std::string(pdn_game_type_number(R::name)) + ")");
    }
    auto start = N::start();
    if (const std::string* fen = record.tag("FEN")) {
        auto parsed = N::parse_fen(*fen);
        if (!parsed) return fail(record.line, "bad FEN tag: " + parsed.error());
        start = *parsed;
    }
    draughts::Game<R> game(start);
    const std::size_t black_first = start.side == draughts::Color::Black ? 1 : 0;  // for move numbers
    const std::string label = std::string(*result == 1 ? "1" : *result == 0 ? "0" : "0.5") + "\t" + std::to_string(game_id);
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const auto& p = game.position();
        auto move = N::parse_move(p, record.moves[i]);
        if (!move) return fail(record.move_lines[i], "move " + std::to_string((i + black_first) / 2 + 1) + ": " + move.error());
        const auto score = comment_score(record.comments[i]);
        if (!draughts::MoveGen<R>::capture_possible(p) && (score || !scores)) {
            std::string line = N::fen(p) + "\t" + label;
            if (scores) {
                const long centi = std::lround(*score * 100);
                line += "\t" + std::to_string(p.side == draughts::Color::White ? centi : -centi);
            }
            out.lines.push_back(std::move(line));
        }
        game.play(*move);
    }
    return out;
}

}  // namespace damier::tune
