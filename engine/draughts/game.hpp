// A draughts game: the position plus what the draw rules need (repetition history
// and the move counters of each rule set), with play and undo.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/draughts/movegen.hpp"

namespace damier::draughts {

enum class Outcome { Ongoing, WhiteWins, BlackWins, Draw };

struct GameResult {
    Outcome outcome = Outcome::Ongoing;
    std::string reason;  // "no legal move", "threefold repetition", ...
};

template <RuleSet R>
class Game {
public:
    using B = typename R::board;
    using Bits = typename B::Bits;
    using Pos = Position<B>;

    explicit Game(const Pos& start) { history_.push_back(State{start, start.key(), 0, 0, 0}); }

    const Pos& position() const { return history_.back().position; }
    std::uint64_t key() const { return history_.back().key; }
    int ply() const { return static_cast<int>(history_.size()) - 1; }
    // Plies since the last move that resets the rule set's no-progress counter.
    int quiet_plies() const { return history_.back().quiet_plies; }
    // Plies played in the current FMJD lone-king ending (0 when not in one).
    int endgame_plies() const { return history_.back().endgame_plies; }

    void legal_moves(MoveList<B>& out) const { MoveGen<R>::generate(position(), out); }

    // Plays m, which must be one of legal_moves().
    void play(const Move<B>& m) {
        const State& now = history_.back();
        const Pos& p = now.position;
        State next{p.after(m), p.key_after(now.key, m), 0, 0, 0};
        const bool man_moved = !((p.kings >> m.from) & 1);
        const bool irreversible = m.is_capture() || man_moved;
        next.reversible_plies = irreversible ? 0 : now.reversible_plies + 1;
        bool reset = m.is_capture() || (R::quiet_counter_reset == QuietCounterReset::CaptureOrManMove
                                            ? man_moved
                                            : m.crowns);
        next.quiet_plies = reset ? 0 : now.quiet_plies + 1;
        if (endgame_limit(next.position) > 0)
            next.endgame_plies = (endgame_limit(p) > 0 && !m.is_capture()) ? now.endgame_plies + 1 : 0;
        history_.push_back(next);
    }

    void undo() {
        if (history_.size() > 1) history_.pop_back();
    }

    // How many times the current position (same side to move) has occurred.
    int repetitions() const {
        const State& now = history_.back();
        int count = 1;
        const int n = static_cast<int>(history_.size()) - 1;
        for (int back = 2; back <= now.reversible_plies && back <= n; back += 2)
            if (history_[static_cast<std::size_t>(n - back)].key == now.key) ++count;
        return count;
    }

    GameResult result() const {
        const Pos& p = position();
        if (!MoveGen<R>::has_legal_move(p))
            return {p.side == Color::White ? Outcome::BlackWins : Outcome::WhiteWins, "no legal move"};
        if (repetitions() >= 3) return {Outcome::Draw, "threefold repetition"};
        if (quiet_plies() >= R::quiet_draw_plies)
            return {Outcome::Draw, std::to_string(R::quiet_draw_plies / 2) + " moves each without progress"};
        int limit = endgame_limit(p);
        if (limit > 0 && endgame_plies() >= limit)
            return {Outcome::Draw, std::to_string(limit / 2) + " moves each in a lone-king ending"};
        return {};
    }

    // FMJD endgame rules: against a lone king, three pieces including a king draw after
    // 16 moves each, two pieces or fewer (with a king) after 5 moves each.
    static int endgame_limit(const Pos& p) {
        if constexpr (!R::fmjd_endgame_rules) {
            return 0;
        } else {
            if (!p.kings) return 0;
            for (Color lone : {Color::White, Color::Black}) {
                Color other = opponent(lone);
                if (popcount(p.pieces[index(lone)]) != 1 || !p.kings_of(lone)) continue;
                int pieces = popcount(p.pieces[index(other)]);
                if (!p.kings_of(other)) continue;
                if (pieces == 3) return 32;
                if (pieces <= 2) return 10;
            }
            return 0;
        }
    }

private:
    struct State {
        Pos position;
        std::uint64_t key;
        int reversible_plies;  // since the last capture or man move: the repetition window
        int quiet_plies;
        int endgame_plies;
    };
    std::vector<State> history_;
};

}  // namespace damier::draughts
