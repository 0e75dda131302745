// Search for games of 2-6 seats (MultiPlayerGame): three algorithms over one
// iterative-deepening driver, on one thread or more (Lazy SMP as the two-player
// search, lazy_smp.hpp: the threads share the table; thread 0 owns the clock; the
// search ends when thread 0 stops or a thread completes the depth limit). Unlike
// the two-player helpers, these search every depth but start at different root
// moves (see iterate()), and a thread puts last the moves into nodes another thread
// is searching (BusyNodes, ABDADA's deferral): two threads reach a fixed depth in
// 0.52-0.63 of one thread's time with it, 0.69-0.95 without (paranoid and
// best-reply, 3, 4 and 6 players, bench/multiplayer_smp_bench.cpp on an idle
// machine). One thread is deterministic under depth and node limits
// (same move and node count on every run after clear()); a node limit is shared
// out among the threads.
//
// - Paranoid: the root seat against a coalition of all the others, which
//   minimise the root seat's value: plain alpha-beta (Sturtevant & Korf 2000).
// - BestReply (BRS, Schadd & Winands 2011): layers alternate between the root
//   seat's moves and a MIN layer where the moves of every opponent compete,
//   each played after give_turn(opponent), then give_turn(root). Only the best
//   reply of one opponent is considered per layer, so the search goes deeper
//   than paranoid's and the root seat moves at every other layer.
// - BestReplyPlus (BRS+, Esser, Gras, Winands, Schadd & Lanctot 2013): best-reply
//   in the real turn order, so that every opponent moves between two moves of the
//   root seat: in a MIN layer each opponent's moves compete as in BRS, while every
//   other opponent plays its likely move (LikelyMoves: a quick look, no search),
//   those before it in the turn order first.
// - MaxN: each seat maximises its own entry of the value vector (Luckhardt &
//   Irani 1986) with shallow pruning (Korf 1991). The bound: every entry is at
//   least -Win and the entries sum to zero (game_concepts.hpp), so when the seat
//   moving at a node already has v there, the seat moving at the parent gets at
//   most (n - 2) * Win - v from this node; once that is no more than what the
//   parent already has, the rest of the node cannot change the parent's choice.
//   With n >= 3 that prunes only next to decisive values (the known weakness of
//   shallow pruning); it never changes the value max-n returns.
//
// Depth counts plies (one move of any seat) for paranoid and max-n, layers for
// BRS. Move ordering: transposition-table move, then history (per seat and
// history slot), then the game's order; at the root the previous iteration's
// best move first. Paranoid and BRS store bounds on the root seat's score,
// max-n stores exact vectors only (a pruned node keeps just its move). A game
// over's values, when they depend on the ply (FinalValuesByPly), are stored
// relative to the node and flagged, so that they stay right at another ply.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"
#include "search/game_concepts.hpp"
#include "search/lazy_smp.hpp"
#include "search/limits.hpp"
#include "search/multiplayer_table.hpp"

