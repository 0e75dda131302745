// The draughts evaluation and search: colour symmetry, limits, stop, ponder and
// threads.
#include <gtest/gtest.h>

#include <cstdint>
#include <future>
#include <mutex>
#include <string>

#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"
#include "eval/draughts/searchable.hpp"
#include "search/alphabeta.hpp"
#include "random_games.hpp"

namespace damier::search {
namespace {

using draughts::Color;
using draughts::Game;
using draughts::Notation;
using draughts::Position;
template <class R>
using Adapter = eval::draughts::Searchable<R>;

// The position turned half a turn with the colours swapped: the same game seen by
// the other player.
template <class B>
Position<B> mirrored(const Position<B>& p) {
    using Bits = typename B::Bits;
    auto turn = [](Bits bits) {
        Bits out = 0;
        for (int sq = 0; sq < B::squares; ++sq)
            if ((bits >> B::bit_of(sq)) & 1) out |= bit_at<Bits>(B::bit_of(B::squares - 1 - sq));
        return out;
    };
    Position<B> m;
    m.pieces[0] = turn(p.pieces[1]);
    m.pieces[1] = turn(p.pieces[0]);
    m.kings = turn(p.kings);
    m.side = draughts::opponent(p.side);
    return m;
}

template <class R>
std::vector<Position<typename R::board>> random_positions(int count, std::uint64_t seed) {
    std::vector<Position<typename R::board>> out;
    for (const auto& game : testing::random_games<R>(count, seed, 0, 90)) out.push_back(game.position());
    return out;
}

TEST(DraughtsEval, MirroredPositionsScoreTheSameForTheMover) {
    draughts::Variants::for_each([]<class R>() {
        // The built-in weights, and every term switched on with its own weight.
        eval::draughts::Weights every_term;
        for (std::size_t i = 0; i < every_term.value.size(); ++i) every_term.value[i] = 3 + 7 * static_cast<int>(i);
        every_term[eval::draughts::DrawishPercent] = 40;
        every_term[eval::draughts::DrawishKingsPercent] = 60;
        // And a pattern table with a value in every entry.
        auto table = std::make_shared<eval::draughts::PatternTable>();
        table->windows = eval::draughts::PatternWindows<typename R::board>::count;
        for (int i = 0; i < table->windows * eval::draughts::arrangements; ++i)
            table->value.push_back(static_cast<std::int16_t>(std::int64_t{i} * 7919 % 201 - 100));
        auto with_patterns = eval::draughts::builtin_weights(R::name);
        with_patterns.patterns = table;
        for (const auto& weights : {eval::draughts::builtin_weights(R::name), every_term, with_patterns}) {
            auto score = [&](const auto& q) { return eval::draughts::evaluate<R>(q, weights); };
            for (const auto& p : random_positions<R>(200, 3)) {
                const auto m = mirrored<typename R::board>(p);
                ASSERT_EQ(score(p), score(m)) << Notation<R>::fen(p);
                // Seen from White, the two scores are opposite.
                auto white_view = [&](const auto& q) { return q.side == Color::White ? score(q) : -score(q); };
                EXPECT_EQ(white_view(p), -white_view(m));
            }
        }
    });
}

TEST(DraughtsEval, ExtraMaterialScoresHigher) {
    using R = draughts::International;
    // The weighted terms only: the learned pattern table adds its own reading of
    // where the men stand, which on such bare boards is not about material.
    auto weights = eval::draughts::builtin_weights(R::name);
    weights.patterns.reset();
    auto p = Notation<R>::parse_fen("W:W31,32,33:B1,2");
    ASSERT_TRUE(p);
    EXPECT_GT(eval::draughts::evaluate<R>(*p, weights), 50);
    auto k = Notation<R>::parse_fen("W:WK31,32:B1,2,3");
    ASSERT_TRUE(k);
    EXPECT_GT(eval::draughts::evaluate<R>(*k, weights), 50) << "a flying king is worth more than two men";
}

TEST(DraughtsSearch, MirroredPositionsSearchToTheSameScore) {
    // No table either: its deeper entries make a score depend on the order in which
    // moves were searched, which differs between a position and its mirror.
    SearchParameters exact;
    exact.use_table = false;
    exact.reductions = false;
    exact.probcut = false;
    draughts::Variants::for_each([&]<class R>() {
        TranspositionTable table(1);
        AlphaBeta<Adapter<R>> engine(table, exact);
        Control control;
        Limits limits;
        limits.depth = 4;
        for (const auto& p : random_positions<R>(6, 9)) {
            table.clear();
            const auto a = engine.run(Adapter<R>(Game<R>(p)), limits, 1, control);
            table.clear();
            const auto b = engine.run(Adapter<R>(Game<R>(mirrored<typename R::board>(p))), limits, 1, control);
            EXPECT_EQ(a.score, b.score) << R::name << " " << Notation<R>::fen(p);
        }
    });
}

TEST(DraughtsSearch, NodeLimitIsExactOnOneThread) {
    using R = draughts::International;
    TranspositionTable table(4);
    AlphaBeta<Adapter<R>> engine(table);
    Control control;
    Limits limits;
    limits.nodes = 20000;
    auto result = engine.run(Adapter<R>(Game<R>(Notation<R>::start())), limits, 1, control);
    EXPECT_EQ(result.nodes, 20000u);
    EXPECT_TRUE(result.has_move);
    EXPECT_GE(result.depth, 3);
}

// Material alone: a man 100, a king 300, no drawish scaling (the built-in terms
// would blur the one-man differences these tests look for).
eval::draughts::Weights material_weights() {
    eval::draughts::Weights material{};
    material[eval::draughts::Man] = 100;
    material[eval::draughts::King] = 300;
    material[eval::draughts::DrawishPercent] = 100;
    material[eval::draughts::DrawishKingsPercent] = 100;
    return material;
}

// The score of a one-ply search of p on material alone with these parameters.
template <class R>
Score depth1_material_score(const Position<typename R::board>& p, const SearchParameters& parameters) {
    TranspositionTable table(1);
    AlphaBeta<Adapter<R>> engine(table, parameters);
    Control control;
    Limits limits;
    limits.depth = 1;
    return engine.run(Adapter<R>(Game<R>(p), material_weights()), limits, 1, control).score;
}

TEST(DraughtsSearch, QuiescenceCrownsAManOneStepFromTheCrownRow) {
    using R = draughts::International;
    // White's man on 6 crowns at 1 next move, whatever Black plays.
    auto p = Notation<R>::parse_fen("B:W6,47:B14,19");
    ASSERT_TRUE(p);
    Adapter<R> game{Game<R>(*p)};
    typename Adapter<R>::MoveList list;
    game.crowning_moves(list);
    EXPECT_EQ(list.size(), 0u) << "no black man is one step from crowning";
    Adapter<R> white{Game<R>(*Notation<R>::parse_fen("W:W6,47:B14,19"))};
    white.crowning_moves(list);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(Notation<R>::hub_move(list[0]), "6-1");
    // One ply for Black, then quiescence: only the crowning search sees the king.
    // Material alone (the built-in runaway term values such a man almost as a king).
    auto score = [&](bool crowning) {
        SearchParameters parameters;
        parameters.quiescence_crowning = crowning;
        return depth1_material_score<R>(*p, parameters);
    };
    EXPECT_EQ(score(false), 0);
    EXPECT_EQ(score(true), -200);
}

TEST(DraughtsSearch, ExchangeMovesAreTheOffersThatCanBeTakenBack) {
    using R = draughts::International;
    auto moves = [](const char* fen) {
        auto p = Notation<R>::parse_fen(fen);
        EXPECT_TRUE(p) << fen;
        Adapter<R> game{Game<R>(*p)};
        typename Adapter<R>::MoveList list;
        game.exchange_moves(list);
        std::vector<std::string> names;
        for (std::size_t i = 0; i < list.size(); ++i) names.push_back(Notation<R>::hub_move(list[i]));
        std::sort(names.begin(), names.end());
        return names;
    };
    // 32-28 23x32 37x17 is a shot; 32-27 is answered by 22x42, taking two men;
    // 33-28 and 33-29 give a man that cannot be taken back; 37-31 offers nothing.
    EXPECT_EQ(moves("W:W32,33,37,41:B15,22,23"), (std::vector<std::string>{"32-28"}));
    // With 42 taken, 32-27 22x31 37x26 trades one for one.
    EXPECT_EQ(moves("W:W32,33,37,41,42:B15,22,23"), (std::vector<std::string>{"32-27", "32-28"}));
    // A king anywhere on the board: capture lines may run long, no exchanges.
    EXPECT_TRUE(moves("W:W32,33,37,41:B15,22,23,K1").empty());
    // Without the man on 41, 32-28 is answered by 23x41 and 32-27 by 22x42, each
    // taking two men: offers whose answer takes more than one are left out.
    EXPECT_TRUE(moves("W:W32,33,37:B11,22,23").empty());
}

TEST(DraughtsSearch, QuiescenceSeesAShotBehindAnExchange) {
    using R = draughts::International;
    // Black to move: 15-20 is the quiet move, every other loses a man at once. After
    // it, White's 32-28 23x32 37x17 wins a man, which only the exchange search sees.
    auto p = Notation<R>::parse_fen("B:W32,33,37,41:B15,22,23");
    ASSERT_TRUE(p);
    auto score = [&](bool exchanges) {
        SearchParameters parameters;
        parameters.quiescence_exchanges = exchanges;
        return depth1_material_score<R>(*p, parameters);
    };
    EXPECT_EQ(score(false), -100);
    EXPECT_EQ(score(true), -200);
}

// ProbCut's shallow search also bounds the node from above (fail-soft): with
// probcut_fail_low a bound far enough below alpha ends the node, so the same depths
// take fewer nodes. The two trees depend on the evaluation, so the test plays the
// twelfth generation's files (kept in eval/draughts/sprt as a member of the built-in
// mean) rather than the built-in weights, which each new generation changes.
TEST(DraughtsSearch, ProbCutCanAlsoPredictAFailLow) {
    using R = draughts::International;
    const std::string dir = DAMIER_SOURCE_DIR "/eval/draughts/sprt/";
    const auto weights = eval::draughts::weights_from_files<R>(dir + "gen12-international.weights",
                                                                dir + "gen12-international.patterns");
    ASSERT_TRUE(weights) << weights.error();
    auto nodes = [&](bool fail_low, int depth) {
        SearchParameters parameters;
        parameters.probcut_fail_low = fail_low;
        TranspositionTable table(16);
        AlphaBeta<Adapter<R>> engine(table, parameters);
        Control control;
        Limits limits;
        limits.depth = depth;
        const auto result = engine.run(Adapter<R>(Game<R>(Notation<R>::start()), *weights), limits, 1, control);
        EXPECT_TRUE(result.has_move);
        EXPECT_EQ(result.depth, depth);
        return result.nodes;
    };
    // Summed over many depths: at one depth the two trees can differ either way (with
    // these files depths 9, 10 and 15 cost more; over 6-17 the switch saves about 22%).
    std::uint64_t with = 0, without = 0;
    for (int depth = 6; depth <= 17; ++depth) {
        with += nodes(true, depth);
        without += nodes(false, depth);
    }
    EXPECT_LT(with, without);
}

// With keep_history (off by default, search/SPRT.md entry 21) the history of one
// search orders the next one's moves, so the second of two searches takes another
// tree than it would alone; forget_history() (a new game), or the switch off, gives
// the tree of a fresh engine.
TEST(DraughtsSearch, HistoryCarriesToTheNextSearchUntilANewGame) {
    using R = draughts::International;
    const auto first = Notation<R>::start();
    const auto next = Notation<R>::parse_fen(
        "W:W26,27,29,31,32,33,34,35,36,37,38,42,45,46:B2,6,9,11,12,14,16,17,18,19,20,21,23,24");
    ASSERT_TRUE(next);
    Control control;
    Limits limits;
    limits.depth = 9;
    const auto nodes_after = [&](AlphaBeta<Adapter<R>>& engine, TranspositionTable& table) {
        table.clear();  // only the history goes from one search to the next
        return engine.run(Adapter<R>(Game<R>(*next)), limits, 1, control).nodes;
    };
    TranspositionTable fresh_table(16);
    AlphaBeta<Adapter<R>> fresh(fresh_table);
    const std::uint64_t alone = nodes_after(fresh, fresh_table);

    TranspositionTable table(16);
    SearchParameters keeping;
    keeping.keep_history = true;
    AlphaBeta<Adapter<R>> engine(table, keeping);
    engine.run(Adapter<R>(Game<R>(first)), limits, 1, control);
    EXPECT_NE(nodes_after(engine, table), alone);
    engine.forget_history();
    EXPECT_EQ(nodes_after(engine, table), alone);

    AlphaBeta<Adapter<R>> each_afresh(table);
    each_afresh.run(Adapter<R>(Game<R>(first)), limits, 1, control);
    EXPECT_EQ(nodes_after(each_afresh, table), alone);
}

TEST(DraughtsSearch, LostPositionHasNoMoveAndAForcedWinIsScored) {
    using R = draughts::International;
    TranspositionTable table(1);
    AlphaBeta<Adapter<R>> engine(table);
    Control control;
    Limits limits;
    limits.depth = 3;
    auto blocked = Notation<R>::parse_fen("B:W41,47:B36");  // black is blocked
    ASSERT_TRUE(blocked);
    auto none = engine.run(Adapter<R>(Game<R>(*blocked)), limits, 1, control);
    EXPECT_FALSE(none.has_move);
    // White 28 takes the last black piece on 23 (the move ends the game).
    auto win = Notation<R>::parse_fen("W:W28:B23");
    ASSERT_TRUE(win);
    auto result = engine.run(Adapter<R>(Game<R>(*win)), limits, 1, control);
    ASSERT_TRUE(result.has_move);
    EXPECT_EQ(Notation<R>::hub_move(result.best), "28x19x23");
    EXPECT_EQ(result.score, win_in(1));
}

TEST(DraughtsSearch, MoveTimeAndClockAreHonoured) {
    using R = draughts::International;
    TranspositionTable table(4);
    AlphaBeta<Adapter<R>> engine(table);
    Control control;
    Limits move_time;
    move_time.move_time = 0.1;
    auto result = engine.run(Adapter<R>(Game<R>(Notation<R>::start())), move_time, 1, control);
    EXPECT_TRUE(result.has_move);
    EXPECT_LT(result.seconds, 2.0);  // generous: the machine may be loaded
    // A short clock must never be overrun (10 s + 0.1 s games rely on it).
    Limits clock;
    clock.time = 0.5;
    clock.increment = 0.0;
    result = engine.run(Adapter<R>(Game<R>(Notation<R>::start())), clock, 2, control);
    EXPECT_TRUE(result.has_move);
    EXPECT_LT(result.seconds, 0.5);
}

// A forced move (here the one capture): under a clock the search answers after its
// first iteration, keeping the time; a fixed move time, lost if unspent, is searched
// on (search/SPRT.md, entry 17).
TEST(DraughtsSearch, AForcedMoveIsAnsweredAtOnceOnAClockAndSearchedOnAMoveTime) {
    using R = draughts::International;
    auto position = Notation<R>::parse_fen("W:W28,48:B23,5");
    ASSERT_TRUE(position);
    const Game<R> game(*position);
    damier::draughts::MoveList<R::board> moves;
    game.legal_moves(moves);
    ASSERT_EQ(moves.size(), 1u);
    TranspositionTable table(4);
    AlphaBeta<Adapter<R>> engine(table);
    Control control;
    Limits clock;
    clock.time = 10;
    auto result = engine.run(Adapter<R>(game), clock, 1, control);
    EXPECT_EQ(Notation<R>::hub_move(result.best), "28x19x23");
    EXPECT_EQ(result.depth, 1);
    table.clear();
    Limits move_time;
    move_time.move_time = 0.05;
    result = engine.run(Adapter<R>(game), move_time, 1, control);
    EXPECT_EQ(Notation<R>::hub_move(result.best), "28x19x23");
    EXPECT_GT(result.depth, 1);
}

// Runs an unbounded search on another thread and stops it once it has reported an
// iteration; returns the depth of its answer. The wait starts from that report,
// not from the launch: a sanitizer build can take longer than any fixed wait to
// set up its first search.
template <class R>
int expect_stops_on_request(int threads, bool ponder, int depth_limit = 0) {
    TranspositionTable table(4);
    AlphaBeta<Adapter<R>> engine(table);
    Control control;
    Limits limits;
    limits.depth = depth_limit;
    if (ponder) {
        limits.move_time = 0.05;
        control.pondering = true;
    } else {
        limits.infinite = true;
    }
    std::promise<void> reported;
    std::once_flag first_report;
    auto report = [&](const auto&) { std::call_once(first_report, [&] { reported.set_value(); }); };
    auto first_iteration = reported.get_future();
    const Adapter<R> root(Game<R>(Notation<R>::start()));
    auto search = std::async(std::launch::async, [&] { return engine.run(root, limits, threads, control, report); });
    EXPECT_EQ(first_iteration.wait_for(std::chrono::seconds(10)), std::future_status::ready) << threads;
    // Pondering ignores the 0.05 s move time; an infinite search ignores everything.
    EXPECT_EQ(search.wait_for(std::chrono::milliseconds(300)), std::future_status::timeout) << threads;
    if (ponder) control.pondering = false;  // ponder-hit: the move time now applies
    else control.stop = true;
    EXPECT_EQ(search.wait_for(std::chrono::seconds(10)), std::future_status::ready);
    auto result = search.get();
    EXPECT_TRUE(result.has_move);
    EXPECT_GE(result.depth, 1);
    return result.depth;
}

TEST(DraughtsSearch, InfiniteSearchStopsOnRequest) {
    expect_stops_on_request<draughts::International>(1, false);
    expect_stops_on_request<draughts::Russian>(2, false);
}

TEST(DraughtsSearch, PonderHitAppliesTheMoveTime) {
    expect_stops_on_request<draughts::American>(1, true);
    expect_stops_on_request<draughts::International>(2, true);
}

TEST(DraughtsSearch, TwoThreadsAgreeOnAForcedWin) {
    using R = draughts::International;
    TranspositionTable table(4);
    AlphaBeta<Adapter<R>> engine(table);
    Control control;
    Limits limits;
    limits.depth = 6;
    auto win = Notation<R>::parse_fen("W:W28,K50:B23,5");
    ASSERT_TRUE(win);
    auto result = engine.run(Adapter<R>(Game<R>(*win)), limits, 2, control);
    ASSERT_TRUE(result.has_move);
    EXPECT_GT(result.score, 150);
}

}  // namespace
}  // namespace damier::search

