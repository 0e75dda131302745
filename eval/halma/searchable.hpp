// Chinese checkers presented to the search (search/game_concepts.hpp).
//
// Both adapters keep a stack of positions (the rules' play() is copy-make) whose
// bottom is the position the search starts from.
//
// TwoPlayerAdapter (2 seats, chinese or diamond) for the two-player alpha-beta.
// That concept knows one kind of game end, "no legal move = the side to move has
// lost", plus drawn(). A Chinese checkers game can also end with the side to move
// as the winner (with anti-blocking a move can complete the opponent's goal; the
// stagnation ranking can favour either player), so the adapter keeps the side
// whose turn it is from the search's point of view (the players alternate, passes
// included) and, at a game over:
// - a shared place (move limit, stagnation tie): drawn() is true;
// - the side to move lost: no legal moves;
// - the side to move won: one legal move, a pass that claims the win and hands
//   the turn to the loser, who then has no legal moves. The win is one ply later
//   than the move that decided it, which leaves the search's ordering of wins by
//   distance intact.
// drawn() is also true when the position repeats one on the stack.
//
// MultiPlayerAdapter (2-6 seats) for the multi-player search: seats are indices
// in the seating order of the rules (not camps). give_turn(seat) plays passes
// until that seat moves, so the move limit and stagnation count them as the
// rules count passes; a seat out of the game (or a game over) cannot be given
// the turn and the position stays as it is (undo() still pops it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/halma/game.hpp"
#include "eval/halma/eval.hpp"
#include "search/game_concepts.hpp"

namespace damier::halma {

inline constexpr std::size_t HistorySlots = CellCount * CellCount;
inline std::size_t history_slot_of(const Move& m) { return std::size_t{m.from} * CellCount + m.to; }

class TwoPlayerAdapter {
public:
    using Move = halma::Move;
    using MoveList = halma::MoveList;
    static constexpr std::size_t history_slots = HistorySlots;

    TwoPlayerAdapter(const Rules& rules, const Position& root)
        : TwoPlayerAdapter(rules, root, builtin_weights_for(rules)) {}
    TwoPlayerAdapter(const Rules& rules, const Position& root, const Weights& weights) : eval_(rules, weights) {
        stack_.reserve(256);
        stack_.push_back({root, root.side, false});
    }

    const Position& position() const { return top().position; }
    const Rules& rules() const { return eval_.rules(); }
    // The camp to move from the search's point of view.
    int side() const { return top().side; }

    std::uint64_t key() const { return top().position.key ^ (top().claimed ? ClaimKey : 0); }

    void legal_moves(MoveList& list) const {
        const Node& n = top();
        list.clear();
        if (!n.position.over) MoveGen::generate(rules(), n.position, list);
        else if (outcome(n) > 0) list.push(Move::pass());
    }

    void play(const Move& m) {
        const Node& n = top();
        const int next = rules().next_seat(n.side);
        if (n.position.over) stack_.push_back({n.position, next, true});
        else stack_.push_back({halma::play(rules(), n.position, m), next, false});
    }
    void undo() { stack_.pop_back(); }

    bool drawn() const {
        const Node& n = top();
        if (n.position.over) return outcome(n) == 0;
        const std::uint64_t k = key();
        for (std::size_t i = 0; i + 1 < stack_.size(); ++i)
            if (stack_[i].position.key == k && !stack_[i].claimed) return true;
        return false;
    }

    search::Score evaluate() const {
        const Node& n = top();
        const int plies = static_cast<int>(stack_.size()) - 1;
        if (n.position.over) {
            const int o = outcome(n);
            return o > 0 ? search::win_in(plies + 1) : o < 0 ? search::loss_in(plies) : 0;
        }
        return eval_.score(n.position, n.side, rules().next_seat(n.side));
    }

    bool forcing() const { return false; }
    bool is_tactical(const Move&) const { return false; }
    std::size_t history_slot(const Move& m) const { return history_slot_of(m); }
    int ply() const { return static_cast<int>(top().position.ply) + (top().claimed ? 1 : 0); }

private:
    struct Node {
        Position position;
        int side;      // camp to move for the search
        bool claimed;  // the winner's claiming pass was played
    };
    static constexpr std::uint64_t ClaimKey = 0x9B3C5A1F7E2D4C68ull;

    const Node& top() const { return stack_.back(); }
    // At a game over: +1 the side to move placed better, -1 worse, 0 shared.
    int outcome(const Node& n) const {
        const int mine = n.position.place2[n.side], theirs = n.position.place2[rules().next_seat(n.side)];
        return mine < theirs ? 1 : mine > theirs ? -1 : 0;
    }

    Evaluator eval_;
    std::vector<Node> stack_;
};

class MultiPlayerAdapter {
public:
    using Move = halma::Move;
    using MoveList = halma::MoveList;
    static constexpr std::size_t history_slots = HistorySlots;

    MultiPlayerAdapter(const Rules& rules, const Position& root)
        : MultiPlayerAdapter(rules, root, builtin_weights_for(rules)) {}
    MultiPlayerAdapter(const Rules& rules, const Position& root, const Weights& weights) : eval_(rules, weights) {
        stack_.reserve(512);
        stack_.push_back(root);
    }

    const Position& position() const { return stack_.back(); }
    const Rules& rules() const { return eval_.rules(); }

    int players() const { return rules().players(); }
    int to_move() const { return eval_.seat_of(position().side); }
    std::uint64_t key() const { return position().key; }
    void legal_moves(MoveList& list) const { MoveGen::generate(rules(), position(), list); }
    void play(const Move& m) { stack_.push_back(halma::play(rules(), position(), m)); }
    void undo() { stack_.pop_back(); }

    void give_turn(int seat) {
        Position p = position();
        const int camp = rules().seat(seat);
        if (!p.place2[camp])
            while (!p.over && p.side != camp) p = halma::play(rules(), p, Move::pass());
        stack_.push_back(p);
    }

    bool over() const { return position().over; }
    // A game over's values count the plies from the bottom of the stack (the search's root).
    search::Values values() const { return eval_.values(position(), ply()); }
    std::size_t history_slot(const Move& m) const { return history_slot_of(m); }
    // BRS+'s guess at an opponent's move: the one that advances furthest towards its
    // goal, the first listed (from the rear) among equals.
    std::size_t likely_move(const MoveList& list) const {
        const int camp = position().side;
        std::size_t best = 0;
        for (std::size_t i = 1; i < list.size(); ++i)
            if (eval_.advance(camp, list[i]) > eval_.advance(camp, list[best])) best = i;
        return best;
    }
    // Plies (passes included) since the bottom of the stack.
    int ply() const { return static_cast<int>(position().ply - stack_.front().ply); }
    // A game over's value of a seat had it come `plies` plies later (see Evaluator::values).
    search::Score final_value_later(search::Score value, int plies) const {
        return Evaluator::final_value_later(value, players(), plies);
    }

private:
    Evaluator eval_;
    std::vector<Position> stack_;
};

static_assert(search::TwoPlayerGame<TwoPlayerAdapter>);
static_assert(search::MultiPlayerGame<MultiPlayerAdapter>);
static_assert(search::LikelyMoves<MultiPlayerAdapter>);

}  // namespace damier::halma