namespace damier::search {

// Best-reply won the leagues clearly (tools/halma_league.cpp, equal nodes per move,
// every algorithm in every seat; avg place / avg score):
//   damier-halma-league --players 3 --openings 16 --nodes 10000 --seed 2  (96 games)
//     brs 1.094 / 0.953 (88 wins), paranoid 2.156 / 0.422, maxn 2.750 / 0.125
//   damier-halma-league --players 3 --openings 8 --nodes 4000 --seed 1  (48 games)
//     brs 1.396 / 0.802, paranoid 1.896 / 0.552, maxn 2.708 / 0.146
//   damier-halma-league --players 4 --openings 8 --nodes 4000 --seed 3  (48 games)
//     brs 1.750 / 0.750, paranoid 2.531 / 0.490, maxn 3.219 / 0.260
//   damier-halma-league --players 6 --openings 4 --nodes 4000 --seed 4  (24 games)
//     brs 2.854 / 0.629, maxn 3.792 / 0.442, paranoid 3.854 / 0.429
// as in the literature for Chinese checkers (BRS > paranoid > max-n).
constexpr MultiAlgorithm DefaultMultiAlgorithm = MultiAlgorithm::BestReply;

// The protocol's `search` option: "paranoid", "brs" or "maxn".
inline damier::Result<MultiAlgorithm> parse_multi_algorithm(std::string_view name) {
    if (name == "paranoid") return MultiAlgorithm::Paranoid;
    if (name == "brs") return MultiAlgorithm::BestReply;
    if (name == "brs+") return MultiAlgorithm::BestReplyPlus;
    if (name == "maxn") return MultiAlgorithm::MaxN;
    return failure<MultiAlgorithm>("unknown search algorithm \"" + std::string(name) +
                                   "\" (paranoid, brs, brs+ or maxn)");
}
inline const char* multi_algorithm_name(MultiAlgorithm a) {
    switch (a) {
        case MultiAlgorithm::Paranoid: return "paranoid";
        case MultiAlgorithm::BestReply: return "brs";
        case MultiAlgorithm::BestReplyPlus: return "brs+";
        case MultiAlgorithm::MaxN: break;
    }
    return "maxn";
}

// Paranoid and BRS (BRS+ too) back up one score, the root seat's: their `values` hold it at
// the root seat and share its negation among the other seats (the coalition).
template <class Move>
struct MultiReport {
    int depth;
    Values values;
    std::uint64_t nodes;
    double seconds;
    std::vector<Move> pv;  // BRS, BRS+: cut where the line leaves the searched moves in the real turn order
};

template <class Move>
struct MultiResult {
    Move best;
    bool has_move;  // false when the game is over at the root
    Values values;
    std::uint64_t nodes;
    int depth;      // last completed iteration (0 when the first was stopped)
};

// What one thread's search ended with, for choosing the move a search plays.
struct ThreadOutcome {
    int depth = 0;              // its deepest completed iteration
    bool beat_in_next = false;  // a move beat that iteration's best in the cut-short one after it
    Score value = 0;            // then the root seat's value of that move, exact one ply deeper
};

// The deepest completed iteration wins, the first thread's on a tie; at equal depth
// a move that beat the best in the cut-short iteration after it wins over none, and
// the higher value over the lower. The threads start that iteration at different
// root moves, so a second thread's speed counts here even when no thread completes
// one more iteration (at a fixed move time, most moves).
inline std::size_t chosen_thread(const std::vector<ThreadOutcome>& threads) {
    std::size_t chosen = 0;
    for (std::size_t i = 1; i < threads.size(); ++i) {
        const ThreadOutcome& t = threads[i];
        const ThreadOutcome& c = threads[chosen];
        if (t.depth != c.depth) {
            if (t.depth > c.depth) chosen = i;
        } else if (t.beat_in_next && (!c.beat_in_next || t.value > c.value)) {
            chosen = i;
        }
    }
    return chosen;
}

struct NoIterationCallback {
    template <class Report>
    void operator()(const Report&) const {}
};

template <MultiPlayerGame G>
class MultiSearcher {
public:
    using Move = typename G::Move;

    explicit MultiSearcher(std::size_t table_mebibytes = 16) : table_(table_mebibytes) {}

    // 0 MiB: no table.
    void set_table_size(std::size_t mebibytes) { table_.resize(mebibytes); }
    // Forget everything learnt (a new game).
    void clear() { table_.clear(); }
    // Off only to compare against plain max-n.
    void set_shallow_pruning(bool on) { pruning_ = on; }
    // Off only to measure what deferring moves into nodes other threads are in gains.
    void set_deferral(bool on) { deferral_ = on; }
    // Threads of the next searches (Lazy SMP, 1 to MaxThreads), sharing the table.
    void set_threads(int threads) { threads_ = std::clamp(threads, 1, MaxThreads); }
    int threads() const { return threads_; }
    // Nodes of one thread in the last search (benchmarks: how the work was shared).
    std::uint64_t thread_nodes(int thread) const {
        return thread < static_cast<int>(workers_.size()) ? workers_[thread]->nodes.load(std::memory_order_relaxed) : 0;
    }

