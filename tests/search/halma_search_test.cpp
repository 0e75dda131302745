// The Chinese checkers side of the search: the evaluation and the two adapters
// (eval/halma), and the multi-player search on real positions: determinism,
// node, depth and stop limits, a whole 3-player game, threads, and final values
// in the table at another ply.
#include <gtest/gtest.h>

#include <atomic>
#include <iterator>
#include <memory>
#include <numeric>
#include <random>

#include "eval/halma/searchable.hpp"
#include "search/alphabeta.hpp"
#include "search/multiplayer.hpp"

namespace {

namespace h = damier::halma;
namespace s = damier::search;

static_assert(s::TwoPlayerGame<h::TwoPlayerAdapter>);
static_assert(s::MultiPlayerGame<h::MultiPlayerAdapter>);

constexpr s::MultiAlgorithm Algorithms[] = {s::MultiAlgorithm::Paranoid, s::MultiAlgorithm::BestReply,
                                            s::MultiAlgorithm::BestReplyPlus, s::MultiAlgorithm::MaxN};
// Best-reply and BRS+ count depth in layers (the root seat's moves and the opponents' replies).
bool counts_layers(s::MultiAlgorithm a) {
    return a == s::MultiAlgorithm::BestReply || a == s::MultiAlgorithm::BestReplyPlus;
}

h::Rules make_rules(int players, h::Variant variant = h::Variant::Chinese, int move_limit = 200) {
    h::Settings settings;
    settings.players = players;
    settings.variant = variant;
    settings.move_limit = move_limit;
    return *h::Rules::make(settings);
}

// The position after `plies` random moves from the start (seeded).
h::Position random_position(const h::Rules& rules, int plies, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    h::Position p = h::start_position(rules);
    h::MoveList list;
    for (int i = 0; i < plies && !p.over; ++i) {
        h::MoveGen::generate(rules, p, list);
        p = h::play(rules, p, list[rng() % list.size()]);
    }
    return p;
}

h::Position with_side(h::Position p, int camp) {
    p.side = static_cast<std::uint8_t>(camp);
    p.key = p.compute_key();
    return p;
}

// The board turned half a turn: cell c goes to 120 - c, camp c's pieces to camp c + 3.
h::Position rotated(const h::Rules& rules, const h::Position& p) {
    h::Position r;
    for (int camp = 0; camp < h::CampCount; ++camp)
        for (int cell = 0; cell < h::CellCount; ++cell)
            if ((p.pieces[camp] >> cell) & 1)
                r.pieces[h::opposite(camp)] |= damier::bit_at<damier::u128>(h::CellCount - 1 - cell);
    for (int cell = 0; cell < h::CellCount; ++cell)
        if (p.is_king(cell)) r.kings |= damier::bit_at<damier::u128>(h::CellCount - 1 - cell);
    r.side = static_cast<std::uint8_t>(h::opposite(p.side));
    return h::settle(rules, r);
}

TEST(halma_search_eval, TwoPlayerScoreIsAntisymmetricAndRotationInvariant) {
    for (auto variant : {h::Variant::Chinese, h::Variant::Diamond}) {
        const auto rules = make_rules(2, variant);
        for (int game = 0; game < 20; ++game) {
            const h::Position p = random_position(rules, 3 * game, 100 + static_cast<std::uint64_t>(game));
            if (p.over) continue;
            const h::TwoPlayerAdapter mine(rules, with_side(p, 0)), theirs(rules, with_side(p, 3));
            EXPECT_EQ(mine.evaluate(), -theirs.evaluate()) << game;
            const h::TwoPlayerAdapter turned(rules, rotated(rules, p));
            EXPECT_EQ(turned.evaluate(), h::TwoPlayerAdapter(rules, p).evaluate()) << game;
        }
        const h::TwoPlayerAdapter start(rules, h::start_position(rules));
        EXPECT_EQ(start.evaluate(), 0);
    }
}

h::Move turned(const h::Move& m) {
    return m.is_pass() ? m : h::Move::make(h::CellCount - 1 - m.from, h::CellCount - 1 - m.to, m.kind);
}

// The board turned half a turn is the same two-player game with the camps swapped,
// so the moves come in the turned order and the search plays the turned move with
// the same score. Were the order the cell numbers' for both camps, ties between
// equal moves would break one way for camp 1 and another for camp 4: in self-play
// camp 4 then won 70% of the games whoever moved first (eval/halma/SPRT.md).
TEST(halma_search_eval, TheTurnedBoardListsAndPlaysTheTurnedMoves) {
    const auto rules = make_rules(2);
    for (int game = 0; game < 24; ++game) {
        SCOPED_TRACE(game);
        const h::Position p = random_position(rules, 4 + 3 * game, 500 + static_cast<std::uint64_t>(game));
        if (p.over) continue;
        const h::Position r = rotated(rules, p);
        h::MoveList mine, theirs;
        h::MoveGen::generate(rules, p, mine);
        h::MoveGen::generate(rules, r, theirs);
        ASSERT_EQ(mine.size(), theirs.size());
        for (std::size_t i = 0; i < mine.size(); ++i) ASSERT_EQ(turned(mine[i]), theirs[i]) << i;
        s::Limits limits;
        limits.depth = 3;
        auto search = [&](const h::Position& from) {
            s::TranspositionTable table(1);
            s::AlphaBeta<h::TwoPlayerAdapter> engine(table);
            s::Control control;
            return engine.run(h::TwoPlayerAdapter(rules, from), limits, 1, control);
        };
        const auto a = search(p), b = search(r);
        EXPECT_EQ(turned(a.best), b.best);
        EXPECT_EQ(a.score, b.score);
        EXPECT_EQ(a.nodes, b.nodes);
    }
}

TEST(halma_search_eval, ValuesSumToZeroWithinBoundsAlongRandomGames) {
    std::mt19937_64 rng(7);
    for (int players = 2; players <= 6; ++players) {
        const auto rules = make_rules(players, h::Variant::Chinese, 60);
        const h::Evaluator eval(rules);
        h::Position p = h::start_position(rules);
        h::MoveList list;
        for (;;) {
            const s::Values v = eval.values(p);
            EXPECT_EQ(std::accumulate(v.begin(), v.end(), 0), 0);
            for (int seat = 0; seat < s::MaxPlayers; ++seat) {
                EXPECT_LE(std::abs(v[seat]), s::Win);
                if (seat >= players) {
                    EXPECT_EQ(v[seat], 0);
                }
            }
            if (p.over) {
                // Better places are worth more.
                for (int a = 0; a < players; ++a)
                    for (int b = 0; b < players; ++b)
                        if (p.place2[rules.seat(a)] < p.place2[rules.seat(b)]) {
                            EXPECT_GT(v[a], v[b]);
                        }
                break;
            }
            h::MoveGen::generate(rules, p, list);
            p = h::play(rules, p, list[rng() % list.size()]);
        }
    }
}

TEST(halma_search_eval, ProgressRaisesTheMoversValue) {
    const auto rules = make_rules(3);
    const h::Evaluator eval(rules);
    const h::Position start = h::start_position(rules);
    // Camp 1 (the bottom) steps a front piece straight up: one step nearer its goal.
    const int from = 111;  // cell 112
    const int to = h::topology.neighbour[from][2];  // (0, -1): up and to the right
    const h::Position after = h::play(rules, start, h::Move::make(from, to, h::MoveKind::Step));
    // Compared with the same side to move: the tempo term (three players' to_move)
    // is not progress.
    h::Position before = start;
    before.side = after.side;
    EXPECT_GT(eval.values(after)[0], eval.values(before)[0]);
    EXPECT_LT(eval.cost(after, 0), eval.cost(before, 0));
}

// Camp 1 (bottom) one step from finishing: its goal, the top point, is full but
// for cell 10, whose neighbour below holds the last piece.
h::Position one_step_from_winning(const h::Rules& rules, int& from) {
    h::Position p;
    const int hole = 9;  // cell 10
    from = -1;
    for (int d = 0; d < 6; ++d) {
        const int nb = h::topology.neighbour[hole][d];
        if (nb >= 0 && !((rules.goal(0) >> nb) & 1)) from = nb;
    }
    p.pieces[0] = (rules.goal(0) & ~damier::bit_at<damier::u128>(hole)) | damier::bit_at<damier::u128>(from);
    for (int cell = 56; cell < 66; ++cell) p.pieces[3] |= damier::bit_at<damier::u128>(cell);  // mid-board
    p.side = 0;
    return h::settle(rules, p);
}

TEST(halma_search_adapters, TwoPlayerGameEndsAsTheConceptExpects) {
    const auto rules = make_rules(2);
    int from = 0;
    const h::Position p = one_step_from_winning(rules, from);
    ASSERT_FALSE(p.over);
    h::TwoPlayerAdapter g(rules, p);
    const h::Move win = h::Move::make(from, 9, h::MoveKind::Step);
    g.play(win);
    h::MoveList list;
    g.legal_moves(list);
    EXPECT_TRUE(g.position().over);
    EXPECT_EQ(list.size(), 0u);  // the loser to move: no move means lost
    EXPECT_FALSE(g.drawn());
    EXPECT_EQ(g.evaluate(), s::loss_in(1));
    g.undo();

    // The same end seen from the winner to move (the ranking can end a game so):
    // one claiming pass, after which the loser has no move.
    h::TwoPlayerAdapter w(rules, with_side(h::play(rules, p, win), 0));
    w.legal_moves(list);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_TRUE(list[0].is_pass());
    const auto key = w.key();
    w.play(list[0]);
    EXPECT_NE(w.key(), key);
    w.legal_moves(list);
    EXPECT_EQ(list.size(), 0u);
    EXPECT_EQ(w.side(), 3);
}

TEST(halma_search_adapters, AlphaBetaFindsTheWinningStep) {
    const auto rules = make_rules(2);
    int from = 0;
    const h::TwoPlayerAdapter root(rules, one_step_from_winning(rules, from));
    s::TranspositionTable table(1);
    s::AlphaBeta<h::TwoPlayerAdapter> search(table);
    s::Control control;
    s::Limits limits;
    limits.depth = 3;
    const auto r = search.run(root, limits, 1, control);
    ASSERT_TRUE(r.has_move);
    EXPECT_EQ(r.best, h::Move::make(from, 9, h::MoveKind::Step));
    EXPECT_EQ(r.score, s::win_in(1));
}

TEST(halma_search_adapters, TwoPlayerDrawsByMoveLimitAndRepetition) {
    const auto limited = make_rules(2, h::Variant::Chinese, 1);
    h::TwoPlayerAdapter g(limited, h::start_position(limited));
    h::MoveList list;
    for (int i = 0; i < 2; ++i) {
        EXPECT_FALSE(g.drawn());
        g.legal_moves(list);
        g.play(list[0]);
    }
    EXPECT_TRUE(g.position().over);
    EXPECT_TRUE(g.drawn());

    const auto rules = make_rules(2);
    h::TwoPlayerAdapter r(rules, h::start_position(rules));
    r.legal_moves(list);
    const h::Move out = list[0], back = h::Move::make(out.to, out.from, out.kind);
    r.play(out);
    r.legal_moves(list);
    const h::Move reply = list[0], reply_back = h::Move::make(reply.to, reply.from, reply.kind);
    r.play(reply);
    r.play(back);
    EXPECT_FALSE(r.drawn());
    r.play(reply_back);
    EXPECT_TRUE(r.drawn());  // the start position again
    EXPECT_EQ(r.history_slot(out), std::size_t{out.from} * 121 + out.to);
}

TEST(halma_search_adapters, GiveTurnSkipsSeatsAndUndoes) {
    const auto rules = make_rules(4);
    h::MultiPlayerAdapter g(rules, h::start_position(rules));
    EXPECT_EQ(g.players(), 4);
    EXPECT_EQ(g.to_move(), 0);
    const auto key = g.key();
    g.give_turn(2);
    EXPECT_EQ(g.to_move(), 2);
    EXPECT_EQ(g.position().ply, 2u);  // seats 0 and 1 passed
    EXPECT_NE(g.key(), key);
    g.undo();
    EXPECT_EQ(g.key(), key);
    g.give_turn(0);  // already to move: nothing passes
    EXPECT_EQ(g.key(), key);
    g.undo();
}

s::MultiResult<h::Move> search(h::MultiPlayerAdapter& g, const s::Limits& limits, s::MultiAlgorithm a) {
    s::MultiSearcher<h::MultiPlayerAdapter> searcher(4);
    std::atomic<bool> stop{false};
    return searcher.run(g, limits, a, stop);
}

bool legal(const h::MultiPlayerAdapter& g, const h::Move& m) {
    h::MoveList list;
    g.legal_moves(list);
    return std::find(list.begin(), list.end(), m) != list.end();
}

TEST(halma_search_multi, NodeLimitedSearchIsDeterministic) {
    for (int players : {3, 6}) {
        const auto rules = make_rules(players);
        h::MultiPlayerAdapter g(rules, random_position(rules, 4 * players, 42));
        s::Limits limits;
        limits.nodes = 3000;
        for (auto a : Algorithms) {
            const auto first = search(g, limits, a), second = search(g, limits, a);
            ASSERT_TRUE(first.has_move);
            EXPECT_TRUE(legal(g, first.best));
            EXPECT_EQ(first.best, second.best) << s::multi_algorithm_name(a) << " " << players;
            EXPECT_EQ(first.nodes, second.nodes) << s::multi_algorithm_name(a) << " " << players;
            EXPECT_EQ(first.depth, second.depth);
            EXPECT_LE(first.nodes, limits.nodes);
            EXPECT_GE(first.depth, 1);
        }
    }
}

TEST(halma_search_multi, DepthLimitAndReports) {
    const auto rules = make_rules(3);
    h::MultiPlayerAdapter g(rules, random_position(rules, 9, 5));
    const auto key = g.key();
    s::Limits limits;
    limits.depth = 2;
    for (auto a : Algorithms) {
        s::MultiSearcher<h::MultiPlayerAdapter> searcher(4);
        std::atomic<bool> stop{false};
        std::vector<int> depths;
        const auto r = searcher.run(g, limits, a, stop, [&](const s::MultiReport<h::Move>& report) {
            depths.push_back(report.depth);
            EXPECT_FALSE(report.pv.empty());
            EXPECT_EQ(std::accumulate(report.values.begin(), report.values.end(), 0), 0);
        });
        EXPECT_EQ(r.depth, 2) << s::multi_algorithm_name(a);
        EXPECT_EQ(depths, (std::vector<int>{1, 2}));
        EXPECT_EQ(g.key(), key);  // the game is back where it started
    }
}

TEST(halma_search_multi, StopFlagIsHonoured) {
    const auto rules = make_rules(3);
    h::MultiPlayerAdapter g(rules, random_position(rules, 6, 9));
    for (auto a : Algorithms) {
        s::MultiSearcher<h::MultiPlayerAdapter> searcher(4);
        std::atomic<bool> stop{true};  // stopped before it starts: still one move
        auto r = searcher.run(g, s::Limits{}, a, stop);
        EXPECT_TRUE(r.has_move);
        EXPECT_TRUE(legal(g, r.best));
        EXPECT_EQ(r.depth, 0);
        EXPECT_EQ(r.nodes, 1u);

        stop = false;  // stopped from the report of the first iteration
        int reports = 0;
        r = searcher.run(g, s::Limits{}, a, stop, [&](const s::MultiReport<h::Move>&) {
            ++reports;
            stop = true;
        });
        EXPECT_EQ(r.depth, 1) << s::multi_algorithm_name(a);
        EXPECT_EQ(reports, 1);
        EXPECT_TRUE(legal(g, r.best));
    }
}

// A search stopped inside an iteration answers the move that beat the previous best
// in it: a fixed move time always stops a search that way. Stopping one node short
// of the depth-(d+1) search leaves its last root move unfinished, so where that
// search changed its mind before its last move, the cut-short one answers the new
// move, with depth d still reported. (The depths are ones at which the best move
// changes in these positions; best-reply's parity differs.)
TEST(halma_search_multi, AMoveThatBeatTheBestInACutShortIterationIsPlayed) {
    for (auto a : Algorithms) {
        const int depth = counts_layers(a) ? 2 : 3;
        int adopted = 0;
        for (std::uint64_t seed = 1; seed <= 4 && adopted == 0; ++seed) {
            const auto rules = make_rules(3);
            h::MultiPlayerAdapter g(rules, random_position(rules, 9 + static_cast<int>(seed % 4), seed));
            s::Limits limits;
            limits.depth = depth;
            const auto shallow = search(g, limits, a);
            limits.depth = depth + 1;
            const auto deep = search(g, limits, a);
            ASSERT_EQ(deep.depth, depth + 1);
            s::Limits cut;
            cut.nodes = deep.nodes - 1;
            const auto cut_short = search(g, cut, a);
            EXPECT_EQ(cut_short.depth, depth) << s::multi_algorithm_name(a) << " seed " << seed;
            EXPECT_TRUE(legal(g, cut_short.best));
            if (cut_short.best != shallow.best && cut_short.best == deep.best) ++adopted;
        }
        EXPECT_EQ(adopted, 1) << s::multi_algorithm_name(a);
    }
}

// With more than one thread the search plays the deepest completed iteration's move,
// or at equal depth the best move that beat it in any thread's cut-short iteration.
TEST(halma_search_multi, ThreadsPoolTheirCutShortIterations) {
    using O = s::ThreadOutcome;
    EXPECT_EQ(s::chosen_thread({O{3, true, 50}, O{4, false, 0}}), 1u) << "a completed iteration outweighs a partial one";
    EXPECT_EQ(s::chosen_thread({O{4, false, 0}, O{3, true, 50}}), 0u);
    EXPECT_EQ(s::chosen_thread({O{3, false, 0}, O{3, true, -20}}), 1u) << "a move that beat the best one ply deeper";
    EXPECT_EQ(s::chosen_thread({O{3, true, -20}, O{3, false, 90}}), 0u);
    EXPECT_EQ(s::chosen_thread({O{3, true, 10}, O{3, true, 20}}), 1u) << "the higher exact value";
    EXPECT_EQ(s::chosen_thread({O{3, true, 20}, O{3, true, 20}}), 0u) << "the first thread on a tie";
    EXPECT_EQ(s::chosen_thread({O{3, false, 40}, O{3, false, 70}}), 0u) << "values of a completed iteration";
    EXPECT_EQ(s::chosen_thread({O{3, false, 0}, O{3, true, 5}, O{3, true, 9}, O{2, true, 99}}), 2u);
}

TEST(halma_search_multi, GameOverHasNoMove) {
    const auto rules = make_rules(2);
    int from = 0;
    const h::Position p = one_step_from_winning(rules, from);
    h::MultiPlayerAdapter g(rules, h::play(rules, p, h::Move::make(from, 9, h::MoveKind::Step)));
    ASSERT_TRUE(g.over());
    s::Limits limits;
    limits.depth = 3;
    const auto r = search(g, limits, s::MultiAlgorithm::BestReply);
    EXPECT_FALSE(r.has_move);
    EXPECT_GT(r.values[0], 0);  // camp 1 (seat 0) won
}

TEST(halma_search_multi, ThreePlayerGamePlaysToTheEnd) {
    const auto rules = make_rules(3);
    h::Position p = h::start_position(rules);
    s::MultiSearcher<h::MultiPlayerAdapter> searcher(4);
    std::atomic<bool> stop{false};
    s::Limits limits;
    limits.depth = 1;
    int moves = 0;
    while (!p.over) {
        h::MultiPlayerAdapter g(rules, p);
        const auto r = searcher.run(g, limits, Algorithms[moves % std::size(Algorithms)], stop);
        ASSERT_TRUE(r.has_move);
        ASSERT_TRUE(legal(g, r.best));
        p = h::play(rules, p, r.best);
        ++moves;
        ASSERT_LE(moves, 3 * 200);
    }
    for (const auto& standing : h::standings(rules, p)) EXPECT_GT(standing.place, 0);
}

s::MultiResult<h::Move> search_threads(h::MultiPlayerAdapter& g, const s::Limits& limits, s::MultiAlgorithm a,
                                       int threads) {
    s::MultiSearcher<h::MultiPlayerAdapter> searcher(4);
    searcher.set_threads(threads);
    std::atomic<bool> stop{false};
    return searcher.run(g, limits, a, stop);
}

TEST(halma_search_multi, TwoThreadsReachTheDepthWithALegalMove) {
    for (int players : {3, 4, 6}) {
        const auto rules = make_rules(players);
        h::MultiPlayerAdapter g(rules, random_position(rules, 5 * players, 17));
        const auto key = g.key();
        s::Limits limits;
        limits.depth = 3;
        for (auto a : Algorithms) {
            const auto r = search_threads(g, limits, a, 2);
            ASSERT_TRUE(r.has_move);
            EXPECT_TRUE(legal(g, r.best)) << s::multi_algorithm_name(a) << " " << players;
            EXPECT_EQ(r.depth, 3) << s::multi_algorithm_name(a) << " " << players;
            EXPECT_EQ(std::accumulate(r.values.begin(), r.values.end(), 0), 0);
            EXPECT_GE(r.nodes, search_threads(g, limits, a, 1).nodes / 2);
            EXPECT_EQ(g.key(), key);
        }
    }
}

TEST(halma_search_multi, TwoThreadsShareTheNodeLimitAndHonourStop) {
    const auto rules = make_rules(4);
    h::MultiPlayerAdapter g(rules, random_position(rules, 16, 3));
    s::Limits limits;
    limits.nodes = 4000;
    for (auto a : Algorithms) {
        const auto r = search_threads(g, limits, a, 2);
        EXPECT_TRUE(legal(g, r.best));
        EXPECT_LE(r.nodes, limits.nodes);
        EXPECT_GE(r.depth, 1);
        s::MultiSearcher<h::MultiPlayerAdapter> searcher(4);
        searcher.set_threads(2);
        std::atomic<bool> stop{true};
        const auto stopped = searcher.run(g, s::Limits{}, a, stop);
        EXPECT_TRUE(legal(g, stopped.best));
        EXPECT_EQ(stopped.depth, 0);
    }
}

TEST(lazy_smp, BusyNodesShowAnotherThreadsNodeWhileItIsSearched) {
    auto nodes = std::make_unique<s::BusyNodes>();
    const std::uint64_t key = 0x9E3779B97F4A7C15ULL, other = key ^ (std::uint64_t{1} << 40);
    EXPECT_FALSE(nodes->busy_elsewhere(key, 0));
    {
        const s::BusyNodes::Guard in(nodes.get(), key, 1);
        EXPECT_TRUE(nodes->busy_elsewhere(key, 0));
        EXPECT_FALSE(nodes->busy_elsewhere(key, 1));    // its own node
        EXPECT_FALSE(nodes->busy_elsewhere(other, 0));  // same slot, another key
        {
            const s::BusyNodes::Guard again(nodes.get(), key, 0);  // thread 0 enters too
            EXPECT_TRUE(nodes->busy_elsewhere(key, 1));
        }
        // Thread 0 left and cleared its mark; thread 1's was overwritten: only a
        // move searched in its usual place is lost.
        EXPECT_FALSE(nodes->busy_elsewhere(key, 0));
        const s::BusyNodes::Guard more(nodes.get(), other, 2);
        EXPECT_TRUE(nodes->busy_elsewhere(other, 0));
        EXPECT_FALSE(nodes->busy_elsewhere(key, 0));
    }
    EXPECT_FALSE(nodes->busy_elsewhere(other, 0));
    const s::BusyNodes::Guard none(nullptr, key, 1);  // one thread: nothing marked
    EXPECT_FALSE(nodes->busy_elsewhere(key, 0));
}

// Three players, the game ending at the first finish; camp 1 (seat 0, to move)
// two steps from filling its goal (the top point, cell 10 empty).
h::Position two_steps_from_winning(const h::Rules& rules, h::Move& first, h::Move& second) {
    h::Position p = h::start_position(rules);
    const int hole = 9;  // cell 10
    int from = -1, direction = -1;
    for (int d = 0; d < 6; ++d) {
        const int nb = h::topology.neighbour[hole][d];
        if (nb >= 0 && !((rules.goal(0) >> nb) & 1)) from = nb, direction = d;
    }
    const int back = h::topology.neighbour[from][direction];
    p.pieces[0] = (rules.goal(0) & ~damier::bit_at<damier::u128>(hole)) | damier::bit_at<damier::u128>(back);
    p.side = 0;
    first = h::Move::make(back, from, h::MoveKind::Step);
    second = h::Move::make(from, hole, h::MoveKind::Step);
    return h::settle(rules, p);
}

h::Rules first_finish_rules() {
    h::Settings settings;
    settings.players = 3;
    settings.play_to_end = false;
    return *h::Rules::make(settings);
}

TEST(halma_search_multi, ThreadsAgreeOnAForcedWin) {
    const auto rules = first_finish_rules();
    ASSERT_EQ(rules.seat(0), 0);
    h::Move first, second;
    const h::Position p = two_steps_from_winning(rules, first, second);
    ASSERT_FALSE(p.over);
    ASSERT_EQ(h::topology.distance[first.from][9], 2);
    // The win comes at the 4th ply (BRS: 3rd layer): seat 0's place term 2 times M - 4.
    const s::Score win = 2 * (h::Evaluator::place_unit(3) - 4);
    for (auto a : Algorithms) {
        s::Limits limits;
        limits.depth = counts_layers(a) ? 3 : 4;
        h::MultiPlayerAdapter g(rules, p);
        const auto one = search_threads(g, limits, a, 1), two = search_threads(g, limits, a, 2);
        EXPECT_EQ(one.values[0], win) << s::multi_algorithm_name(a);
        EXPECT_EQ(two.values[0], win) << s::multi_algorithm_name(a);
        EXPECT_EQ(one.values, two.values) << s::multi_algorithm_name(a);
        EXPECT_EQ(two.depth, limits.depth);
        EXPECT_TRUE(legal(g, two.best)) << s::multi_algorithm_name(a);
        // The same without deferring moves into the other thread's nodes.
        s::MultiSearcher<h::MultiPlayerAdapter> plain(4);
        plain.set_threads(2);
        plain.set_deferral(false);
        std::atomic<bool> stop{false};
        EXPECT_EQ(plain.run(g, limits, a, stop).values, one.values) << s::multi_algorithm_name(a);
    }
}

// A forced win found from one root is kept in the table relative to its node:
// searched again from a root 6 plies later in the game (the same position after
// every seat moved out and back), the warm table gives the values a fresh one does.
TEST(halma_search_multi, FinalValuesInTheTableStayRightAtAnotherPly) {
    const auto rules = first_finish_rules();
    h::Move first, second;
    const h::Position p = two_steps_from_winning(rules, first, second);
    h::MultiPlayerAdapter later(rules, p);
    std::vector<h::Move> out;
    h::MoveList list;
    for (int i = 0; i < 3; ++i) {
        later.legal_moves(list);
        const auto step = std::find_if(list.begin(), list.end(), [&](const h::Move& m) {
            return m.kind == h::MoveKind::Step && m.from != first.from;
        });
        ASSERT_NE(step, list.end());
        out.push_back(*step);
        later.play(*step);
    }
    for (const h::Move& m : out) {
        const h::Move back = h::Move::make(m.to, m.from, h::MoveKind::Step);
        ASSERT_TRUE(legal(later, back));
        later.play(back);
    }
    ASSERT_EQ(later.key(), p.key);
    ASSERT_EQ(later.ply(), 6);
    for (auto a : Algorithms) {
        s::Limits limits;
        limits.depth = counts_layers(a) ? 3 : 4;
        s::MultiSearcher<h::MultiPlayerAdapter> searcher(4);
        std::atomic<bool> stop{false};
        h::MultiPlayerAdapter g(rules, p);
        const auto there = searcher.run(g, limits, a, stop);
        const auto warm = searcher.run(later, limits, a, stop);
        searcher.clear();
        const auto fresh = searcher.run(later, limits, a, stop);
        EXPECT_EQ(there.values[0], 2 * (h::Evaluator::place_unit(3) - 4)) << s::multi_algorithm_name(a);
        EXPECT_EQ(fresh.values[0], 2 * (h::Evaluator::place_unit(3) - 10)) << s::multi_algorithm_name(a);
        EXPECT_EQ(warm.values, fresh.values) << s::multi_algorithm_name(a);
    }
}

TEST(halma_search_eval, FinalValuesMoveAlongThePlies) {
    for (int players = 2; players <= 6; ++players) {
        const int unit = h::Evaluator::place_unit(players), cap = h::Evaluator::final_plies_cap(players);
        for (int place_term = -(players - 1); place_term <= players - 1; ++place_term)
            for (int ply : {0, 1, 7, cap / 2, cap}) {
                const s::Score v = place_term * (unit - ply);
                for (int k : {-ply, 0, 3, cap - ply})
                    EXPECT_EQ(h::Evaluator::final_value_later(v, players, k), place_term * (unit - ply - k))
                        << players << " " << place_term << " " << ply << " " << k;
            }
    }
}

}  // namespace
