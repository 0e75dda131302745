// Two-player search: iterative deepening principal-variation search with
// aspiration windows, a shared transposition table, killer and history move
// ordering, late-move reductions, ProbCut (for games that give a margin) and a
// quiescence search through forcing positions (draughts captures). Lazy SMP
// (lazy_smp.hpp): thread 0 manages the clock; the search ends when it stops or when
// any thread completes the depth limit, and the answer is the deepest completed
// iteration (thread 0's on a tie).
//
// Determinism: with one thread and a depth or node limit, the node count and move
// are the same on every run of the same searches (the table, and with
// keep_history the history, are all a search leaves to the next, and node limits
// are checked at every node).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "search/game_concepts.hpp"
#include "search/lazy_smp.hpp"
#include "search/limits.hpp"
#include "search/score.hpp"
#include "search/tt.hpp"

namespace damier::search {

// Search tuning numbers in one place.
struct SearchParameters {
    // The switches exist for tests that compare the search with plain minimax.
    bool use_table = true;
    bool reductions = true;
    bool single_reply_extension = true;
    Score aspiration_window = 30;
    int reduction_min_depth = 3;
    int reduction_min_move = 3;  // moves searched before reductions apply
    // ProbCut, for games that give a margin (G::probcut_margin, in their score
    // units per ply): at a non-PV node of at least probcut_min_depth, a null-window
    // search at 2/5 of the depth that beats beta + margin * depth predicts a cut-off
    // (as Scan does; draughts has no null move, zugzwang is common).
    bool probcut = true;
    int probcut_min_depth = 3;
    // The same shallow search also predicts a fail low: its fail-soft result is an
    // upper bound, and one at or below alpha - margin * depth ends the node at
    // alpha (Buro's ProbCut cuts both ways; Scan only cuts high). It costs no search.
    // Off: rejected at 2 s + 0.02 s, H0 at +2.4 +/- 5.8 Elo (search/SPRT.md, entry 14).
    bool probcut_fail_low = false;
    // At a quiet quiescence node, after standing pat, try the game's quiet moves
    // that change the material (G::crowning_moves: a man crowned), as Scan does.
    // Off: rejected at 4 s + 0.04 s (search/SPRT.md, entries 3 and 11).
    bool quiescence_crowning = false;
    // At a quiet quiescence node, after standing pat, try the moves that offer
    // an exchange (G::exchange_moves: the opponent must capture next), as Scan
    // does. Off: rejected at 4 s + 0.04 s (search/SPRT.md, entry 5), its
    // larger trees cost what it finds.
    bool quiescence_exchanges = false;
    // A search starts from the history of the one before, halved (the positions of
    // one game share most of their good quiet moves), until forget_history() (a new
    // game); off, each search starts from none. Off: stopped undecided at 0.025 s a
    // move, +5.3 +/- 6.5 Elo over 2,039 games (search/SPRT.md, entry 21).
    bool keep_history = false;
};

template <TwoPlayerGame G>
class AlphaBeta {
public:
    using Move = typename G::Move;
    using MoveList = typename G::MoveList;

    struct Report {
        int depth = 0;
        double mean_depth = 0;  // mean ply of the leaves of this iteration
        Score score = 0;
        std::uint64_t nodes = 0;
        double seconds = 0;
        std::vector<Move> pv;
    };
    struct Result {
        bool has_move = false;  // false when the side to move has no legal move
        Move best{};
        bool has_ponder = false;
        Move ponder{};
        Score score = 0;
        int depth = 0;
        std::uint64_t nodes = 0;
        double seconds = 0;
    };
    using Reporter = std::function<void(const Report&)>;

    explicit AlphaBeta(TranspositionTable& table, SearchParameters parameters = {})
        : table_(table), parameters_(parameters) {}

    // Searches root within limits on `threads` threads. Reports each iteration
    // that is deeper than any completed before through `report` (may be empty).
    // control.stop ends the search early; run() clears it before returning.
    Result run(const G& root, const Limits& limits, int threads, Control& control, const Reporter& report = {}) {
        const auto start = Clock::now();
        threads = std::clamp(threads, 1, MaxThreads);
        table_.new_search();
        while (static_cast<int>(workers_.size()) < threads) workers_.push_back(std::make_unique<Worker>());
        Shared shared(limits, start, control, report, threads);
        for (int i = 0; i < threads; ++i) workers_[i]->prepare(root, i, parameters_.keep_history);
        run_lazy_smp(threads, shared.finished, [this, &shared](int i) { workers_[i]->iterate(*this, shared); });
        Result r = workers_[0]->result;
        for (int i = 1; i < threads; ++i)
            if (workers_[i]->result.depth > r.depth) r = workers_[i]->result;
        r.nodes = total_nodes(threads);
        r.seconds = seconds_since(start);
        control.stop.store(false);
        return r;
    }