    // Searches until the limits or `stop` end it; calls on_iteration(const
    // MultiReport<Move>&) after each iteration deeper than any reported before
    // (from any thread, one call at a time). With no limit at all it goes on to
    // MaxPly. A stop at any moment returns the deepest completed iteration's best
    // move, or a move that beat it in the next iteration before the stop, of the
    // thread chosen_thread() picks; thread 0's first iteration always finishes one
    // root move.
    template <class OnIteration = NoIterationCallback>
    MultiResult<Move> run(G& game, const Limits& limits, MultiAlgorithm algorithm, const std::atomic<bool>& stop,
                          OnIteration&& on_iteration = {}) {
        static const std::atomic<bool> never{false};
        return run(game, limits, algorithm, stop, never, on_iteration);
    }
    // The same with pondering: time limits apply only once control.pondering is
    // cleared (ponder-hit), counted from the start of the search.
    template <class OnIteration = NoIterationCallback>
    MultiResult<Move> run(G& game, const Limits& limits, MultiAlgorithm algorithm, const Control& control,
                          OnIteration&& on_iteration = {}) {
        return run(game, limits, algorithm, control.stop, control.pondering, on_iteration);
    }

private:
    class Worker;
    using Workers = std::vector<std::unique_ptr<Worker>>;

    // What the threads of one search share, besides the table.
    struct Shared {
        Limits limits;
        TimeBudget budget;
        Clock::time_point start;
        const std::atomic<bool>* stop = nullptr;
        const std::atomic<bool>* pondering = nullptr;
        MultiAlgorithm algorithm = MultiAlgorithm::Paranoid;
        bool pruning = true;
        int threads = 1;
        MultiTable* table = nullptr;
        BusyNodes* busy = nullptr;  // with more than one thread
        const Workers* workers = nullptr;
        std::function<void(const MultiReport<Move>&)> report;
        std::atomic<bool> finished{false};  // a thread completed the depth limit, or thread 0 returned
        std::mutex report_mutex;
        int reported_depth = 0;  // guarded by report_mutex

        bool pondering_now() const { return pondering->load(std::memory_order_relaxed); }
        std::uint64_t total_nodes() const {
            std::uint64_t n = 0;
            for (int i = 0; i < threads; ++i) n += (*workers)[i]->nodes.load(std::memory_order_relaxed);
            return n;
        }
    };

    template <class OnIteration>
    MultiResult<Move> run(G& game, const Limits& limits, MultiAlgorithm algorithm, const std::atomic<bool>& stop,
                          const std::atomic<bool>& pondering_flag, OnIteration&& on_iteration) {
        const int threads = threads_;
        table_.new_search();
        while (static_cast<int>(workers_.size()) < threads)
            workers_.push_back(std::make_unique<Worker>(static_cast<int>(workers_.size())));
        Shared shared;
        shared.limits = limits;
        shared.budget = TimeBudget::from(limits);
        shared.start = Clock::now();
        shared.stop = &stop;
        shared.pondering = &pondering_flag;
        shared.algorithm = algorithm;
        shared.pruning = pruning_;
        shared.threads = threads;
        shared.table = &table_;
        if (threads > 1 && deferral_ && !busy_) busy_ = std::make_unique<BusyNodes>();
        shared.busy = threads > 1 && deferral_ ? busy_.get() : nullptr;
        shared.workers = &workers_;
        shared.report = [&on_iteration](const MultiReport<Move>& r) { on_iteration(r); };
        const G& root = game;
        run_lazy_smp(threads, shared.finished, [this, &root, &shared](int i) { workers_[i]->search(root, shared); });
        std::vector<ThreadOutcome> outcomes;
        for (int i = 0; i < threads; ++i) outcomes.push_back(workers_[i]->outcome());
        MultiResult<Move> result = workers_[chosen_thread(outcomes)]->result;
        result.nodes = shared.total_nodes();
        return result;
    }

    // One thread's search: its own game copy, history and move lists.
    class Worker {
    public:
        explicit Worker(int id) : id_(id) {}

        std::atomic<std::uint64_t> nodes{0};
        MultiResult<Move> result{};
        bool beat_in_next = false;  // result.best beat the best of iteration result.depth in the next

        ThreadOutcome outcome() const { return {result.depth, beat_in_next, result.values[root_]}; }