namespace damier::search {
namespace {

// A whole game at 1 s + 0.01 s per move for each side, the clock kept as a GUI
// would: neither side may run out of time.
TEST(DraughtsSearch, FastClockGameIsNeverLostOnTime) {
    using R = draughts::International;
    TranspositionTable table(8);
    AlphaBeta<Adapter<R>> engine(table);
    Control control;
    Game<R> game(Notation<R>::start());
    double clock[2] = {1.0, 1.0};
    const double increment = 0.01;
    for (int ply = 0; ply < 120 && game.result().outcome == draughts::Outcome::Ongoing; ++ply) {
        const int side = draughts::index(game.position().side);
        Limits limits;
        limits.time = clock[side];
        limits.increment = increment;
        const auto start = Clock::now();
        auto result = engine.run(Adapter<R>(game), limits, 1, control);
        clock[side] -= seconds_since(start);
        ASSERT_GT(clock[side], 0.0) << "lost on time at ply " << ply;
        clock[side] += increment;
        ASSERT_TRUE(result.has_move);
        game.play(result.best);
    }
}

}  // namespace
}  // namespace damier::search

namespace damier::search {
namespace {

// Analysis that has reached its depth limit still waits for stop, on any number of
// threads: a GUI expects exactly one answer, after its stop.
TEST(DraughtsSearch, InfiniteSearchAtItsDepthLimitWaitsForStop) {
    for (int threads : {1, 2}) EXPECT_EQ(expect_stops_on_request<draughts::Russian>(threads, false, 2), 2);
}

}  // namespace
}  // namespace damier::search