    // A new game: the next search starts without history (keep_history).
    void forget_history() {
        for (auto& w : workers_) std::fill(w->history.begin(), w->history.end(), 0);
    }

private:
    static constexpr Score probcut_margin = [] {
        if constexpr (requires { G::probcut_margin; }) return Score{G::probcut_margin};
        else return Score{0};
    }();

    struct Shared {
        Shared(const Limits& l, Clock::time_point t, Control& c, const Reporter& r, int n)
            : limits(l), budget(TimeBudget::from(l)), start(t), control(c), report(r), threads(n) {}
        const Limits& limits;
        TimeBudget budget;
        Clock::time_point start;
        Control& control;
        const Reporter& report;
        int threads;
        std::atomic<bool> finished{false};
        std::mutex report_mutex;
        int reported_depth = 0;  // guarded by report_mutex
    };

    struct Worker {
        std::unique_ptr<G> game;
        int id = 0;
        std::atomic<std::uint64_t> nodes{0};
        std::uint64_t leaf_plies = 0, leaves = 0;
        std::uint64_t node_limit = 0;
        bool aborted = false;
        bool verifying = false;  // inside a ProbCut search: no ProbCut below it
        std::vector<MoveList> lists = std::vector<MoveList>(MaxPly + 1);
        std::vector<std::array<int, MoveList::capacity>> order_scores =
            std::vector<std::array<int, MoveList::capacity>>(MaxPly + 1);
        // Killers are quiet moves, so their history slot (origin and destination)
        // identifies them; NoKiller matches no slot.
        static constexpr std::size_t NoKiller = ~std::size_t{0};
        std::vector<std::array<std::size_t, 2>> killers = std::vector<std::array<std::size_t, 2>>(MaxPly + 1);
        std::vector<int> history = std::vector<int>(G::history_slots);
        std::vector<std::vector<Move>> pv = std::vector<std::vector<Move>>(MaxPly + 1);
        Result result;

        void prepare(const G& root, int worker_id, bool keep_history) {
            game = std::make_unique<G>(root);
            id = worker_id;
            nodes.store(0, std::memory_order_relaxed);
            aborted = false;
            if (keep_history)
                for (int& h : history) h /= 2;
            else
                std::fill(history.begin(), history.end(), 0);
            for (auto& k : killers) k = {NoKiller, NoKiller};
            result = Result{};
        }

        void iterate(AlphaBeta& search, Shared& shared);
    };

    std::uint64_t total_nodes(int threads) const {
        std::uint64_t n = 0;
        for (int i = 0; i < threads; ++i) n += workers_[i]->nodes.load(std::memory_order_relaxed);
        return n;
    }

    // True when this worker must unwind now. Thread 0 also watches the clock.
    bool should_stop(Worker& w, Shared& shared) {
        if (w.aborted) return true;
        if (shared.control.stop.load(std::memory_order_relaxed) || shared.finished.load(std::memory_order_relaxed))
            return w.aborted = true;
        if (w.node_limit && w.nodes.load(std::memory_order_relaxed) >= w.node_limit) return w.aborted = true;
        if (w.id == 0 && shared.budget.hard > 0 && (w.nodes.load(std::memory_order_relaxed) & 1023) == 0 &&
            !shared.control.pondering.load(std::memory_order_relaxed) &&
            seconds_since(shared.start) >= shared.budget.hard)
            return w.aborted = true;
        return false;
    }