        // Iterative deepening from root; the result is the deepest completed iteration,
        // or a move that beat it in the cut-short iteration after.
        void search(const G& root, Shared& shared) {
            shared_ = &shared;
            table_ = shared.table;
            busy_ = shared.busy;
            algorithm_ = shared.algorithm;
            pruning_ = shared.pruning;
            const Limits& limits = shared.limits;
            node_limit_ = limits.nodes ? std::max<std::uint64_t>(1, limits.nodes / static_cast<std::uint64_t>(shared.threads))
                                       : 0;
            nodes.store(0, std::memory_order_relaxed);
            aborted_ = false;
            can_abort_ = id_ != 0;  // helpers may stop at once; thread 0 after one root move
            game_.emplace(root);
            G& game = *game_;
            players_ = game.players();
            root_ = game.to_move();
            prune_bound_ = (players_ - 2) * Win;
            history_.assign(static_cast<std::size_t>(players_) * G::history_slots, 0);
            choices_.resize(MaxPly + 1);
            deferred_.resize(MaxPly + 1);
            preludes_.resize(MaxPly + 1);
            pv_.resize(MaxPly + 1);

            result = MultiResult<Move>{Move{}, false, game.values(), 0, 0};
            beat_in_next = false;
            if (game.over()) return;
            collect(game, 0, root_);
            if (choices_[0].empty()) return;
            order(game, 0, table_move(game.key()));
            root_moves_ = choices_[0];
            result.best = root_moves_[0].move;
            result.has_move = true;

            const int max_depth = limits.depth ? std::min(limits.depth, MaxPly - 1) : MaxPly - 1;
            for (int depth = 1; depth <= max_depth; ++depth) {
                const Iteration it = iterate(game, depth);
                if (aborted_ && (depth > 1 || id_ != 0)) {
                    // A cut-short iteration still counts where a move beat the previous
                    // best, which is searched first: its value is exact (a fixed move
                    // time always ends inside an iteration, and a second thread's speed
                    // shows only here unless it completes one more).
                    if (it.best != 0) {
                        result.best = root_moves_[it.best].move;
                        result.values = it.values;
                        beat_in_next = true;
                    }
                    break;
                }
                result.best = root_moves_[it.best].move;
                result.values = it.values;
                if (aborted_) break;
                result.depth = depth;
                std::rotate(root_moves_.begin(), root_moves_.begin() + it.best, root_moves_.begin() + it.best + 1);
                if (depth >= max_depth) shared.finished.store(true);
                {
                    std::lock_guard lock(shared.report_mutex);
                    if (depth > shared.reported_depth) {
                        shared.reported_depth = depth;
                        shared.report(
                            MultiReport<Move>{depth, it.values, shared.total_nodes(), seconds_since(shared.start), it.pv});
                    }
                }
                if (id_ != 0) continue;
                if (shared.budget.soft > 0 && !shared.pondering_now() && seconds_since(shared.start) >= shared.budget.soft)
                    break;
                if (root_moves_.size() == 1 && !limits.infinite && !limits.depth) break;
            }
        }

    private:
        struct Choice {
            Move move;
            std::uint16_t index;  // in the generated order, for the table
            int seat;             // who plays it (BRS mixes opponents)
            std::uint64_t rank;
            int prelude = 0;      // BRS+: how many of the ply's likely moves (preludes_) are played before it
        };
        struct Iteration {
            std::size_t searched = 0;  // root moves finished
            std::size_t best = 0;      // index in root_moves_
            Values values{};
            std::vector<Move> pv;
        };

