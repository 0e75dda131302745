// The two-player search against plain minimax, and its determinism.
#include <gtest/gtest.h>


#include "engine/draughts/notation.hpp"
#include "eval/draughts/searchable.hpp"
#include "search/alphabeta.hpp"
#include "random_games.hpp"

namespace damier::search {
namespace {

using draughts::Game;
using draughts::Notation;
template <class R>
using Adapter = eval::draughts::Searchable<R>;

// Negamax with the same leaves as the search: forcing positions are played out,
// others evaluated.
template <class G>
Score minimax(G& g, int depth, int ply) {
    if (ply > 0 && g.drawn()) return 0;
    if (depth <= 0 && !g.forcing()) return std::clamp<Score>(g.evaluate(), -WinBound + 1, WinBound - 1);
    typename G::MoveList list;
    g.legal_moves(list);
    if (list.size() == 0) return loss_in(ply);
    Score best = -Infinite;
    for (std::size_t i = 0; i < list.size(); ++i) {
        g.play(list[i]);
        best = std::max<Score>(best, -minimax(g, depth - 1, ply + 1));
        g.undo();
    }
    return best;
}

template <class R>
std::vector<Game<R>> sample_games(int count, std::uint64_t seed) {
    return testing::random_games<R>(count, seed, 4, 60);
}

template <class R>
void expect_minimax_values(bool use_table) {
    SearchParameters exact;
    exact.use_table = use_table;
    exact.reductions = false;
    exact.probcut = false;
    exact.single_reply_extension = false;
    exact.quiescence_exchanges = false;  // minimax's leaves are static
    TranspositionTable table(1);
    AlphaBeta<Adapter<R>> engine(table, exact);
    Control control;
    for (const auto& game : sample_games<R>(12, 11)) {
        for (int depth = 1; depth <= 3; ++depth) {
            Adapter<R> root(game);
            Limits limits;
            limits.depth = depth;
            table.clear();
            auto result = engine.run(root, limits, 1, control);
            Adapter<R> reference(game);
            EXPECT_EQ(result.score, minimax(reference, depth, 0))
                << R::name << " depth " << depth << " " << Notation<R>::fen(game.position());
        }
    }
}

TEST(AlphaBeta, EqualsMinimaxWithTable) {
    expect_minimax_values<draughts::International>(true);
    expect_minimax_values<draughts::Russian>(true);
    expect_minimax_values<draughts::American>(true);
    expect_minimax_values<draughts::Italian>(true);
}

TEST(AlphaBeta, EqualsMinimaxWithoutTable) {
    expect_minimax_values<draughts::International>(false);
    expect_minimax_values<draughts::Brazilian>(false);
    expect_minimax_values<draughts::Spanish>(false);
}

TEST(AlphaBeta, OneThreadDepthLimitIsRepeatable) {
    using R = draughts::International;
    for (const auto& game : sample_games<R>(3, 5)) {
        std::vector<std::pair<std::uint64_t, std::string>> runs;
        for (int run = 0; run < 2; ++run) {
            TranspositionTable table(4);
            AlphaBeta<Adapter<R>> engine(table);
            Control control;
            Limits limits;
            limits.depth = 7;
            auto result = engine.run(Adapter<R>(game), limits, 1, control);
            runs.emplace_back(result.nodes, Notation<R>::hub_move(result.best));
        }
        EXPECT_EQ(runs[0], runs[1]);
    }
}

}  // namespace
}  // namespace damier::search
