// A draughts game as the search sees it (search/game_concepts.hpp): the rules of
// engine/draughts and the evaluation of eval/draughts.
#pragma once

#include "engine/draughts/game.hpp"
#include "eval/draughts/egdb_probe.hpp"
#include "eval/draughts/eval.hpp"
#include "search/game_concepts.hpp"

namespace damier::eval::draughts {

using damier::draughts::Game;
using damier::draughts::MoveGen;

template <RuleSet R>
class Searchable {
public:
    using B = typename R::board;
    using Move = damier::draughts::Move<B>;
    using MoveList = damier::draughts::MoveList<B>;
    static constexpr std::size_t history_slots = std::size_t{B::bit_count} * B::bit_count;
    // ProbCut's margin per ply of depth, in centi-men (search/SPRT.md, entry 1).
    static constexpr int probcut_margin = 5;

    explicit Searchable(const Game<R>& game, const Weights& weights = builtin_weights(R::name),
                        EgdbTables<R> endgame_tables = nullptr)
        : game_(game),
          weights_(weights),
          egdb_(std::move(endgame_tables)),
          root_ply_(game.ply()),
          root_pieces_(popcount(game.position().occupied())) {}

    const Game<R>& game() const { return game_; }
    const Position<B>& position() const { return game_.position(); }

    std::uint64_t key() const { return game_.key(); }
    // The key after m, without playing it (for table prefetches).
    std::uint64_t key_after(const Move& m) const { return game_.position().key_after(game_.key(), m); }
    // At the root, only the moves that keep the endgame databases' value.
    void legal_moves(MoveList& list) const {
        game_.legal_moves(list);
        if (egdb_ && game_.ply() == root_ply_) egdb_filter_root(*egdb_, game_.position(), list);
    }
    void play(const Move& m) { game_.play(m); }
    void undo() { game_.undo(); }

    // A repetition counts as a draw inside the search (the side that could avoid
    // it would have); the move counters as the rules say.
    bool drawn() const {
        if (game_.quiet_plies() >= R::quiet_draw_plies) return true;
        const int limit = Game<R>::endgame_limit(game_.position());
        if (limit > 0 && game_.endgame_plies() >= limit) return true;
        return game_.repetitions() >= 2;
    }
    search::Score evaluate() const { return eval::draughts::evaluate<R>(game_.position(), weights_); }
    // The endgame databases' score, when they hold this position and it has fewer
    // pieces than the root (egdb_probe.hpp): within the root's own ending the
    // search looks for the way to convert instead of stopping at the database.
    std::optional<search::Score> probe() const {
        const int pieces = popcount(game_.position().occupied());
        if (!egdb_ || pieces >= root_pieces_ || pieces > egdb_->max_pieces()) return std::nullopt;
        return egdb_score(*egdb_, game_.position(), evaluate());
    }
    // Only a mandatory capture forces: with optional captures the side may stand pat.
    bool forcing() const { return R::capture_mandatory && MoveGen<R>::capture_possible(game_.position()); }
    static bool is_tactical(const Move& m) { return m.is_capture() || m.crowns; }
    // The moves that crown a man, for quiescence at a quiet position: whether a
    // man one step from the crown row gets through is what the static score
    // cannot see. Cheap when no man of the side to move stands one step away.
    void crowning_moves(MoveList& list) const {
        list.clear();
        const auto& p = position();
        const int row_before = p.side == Color::White ? 1 : B::rows - 2;
        if ((p.pieces[index(p.side)] & ~p.kings & B::row_mask(row_before)) == 0) return;
        legal_moves(list);
        std::size_t kept = 0;
        for (std::size_t i = 0; i < list.size(); ++i)
            if (list[i].crowns) list[kept++] = list[i];
        list.truncate(kept);
    }
    // Appends the quiet moves that offer an exchange: after them the opponent
    // must capture, each of his captures takes one piece, and every one of them
    // can be taken back. The quiescence search then sees whether the trade is
    // even or a shot. Only with mandatory captures and no king on the board,
    // where capture lines stay short.
    void exchange_moves(MoveList& list) const {
        if constexpr (R::capture_mandatory) {
            const auto& p = position();
            if (p.kings) return;
            MoveList quiet, replies;
            game_.legal_moves(quiet);
            for (std::size_t i = 0; i < quiet.size(); ++i) {
                if (quiet[i].crowns) continue;
                const auto offered = p.after(quiet[i]);
                if (!MoveGen<R>::capture_possible(offered)) continue;
                MoveGen<R>::generate(offered, replies);
                bool exchange = true;
                for (std::size_t k = 0; k < replies.size() && exchange; ++k)
                    exchange = popcount(replies[k].captured) == 1 &&
                               MoveGen<R>::capture_possible(offered.after(replies[k]));
                if (exchange) list.push(quiet[i]);
            }
        }
    }
    static std::size_t history_slot(const Move& m) { return std::size_t{m.from} * B::bit_count + m.to; }

private:
    Game<R> game_;
    Weights weights_;
    EgdbTables<R> egdb_;
    int root_ply_;
    int root_pieces_;
};

}  // namespace damier::eval::draughts