        Iteration iterate(G& g, int depth) {
            Iteration it;
            Score alpha = -Infinite;  // paranoid and BRS: the root seat's best score so far
            // Every thread searches the previous best move first; then thread k of T
            // starts k / T of the way along the other moves and wraps around, so the
            // threads cover different root moves and meet each other's results in the
            // table. Helpers search every depth: skipping depths as the two-player
            // helpers do left them searching ahead with a worse move order (work of
            // two threads to a fixed depth, bench/multiplayer_smp_bench.cpp: paranoid
            // 4 players 0.51-0.53 of one thread's without skipping, 0.63-0.71 with;
            // best-reply 6 players 0.54-0.57 against 0.59-0.60).
            const std::size_t n = root_moves_.size();
            const std::size_t shift =
                n > 2 ? static_cast<std::size_t>(id_) * (n - 1) / static_cast<std::size_t>(shared_->threads) : 0;
            for (std::size_t k = 0; k < n; ++k) {
                const std::size_t i = k == 0 ? 0 : 1 + (k - 1 + shift) % (n - 1);
                const Choice& c = root_moves_[i];
                if (!enter()) break;
                g.play(c.move);
                Values v{};
                if (algorithm_ == MultiAlgorithm::MaxN)
                    v = maxn(g, depth - 1, 1, it.searched ? it.values[root_] : -Infinite, root_);
                else
                    v = coalition(minimax(g, depth - 1, 1, alpha, Infinite, false));
                g.undo();
                if (aborted_) break;
                if (!it.searched || v[root_] > it.values[root_]) {
                    it.best = i;
                    it.values = v;
                    alpha = v[root_];
                    it.pv.assign(1, c.move);
                    it.pv.insert(it.pv.end(), pv_[1].begin(), pv_[1].end());
                }
                ++it.searched;
                can_abort_ = true;
            }
            return it;
        }
        // A node's moves in their order, then the ones put off because another thread was
        // in the node they lead to (BusyNodes); while it lives, the node is marked as this
        // thread's. Both only with more than one thread, and DeferDepth plies or more to go.
        // The pointers stay valid: the put-off list grows only while the first list is read.
        class NodeMoves {
        public:
            NodeMoves(Worker& w, int ply, int depth, std::uint64_t key)
                : w_(w), moves_(w.choices_[ply]), put_off_(w.deferred_[ply]),
                  may_put_off_(w.busy_ && depth > DeferDepth),
                  mark_(w.busy_ && depth >= DeferDepth ? w.busy_ : nullptr, key, w.id_) {
                put_off_.clear();
            }
            // The next move to search, or nullptr when all are done.
            const Choice* next() {
                const std::size_t n = moves_.size();
                if (next_ >= n + put_off_.size()) return nullptr;
                ++next_;
                return next_ <= n ? &moves_[next_ - 1] : &put_off_[next_ - 1 - n];
            }
            // With the move next() gave played: true, and the move kept for the end, when
            // another thread is searching child_key. The first move is never put off.
            bool put_off(const Choice& c, std::uint64_t child_key) {
                if (!may_put_off_ || next_ <= 1 || next_ > moves_.size() || !w_.busy_->busy_elsewhere(child_key, w_.id_))
                    return false;
                put_off_.push_back(c);
                return true;
            }

        private:
            Worker& w_;
            const std::vector<Choice>& moves_;
            std::vector<Choice>& put_off_;
            std::size_t next_ = 0;  // moves given so far
            const bool may_put_off_;
            const BusyNodes::Guard mark_;
        };

