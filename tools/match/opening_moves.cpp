#include "tools/match/opening_moves.hpp"

#include "engine/draughts/movegen.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"

namespace damier::match {

namespace {

using draughts::Color;

// Positions visited before the search gives up: a setup that no short sequence
// reaches (pieces taken off the board) must not cost more than a fraction of a second.
constexpr long kNodeBudget = 2'000'000;

// Depth-first search for `target` in exactly `plies` plies, pruned by lower
// bounds: every piece of a side that is not on one of that side's target squares
// must move (a move of its side) or be captured (at most as many as the side has
// too many), and every new king takes a move of its side.
template <class R>
bool find_path(const draughts::Position<typename R::board>& p, const draughts::Position<typename R::board>& target,
               int plies, std::vector<draughts::Move<typename R::board>>& path, long& budget) {
    if (plies == 0) return p == target;
    if (--budget < 0) return false;
    for (Color c : {Color::White, Color::Black}) {
        const int have = popcount(p.pieces[draughts::index(c)]), want = popcount(target.pieces[draughts::index(c)]);
        if (have < want) return false;
        const int misplaced = popcount(p.pieces[draughts::index(c)] & ~target.pieces[draughts::index(c)]);
        const int own_plies = c == p.side ? (plies + 1) / 2 : plies / 2;
        if (misplaced - (have - want) > own_plies) return false;
        if (popcount(target.kings_of(c) & ~p.kings_of(c)) > own_plies) return false;
    }
    draughts::MoveList<typename R::board> moves;
    draughts::MoveGen<R>::generate(p, moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        path.push_back(moves[i]);
        if (find_path<R>(p.after(moves[i]), target, plies - 1, path, budget)) return true;
        path.pop_back();
    }
    return false;
}

}  // namespace

std::optional<std::vector<std::string>> opening_moves(const std::string& variant, bool nocapture, const std::string& fen,
                                                      int max_plies) {
    std::optional<std::vector<std::string>> found;
    draughts::with_variant(variant, nocapture, [&]<class R>() {
        using N = draughts::Notation<R>;
        auto target = N::parse_fen(fen);
        if (!target) return;
        std::vector<draughts::Move<typename R::board>> path;
        long budget = kNodeBudget;
        for (int plies = 0; plies <= max_plies && !found && budget > 0; ++plies) {
            path.clear();
            auto p = N::start();
            if (!find_path<R>(p, *target, plies, path, budget)) continue;
            std::vector<std::string> moves;
            for (const auto& m : path) {
                moves.push_back(N::pdn_move(p, m));
                p = p.after(m);
            }
            found = moves;
        }
    });
    return found;
}

}  // namespace damier::match