    void count_node(Worker& w) { w.nodes.store(w.nodes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }

    // Orders moves by score, best first, one selection step at a time.
    static void pick_next(std::array<int, MoveList::capacity>& scores, std::array<std::uint16_t, MoveList::capacity>& index,
                          std::size_t from, std::size_t count) {
        std::size_t best = from;
        for (std::size_t i = from + 1; i < count; ++i)
            if (scores[i] > scores[best]) best = i;
        std::swap(scores[from], scores[best]);
        std::swap(index[from], index[best]);
    }

    // A game may know some positions' values without search (draughts endgame
    // databases): a cut-off at any node but the root.
    static std::optional<Score> probe(const G& game) {
        if constexpr (requires { { game.probe() } -> std::same_as<std::optional<Score>>; }) return game.probe();
        else return std::nullopt;
    }

    Score quiescence(Worker& w, Shared& shared, Score alpha, Score beta, int ply, bool pv_node);
    Score search(Worker& w, Shared& shared, Score alpha, Score beta, int depth, int ply, bool pv_node);

    TranspositionTable& table_;
    SearchParameters parameters_;
    std::vector<std::unique_ptr<Worker>> workers_;
};

template <TwoPlayerGame G>
void AlphaBeta<G>::Worker::iterate(AlphaBeta& search, Shared& shared) {
    const Limits& limits = shared.limits;
    node_limit = limits.nodes ? std::max<std::uint64_t>(1, limits.nodes / static_cast<std::uint64_t>(shared.threads))
                              : 0;
    MoveList& root_moves = lists[0];
    game->legal_moves(root_moves);
    if (root_moves.size() == 0) {
        result.score = loss_in(0);
        return;
    }
    result.has_move = true;
    result.best = root_moves[0];
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, MaxPly - 1) : MaxPly - 1;
    Score previous = 0;
    Move previous_best = result.best;
    int stable_iterations = 0, proven_iterations = 0;
    for (int depth = 1; depth <= max_depth; ++depth) {
        if (helper_skips(id, depth) && depth < max_depth) continue;
        leaf_plies = leaves = 0;
        Score window = search.parameters_.aspiration_window;
        Score alpha = -Infinite, beta = Infinite;
        if (depth >= 4 && !is_decisive(previous)) alpha = previous - window, beta = previous + window;
        Score score;
        for (;;) {
            score = search.search(*this, shared, alpha, beta, depth, 0, true);
            if (aborted) break;
            if (score <= alpha) alpha = std::max<Score>(-Infinite, alpha - window), window *= 2;
            else if (score >= beta) beta = std::min<Score>(Infinite, beta + window), window *= 2;
            else break;
            if (window > 400) alpha = -Infinite, beta = Infinite;
        }
        // An unfinished iteration still counts when its first move (the previous
        // best, searched first) was completed: pv[0] holds the best so far.
        if (aborted && pv[0].empty()) break;
        if (!pv[0].empty()) {
            result.best = pv[0][0];
            result.has_ponder = pv[0].size() > 1;
            if (result.has_ponder) result.ponder = pv[0][1];
        }
        if (aborted) break;
        result.score = score;
        result.depth = depth;
        previous = score;
        stable_iterations = result.best == previous_best ? stable_iterations + 1 : 0;
        previous_best = result.best;
        // The depth limit reached ends every thread's search, but an infinite or
        // pondering search still waits for stop or ponder-hit (below).
        if (depth >= max_depth && !limits.infinite && !shared.control.pondering.load()) shared.finished.store(true);
        if (shared.report) {
            std::lock_guard lock(shared.report_mutex);
            if (depth > shared.reported_depth) {
                shared.reported_depth = depth;
                Report r;
                r.depth = depth;
                r.mean_depth = leaves ? static_cast<double>(leaf_plies) / static_cast<double>(leaves) : depth;
                r.score = score;
                r.nodes = search.total_nodes(shared.threads);
                r.seconds = seconds_since(shared.start);
                r.pv = pv[0];
                shared.report(r);
            }
        }
        if (id != 0) continue;
        if (limits.infinite || shared.control.pondering.load()) continue;
        if (depth >= MaxPly - 1) break;
        // Do not start an iteration that would likely overrun the soft budget; a
        // stable best move gets a smaller share of it.
        if (shared.budget.soft > 0 && !shared.budget.fixed) {
            const double share = stable_iterations >= 3 ? 0.3 : 0.6;
            if (seconds_since(shared.start) >= shared.budget.soft * share) break;
        }
        // Nothing to choose; but a fixed move time that is not spent is lost, while the
        // one move's search fills the table for the next move's.
        if (root_moves.size() == 1 && shared.budget.soft > 0 && !shared.budget.fixed) break;
        // A result proven well inside the horizon, twice running, will not change.
        proven_iterations = is_decisive(score) && Win - std::abs(score) < depth ? proven_iterations + 1 : 0;
        if (proven_iterations >= 2 && shared.budget.soft > 0) break;
    }
    // In infinite or ponder mode the result waits for stop (ponder-hit applies the clock).
    if (id == 0) {
        while ((limits.infinite || shared.control.pondering.load()) && !search.should_stop(*this, shared))
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

template <TwoPlayerGame G>
Score AlphaBeta<G>::quiescence(Worker& w, Shared& shared, Score alpha, Score beta, int ply, bool pv_node) {
    count_node(w);
    w.pv[ply].clear();
    if (should_stop(w, shared)) return 0;
    G& game = *w.game;
    if (ply > 0 && game.drawn()) return 0;
    if (ply > 0)
        if (auto known = probe(game)) return *known;
    const bool forcing = game.forcing();
    MoveList& list = w.lists[ply];
    Score best = -Infinite;
    if (!forcing || ply >= MaxPly - 1) {
        const Score stand_pat = std::clamp<Score>(game.evaluate(), -WinBound + 1, WinBound - 1);
        list.clear();
        if (ply < MaxPly - 1 && stand_pat < beta) {
            if constexpr (requires { game.crowning_moves(list); })
                if (parameters_.quiescence_crowning) game.crowning_moves(list);
            if constexpr (requires { game.exchange_moves(list); })
                if (parameters_.quiescence_exchanges) game.exchange_moves(list);
        }
        if (list.size() == 0) {
            ++w.leaves;
            w.leaf_plies += static_cast<std::uint64_t>(ply);
            return stand_pat;
        }
        best = stand_pat;
        alpha = std::max(alpha, stand_pat);
    } else {
        game.legal_moves(list);
        if (list.size() == 0) return loss_in(ply);
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        game.play(list[i]);
        Score score = -quiescence(w, shared, -beta, -alpha, ply + 1, pv_node);
        game.undo();
        if (w.aborted) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (pv_node) {
                    w.pv[ply].assign(1, list[i]);
                    w.pv[ply].insert(w.pv[ply].end(), w.pv[ply + 1].begin(), w.pv[ply + 1].end());
                }
                if (score >= beta) break;
            }
        }
    }
    return best;
}

template <TwoPlayerGame G>
Score AlphaBeta<G>::search(Worker& w, Shared& shared, Score alpha, Score beta, int depth, int ply, bool pv_node) {
    if (depth <= 0) return quiescence(w, shared, alpha, beta, ply, pv_node);
    count_node(w);
    w.pv[ply].clear();
    if (should_stop(w, shared)) return 0;
    G& game = *w.game;
    if (ply > 0) {
        if (game.drawn()) return 0;
        if (auto known = probe(game)) return *known;
        // No line from here can beat a win already found nearer the root.
        alpha = std::max(alpha, loss_in(ply));
        beta = std::min(beta, win_in(ply + 1));
        if (alpha >= beta) return alpha;
    }
    if (ply >= MaxPly - 1) return std::clamp<Score>(game.evaluate(), -WinBound + 1, WinBound - 1);

    const std::uint64_t key = game.key();
    int tt_move = -1;
    if (auto entry = parameters_.use_table ? table_.probe(key) : std::nullopt) {
        tt_move = entry->move == Entry::NoMove ? -1 : entry->move;
        const Score s = from_table(entry->score, ply);
        if (!pv_node && entry->depth >= depth &&
            (entry->bound == Bound::Exact || (entry->bound == Bound::Lower && s >= beta) ||
             (entry->bound == Bound::Upper && s <= alpha)))
            return s;
    }

    if (probcut_margin > 0 && parameters_.probcut && !pv_node && !w.verifying && ply > 0 &&
        depth >= parameters_.probcut_min_depth && !is_decisive(beta)) {
        const Score bar = beta + probcut_margin * depth;
        w.verifying = true;
        const Score s = search(w, shared, bar - 1, bar, depth * 2 / 5, ply, false);
        w.verifying = false;
        if (w.aborted) return 0;
        if (s >= bar) return beta;
        if (parameters_.probcut_fail_low && !is_decisive(alpha) && s <= alpha - probcut_margin * depth) return alpha;
    }

    MoveList& list = w.lists[ply];
    game.legal_moves(list);
    const std::size_t count = list.size();
    if (count == 0) return loss_in(ply);
    if (tt_move >= static_cast<int>(count)) tt_move = -1;  // a colliding key's move
    // Table probes are mostly cache misses: start loading every child's bucket now,
    // so that the misses overlap instead of stalling one child at a time. Without it
    // five international searches to depth 17 took 1.25 times as long; prefetching
    // each child just before playing it, 1.27; only at depth 3 or more, 1.21.
    if constexpr (requires(const G& g, const Move& m) { g.key_after(m); })
        if (parameters_.use_table && depth >= 2)
            for (std::size_t i = 0; i < count; ++i) table_.prefetch(game.key_after(list[i]));
    // A forced move costs no depth: single replies are played out (draughts captures).
    if (count == 1 && ply > 0 && parameters_.single_reply_extension) ++depth;

    auto& scores = w.order_scores[ply];
    std::array<std::uint16_t, MoveList::capacity> index;
    for (std::size_t i = 0; i < count; ++i) {
        const Move& m = list[i];
        index[i] = static_cast<std::uint16_t>(i);
        const std::size_t slot = game.history_slot(m);
        if (static_cast<int>(i) == tt_move) scores[i] = 1 << 30;
        else if (game.is_tactical(m)) scores[i] = 1 << 29;
        else if (slot == w.killers[ply][0]) scores[i] = 1 << 28;
        else if (slot == w.killers[ply][1]) scores[i] = (1 << 28) - 1;
        else scores[i] = w.history[slot];
    }

    const Score alpha_start = alpha;
    Score best = -Infinite;
    int best_index = -1;
    for (std::size_t n = 0; n < count; ++n) {
        pick_next(scores, index, n, count);
        const Move m = list[index[n]];
        const bool quiet = !game.is_tactical(m);
        game.play(m);
        Score score;
        if (n == 0) {
            score = -search(w, shared, -beta, -alpha, depth - 1, ply + 1, pv_node);
        } else {
            // Late quiet moves are searched shallower first; a move that beats alpha
            // there is searched again at full depth.
            int reduction = 0;
            if (parameters_.reductions && quiet && depth >= parameters_.reduction_min_depth &&
                static_cast<int>(n) >= parameters_.reduction_min_move && !game.forcing())
                reduction = 1 + (static_cast<int>(n) >= 8 && depth >= 6 ? 1 : 0);
            score = -search(w, shared, -alpha - 1, -alpha, depth - 1 - reduction, ply + 1, false);
            if (!w.aborted && score > alpha && reduction > 0)
                score = -search(w, shared, -alpha - 1, -alpha, depth - 1, ply + 1, false);
            if (!w.aborted && score > alpha && score < beta && pv_node)
                score = -search(w, shared, -beta, -alpha, depth - 1, ply + 1, true);
        }
        game.undo();
        if (w.aborted) return 0;
        if (score > best) {
            best = score;
            best_index = index[n];
            if (score > alpha) {
                alpha = score;
                if (pv_node) {
                    auto& line = w.pv[ply];
                    line.assign(1, m);
                    line.insert(line.end(), w.pv[ply + 1].begin(), w.pv[ply + 1].end());
                }
                if (score >= beta) {
                    if (quiet) {
                        const std::size_t slot = game.history_slot(m);
                        if (w.killers[ply][0] != slot) w.killers[ply] = {slot, w.killers[ply][0]};
                        int& h = w.history[slot];
                        h = std::min(h + depth * depth, 1 << 26);
                        // Quiet moves tried before the cut-off were worse: a malus.
                        for (std::size_t k = 0; k < n; ++k) {
                            const Move& tried = list[index[k]];
                            if (!game.is_tactical(tried)) {
                                int& t = w.history[game.history_slot(tried)];
                                t = std::max(t - depth * depth, -(1 << 26));
                            }
                        }
                    }
                    break;
                }
            }
        }
    }
    if (!parameters_.use_table) return best;
    const Bound bound = best >= beta ? Bound::Lower : best > alpha_start ? Bound::Exact : Bound::Upper;
    table_.store(key, Entry{static_cast<std::int16_t>(to_table(best, ply)),
                            static_cast<std::uint16_t>(best_index < 0 ? Entry::NoMove : best_index),
                            static_cast<std::uint8_t>(std::min(depth, 255)), bound, 0});
    return best;
}

}  // namespace damier::search