        // Paranoid and best-reply: alpha-beta (fail-soft) on the root seat's value.
        // Paranoid follows the turn order, the root seat maximising, the others
        // minimising; best-reply alternates MAX layers (the root seat's moves) and MIN
        // layers (every opponent's moves, each played with the turn given to it).
        // final_ tells the caller whether the score returned is a game over's.
        Score minimax(G& g, int depth, int ply, Score alpha, Score beta, bool max_layer) {
            pv_[ply].clear();
            if (g.over() || depth <= 0 || ply >= MaxPly) return leaf(g)[root_];
            const bool plus = algorithm_ == MultiAlgorithm::BestReplyPlus;
            const bool brs = algorithm_ == MultiAlgorithm::BestReply || plus;
            if (!brs) max_layer = g.to_move() == root_;
            else if (max_layer && g.to_move() != root_) return leaf(g)[root_];  // the root seat is out
            const bool replies = brs && !max_layer;
            const std::uint64_t key = g.key();
            const auto entry = table_->probe(key);
            if (auto s = bounded_score(g, entry, depth, alpha, beta)) return *s;
            if (replies && plus) collect_in_turn(g, ply);
            else if (replies) collect_opponents(g, ply);
            else collect(g, ply, g.to_move());
            if (choices_[ply].empty()) return leaf(g)[root_];
            order(g, ply, entry ? entry->move : MultiEntry::NoMove);
            const Score alpha0 = alpha, beta0 = beta;
            Score best = max_layer ? -Infinite : Infinite;
            bool best_final = false;
            std::uint16_t best_index = MultiEntry::NoMove;
            NodeMoves moves(*this, ply, depth, key);
            while (const Choice* next = moves.next()) {
                const Choice& c = *next;
                if (!enter()) return 0;
                bool in_turn = true;  // the line is the searched moves in the real turn order (for the pv)
                int played = 1;       // positions to undo
                if (replies && plus) {
                    for (int i = 0; i < c.prelude; ++i) g.play(preludes_[ply][static_cast<std::size_t>(i)]);
                    g.play(c.move);
                    const int after = play_likely_until_root(g);
                    in_turn = c.prelude == 0 && after == 0;
                    played = c.prelude + 1 + after;
                } else if (replies) {
                    in_turn = g.to_move() == c.seat;
                    g.give_turn(c.seat);
                    g.play(c.move);
                    in_turn = in_turn && (g.over() || g.to_move() == root_);
                    g.give_turn(root_);
                    played = 3;
                } else {
                    g.play(c.move);
                }
                const bool put_off = moves.put_off(c, g.key());
                const Score s = put_off ? 0 : minimax(g, depth - 1, ply + 1, alpha, beta, !max_layer);
                for (int i = 0; i < played; ++i) g.undo();
                if (put_off) continue;
                if (aborted_) return 0;
                if (max_layer ? s > best : s < best) {
                    best = s;
                    best_final = final_;
                    best_index = c.index;
                    extend_pv(ply, c.move, in_turn);
                    (max_layer ? alpha : beta) = s;
                }
                if (alpha >= beta) {
                    reward(g, c, depth);
                    break;
                }
            }
            store_score(g, key, depth, best, best_final, alpha0, beta0, best_index);
            final_ = best_final;
            return best;
        }

        // Max-n with shallow pruning: parent_best is what parent_seat already has at the parent.
        Values maxn(G& g, int depth, int ply, Score parent_best, int parent_seat) {
            pv_[ply].clear();
            if (g.over() || depth <= 0 || ply >= MaxPly) return leaf(g);
            const std::uint64_t key = g.key();
            const auto entry = table_->probe(key);
            if (entry && entry->algorithm == MultiAlgorithm::MaxN && entry->bound == Bound::Exact && entry->depth >= depth) {
                final_ = entry->final;
                Values v = entry->values;
                if (final_)
                    for (int seat = 0; seat < players_; ++seat) v[seat] = from_table(g, v[seat]);
                return v;
            }
            const int seat = g.to_move();
            collect(g, ply, seat);
            if (choices_[ply].empty()) return leaf(g);
            order(g, ply, entry ? entry->move : MultiEntry::NoMove);
            Values best{};
            bool best_final = false;
            const Choice* chosen = nullptr;
            NodeMoves moves(*this, ply, depth, key);
            while (const Choice* next = moves.next()) {
                const Choice& c = *next;
                if (!enter()) return {};
                g.play(c.move);
                if (moves.put_off(c, g.key())) {
                    g.undo();
                    continue;
                }
                const Values v = maxn(g, depth - 1, ply + 1, chosen ? best[seat] : -Infinite, seat);
                g.undo();
                if (aborted_) return {};
                if (!chosen || v[seat] > best[seat]) {
                    best = v;
                    best_final = final_;
                    chosen = &c;
                    extend_pv(ply, c.move, true);
                }
                if (pruning_ && parent_seat != seat && prune_bound_ - best[seat] <= parent_best) {
                    store_values(g, key, best, best_final, chosen->index, depth, Bound::None);
                    final_ = best_final;
                    return best;
                }
            }
            reward(g, *chosen, depth);
            store_values(g, key, best, best_final, chosen->index, depth, Bound::Exact);
            final_ = best_final;
            return best;
        }

        // A leaf's values; sets final_.
        Values leaf(const G& g) {
            final_ = g.over();
            return g.values();
        }

