// Shared helpers for the hand-built draughts rule tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/draughts/game.hpp"
#include "engine/draughts/movegen.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/draughts/rules.hpp"

namespace damier::draughts::testing {

// The position of a FEN; fails the current test (and returns an empty position)
// when the FEN does not parse.
template <class R>
Position<typename R::board> position(const std::string& fen) {
    auto r = Notation<R>::parse_fen(fen);
    EXPECT_TRUE(r.ok()) << "bad FEN " << fen << ": " << r.error();
    if (!r.ok()) return Position<typename R::board>{};
    return *r;
}

// All legal moves of a position, in Hub form, sorted.
template <class R>
std::vector<std::string> moves_of(const Position<typename R::board>& p) {
    MoveList<typename R::board> list;
    MoveGen<R>::generate(p, list);
    std::vector<std::string> out;
    for (const auto& m : list) out.push_back(Notation<R>::hub_move(m));
    std::sort(out.begin(), out.end());
    return out;
}

// All legal moves of a FEN position, in Hub form, sorted.
template <class R>
std::vector<std::string> legal_moves(const std::string& fen) {
    auto r = Notation<R>::parse_fen(fen);
    EXPECT_TRUE(r.ok()) << "bad FEN " << fen << ": " << r.error();
    if (!r.ok()) return {"<bad FEN: " + r.error() + ">"};
    return moves_of<R>(*r);
}

// The expected list, sorted, for comparison with legal_moves().
inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// The legal move whose Hub form is `hub`; fails the test when there is none.
template <class R>
Move<typename R::board> find_move(const Position<typename R::board>& p, const std::string& hub) {
    MoveList<typename R::board> list;
    MoveGen<R>::generate(p, list);
    for (const auto& m : list)
        if (Notation<R>::hub_move(m) == hub) return m;
    ADD_FAILURE() << "move " << hub << " is not legal in " << Notation<R>::fen(p);
    return Move<typename R::board>{typename R::board::Bits{0}, 0, 0, false};
}

// Whether the legal move `hub` crowns the moving man.
template <class R>
bool crowns(const std::string& fen, const std::string& hub) {
    auto p = position<R>(fen);
    return find_move<R>(p, hub).crowns;
}

// Plays the Hub moves in order on a game; fails the test on an illegal one.
template <class R>
void play_all(Game<R>& g, const std::vector<std::string>& hubs) {
    for (const auto& h : hubs) {
        MoveList<typename R::board> list;
        g.legal_moves(list);
        bool found = false;
        for (const auto& m : list) {
            if (Notation<R>::hub_move(m) == h) {
                g.play(m);
                found = true;
                break;
            }
        }
        if (!found) {
            ADD_FAILURE() << "move " << h << " is not legal in " << Notation<R>::fen(g.position());
            return;
        }
    }
}

}  // namespace damier::draughts::testing