        // Counts a node, or says the search must stop (thread 0: never before its first
        // root move is done). Only thread 0 watches the clock.
        bool enter() {
            if (aborted_) return false;
            const std::uint64_t n = nodes.load(std::memory_order_relaxed);
            if (can_abort_) {
                const Shared& s = *shared_;
                if (s.stop->load(std::memory_order_relaxed) || s.finished.load(std::memory_order_relaxed) ||
                    (node_limit_ && n >= node_limit_) ||
                    (id_ == 0 && s.budget.hard > 0 && (n & 255) == 0 && !s.pondering_now() &&
                     seconds_since(s.start) >= s.budget.hard)) {
                    aborted_ = true;
                    return false;
                }
            }
            nodes.store(n + 1, std::memory_order_relaxed);
            return true;
        }

        void collect(const G& g, int ply, int seat) {
            choices_[ply].clear();
            append_moves(g, ply, seat);
        }
        void append_moves(const G& g, int ply, int seat) {
            g.legal_moves(scratch_);
            auto& out = choices_[ply];
            for (std::size_t i = 0; i < scratch_.size(); ++i) {
                const auto index = static_cast<std::uint16_t>(std::min<std::size_t>(out.size(), MultiEntry::NoMove));
                out.push_back({scratch_[i], index, seat, 0, 0});
            }
        }
        // BRS MIN layer: the moves of every opponent that can be given the turn, in seat order.
        void collect_opponents(G& g, int ply) {
            choices_[ply].clear();
            for (int seat = 0; seat < players_; ++seat) {
                if (seat == root_) continue;
                g.give_turn(seat);
                if (!g.over() && g.to_move() == seat) append_moves(g, ply, seat);
                g.undo();
            }
        }

        // BRS+ MIN layer: the seats from the one to move up to the root seat, in turn
        // order; each seat's moves are generated after the likely moves of the seats
        // before it (kept in preludes_[ply], Choice::prelude of them before each move).
        void collect_in_turn(G& g, int ply) {
            choices_[ply].clear();
            auto& prelude = preludes_[ply];
            prelude.clear();
            while (!g.over() && g.to_move() != root_) {
                const std::size_t first = choices_[ply].size();
                append_moves(g, ply, g.to_move());
                for (std::size_t i = first; i < choices_[ply].size(); ++i)
                    choices_[ply][i].prelude = static_cast<int>(prelude.size());
                prelude.push_back(scratch_[likely_move(g, scratch_)]);
                g.play(prelude.back());
            }
            for (std::size_t i = 0; i < prelude.size(); ++i) g.undo();
        }
        // Plays the likely move of each seat until the root seat is to move or the game
        // is over; returns the moves played.
        int play_likely_until_root(G& g) {
            int played = 0;
            for (; !g.over() && g.to_move() != root_; ++played) {
                g.legal_moves(scratch_);
                g.play(scratch_[likely_move(g, scratch_)]);
            }
            return played;
        }
        static std::size_t likely_move(const G& g, const typename G::MoveList& list) {
            if constexpr (LikelyMoves<G>) return g.likely_move(list);
            else return 0;
        }

        void order(const G& g, int ply, std::uint16_t table_move) {
            auto& cs = choices_[ply];
            for (Choice& c : cs)
                c.rank = c.index == table_move && table_move != MultiEntry::NoMove ? ~std::uint64_t{0} : history(g, c);
            std::stable_sort(cs.begin(), cs.end(), [](const Choice& a, const Choice& b) { return a.rank > b.rank; });
        }
        std::uint64_t& history(const G& g, const Choice& c) {
            return history_[static_cast<std::size_t>(c.seat) * G::history_slots + g.history_slot(c.move)];
        }
        void reward(const G& g, const Choice& c, int depth) {
            history(g, c) += static_cast<std::uint64_t>(depth) * static_cast<std::uint64_t>(depth);
        }

        void extend_pv(int ply, const Move& m, bool continues) {
            auto& pv = pv_[ply];
            pv.assign(1, m);
            if (continues) pv.insert(pv.end(), pv_[ply + 1].begin(), pv_[ply + 1].end());
        }

        // The value vector of a paranoid or BRS score: the coalition shares its negation.
        Values coalition(Score s) const {
            Values v{};
            v[root_] = s;
            const int others = players_ - 1, share = -s / others, rest = -s % others;  // rest has -s's sign
            for (int seat = 0, k = 0; seat < players_; ++seat)
                if (seat != root_) v[seat] = share + (k++ < std::abs(rest) ? (rest > 0 ? 1 : -1) : 0);
            return v;
        }

        std::uint16_t table_move(std::uint64_t key) const {
            const auto e = table_->probe(key);
            return e ? e->move : MultiEntry::NoMove;
        }
        std::optional<Score> bounded_score(const G& g, const std::optional<MultiEntry>& e, int depth, Score alpha,
                                           Score beta) {
            if (!e || e->algorithm != algorithm_ || e->root != root_ || e->depth < depth) return std::nullopt;
            const Score s = e->final ? from_table(g, e->values[root_]) : e->values[root_];
            if (e->bound == Bound::Exact || (e->bound == Bound::Lower && s >= beta) ||
                (e->bound == Bound::Upper && s <= alpha)) {
                final_ = e->final;
                return s;
            }
            return std::nullopt;
        }
        void store_score(const G& g, std::uint64_t key, int depth, Score best, bool final, Score alpha0, Score beta0,
                         std::uint16_t move) {
            const Bound b = best <= alpha0 ? Bound::Upper : best >= beta0 ? Bound::Lower : Bound::Exact;
            MultiEntry e{{}, move, clamp_depth(depth), b, algorithm_, static_cast<std::uint8_t>(root_), 0, final};
            e.values[root_] = final ? to_table(g, best) : best;
            table_->store(key, e);
        }
        void store_values(const G& g, std::uint64_t key, Values values, bool final, std::uint16_t move, int depth,
                          Bound bound) {
            if (final)
                for (int seat = 0; seat < players_; ++seat) values[seat] = to_table(g, values[seat]);
            table_->store(key, MultiEntry{values, move, clamp_depth(depth), bound, algorithm_, 0, 0, final});
        }
        // A game over's value in the table counts the plies from the node, not the
        // root (when the game's final values depend on the ply).
        static Score to_table(const G& g, Score v) {
            if constexpr (FinalValuesByPly<G>) return g.final_value_later(v, -g.ply());
            else return v;
        }
        static Score from_table(const G& g, Score v) {
            if constexpr (FinalValuesByPly<G>) return g.final_value_later(v, g.ply());
            else return v;
        }
        // Nodes this deep are marked while searched (NodeMoves).
        static constexpr int DeferDepth = 2;
        static std::uint8_t clamp_depth(int depth) { return static_cast<std::uint8_t>(std::min(depth, 255)); }

        const int id_;
        const Shared* shared_ = nullptr;
        MultiTable* table_ = nullptr;
        MultiAlgorithm algorithm_ = MultiAlgorithm::Paranoid;
        bool pruning_ = true;
        std::uint64_t node_limit_ = 0;  // this thread's share of the node limit, 0 = none
        bool aborted_ = false, can_abort_ = false;
        bool final_ = false;  // the value the last call returned is a game over's
        int players_ = 0, root_ = 0;
        Score prune_bound_ = 0;
        std::optional<G> game_;
        std::vector<std::uint64_t> history_;
        std::vector<std::vector<Choice>> choices_;  // per ply
        std::vector<std::vector<Choice>> deferred_;  // per ply: moves into nodes another thread was in
        std::vector<std::vector<Move>> preludes_;    // per ply, BRS+: the likely moves of the seats in turn
        BusyNodes* busy_ = nullptr;                  // with more than one thread
        std::vector<Choice> root_moves_;
        std::vector<std::vector<Move>> pv_;  // per ply: the line from there
        typename G::MoveList scratch_;
    };

    MultiTable table_;
    std::unique_ptr<BusyNodes> busy_;  // made for the first search with more than one thread
    bool deferral_ = true;
    bool pruning_ = true;
    int threads_ = 1;
    Workers workers_;
};

}  // namespace damier::search
