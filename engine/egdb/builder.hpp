// Builds endgame tables by retrograde analysis.
//
// Tables are built in order of piece count, and within one count fewest men
// first: a capture leads to fewer pieces and a promotion to fewer men, so every
// such move leads into a finished table. The only moves that stay among
// unfinished positions are quiet moves between a signature and its swap (the
// other side to move), so those two are built together:
// 1. A forward pass (on all threads) generates every position's moves with the
//    rules' own generator. Moves into finished tables settle a win (a lost
//    successor) or rule a loss out (a drawn one); the moves within the pair are
//    counted. No move at all is a loss.
// 2. Each decided position then goes back over the quiet moves that lead to it
//    (un-moves of the side that just moved, checked against the rule that a
//    capture, when there is one, must be made), in waves shared by the threads:
//    a predecessor of a loss is a win, and a predecessor whose every counted move
//    reaches a win is a loss.
// What stays undecided is a draw. Positions with a capture to make are stored
// like any other. The result does not depend on the order of the work (it is the
// least fixpoint), so a rebuild gives the same files; the builder's consistency
// check (inconsistencies() below, `damier egdb --verify`) recomputes every value
// from its successors.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "engine/draughts/movegen.hpp"
#include "engine/egdb/database.hpp"

namespace damier::egdb {

// Calls work(thread, begin, end) for the chunks of [0, count), handed out to up to
// `threads` threads (thread 0 is the caller; no more threads than chunks), and
// returns when every chunk is done.
template <class F>
void share_out(std::uint64_t count, std::uint64_t chunk, int threads, F&& work) {
    const std::uint64_t chunks = (count + chunk - 1) / chunk;
    const int used =
        static_cast<int>(std::clamp<std::uint64_t>(chunks, 1, static_cast<std::uint64_t>(std::max(threads, 1))));
    std::atomic<std::uint64_t> next{0};
    auto run = [&](int thread) {
        for (std::uint64_t begin; (begin = next.fetch_add(chunk)) < count;)
            work(thread, begin, std::min(begin + chunk, count));
    };
    std::vector<std::jthread> helpers;
    for (int t = 1; t < used; ++t) helpers.emplace_back(run, t);
    run(0);
}

struct EndingReport {
    Signature signature;
    std::uint64_t positions = 0, wins = 0, draws = 0, losses = 0;  // holes of the index left out
    double seconds = 0;
    std::uint64_t bytes = 0;
    std::uint64_t checksum = 0;
    bool loaded = false;  // read from an existing file, not built
};

template <draughts::RuleSet R>
class Builder {
public:
    using B = typename R::board;
    using Pos = draughts::Position<B>;
    using Table = typename Database<R>::Table;
    using Report = std::function<void(const EndingReport&)>;

    Builder(Database<R>& db, std::string dir, int threads) : db_(db), dir_(std::move(dir)), threads_(threads) {}

    // Builds (or reads, when a valid file is already there) every table of up to
    // `pieces` pieces. Returns "" or the first error.
    std::string build(int pieces, const Report& report) {
        for (int n = 2; n <= pieces; ++n) {
            for (const Signature& s : signatures(n)) {
                if (db_.table(s)) continue;
                if (auto t = db_.read(dir_, s)) {
                    report(summary(*t.value(), 0, true));
                    db_.add(std::move(t.value()));
                    continue;
                }
                if (auto error = build_pair(s, report); !error.empty()) return error;
            }
        }
        return {};
    }

private:
    static constexpr std::uint8_t Unknown = 3;           // in the build, beside the Wdl codes
    static constexpr std::uint16_t CannotLose = 0x8000;  // in a counter: a move reaches a draw

    struct Work {
        Signature signature;
        Layout<B> layout;
        std::unique_ptr<std::atomic<std::uint8_t>[]> values;
        std::vector<std::uint16_t> moves_left;  // counted moves within the pair not yet known won
    };
    struct Decided {
        std::size_t table;
        std::uint64_t index;
    };

    std::string build_pair(const Signature& s, const Report& report) {
        const auto start = std::chrono::steady_clock::now();
        std::vector<Work> work;
        work.push_back(make_work(s));
        if (!(s.swapped() == s)) work.push_back(make_work(s.swapped()));
        for (auto& w : work) forward_pass(w, work);
        retrograde(work);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        for (auto& w : work) {
            auto t = finish(w);
            auto bytes = write_table(Database<R>::path(dir_, w.signature), t->header, t->values);
            if (!bytes) return bytes.error();
            t->bytes = bytes.value();
            report(summary(*t, seconds / static_cast<double>(work.size()), false));
            db_.add(std::move(t));
        }
        return {};
    }

    Work make_work(const Signature& s) {
        Layout<B> layout(s);
        auto values = std::make_unique<std::atomic<std::uint8_t>[]>(layout.size());
        return Work{s, layout, std::move(values), std::vector<std::uint16_t>(layout.size(), 0)};
    }

    // Step 1 for every position of w, on all threads (each writes its own indices).
    void forward_pass(Work& w, const std::vector<Work>& work) const {
        std::vector<draughts::MoveList<B>> moves(static_cast<std::size_t>(threads_));
        share_out(w.layout.size(), 4096, threads_, [&](int thread, std::uint64_t begin, std::uint64_t end) {
            w.layout.for_each_position(begin, end, [&](std::uint64_t i, const std::optional<Pos>& p) {
                std::uint8_t v = static_cast<std::uint8_t>(Wdl::Draw);  // holes of the index
                if (p) v = first_value(*p, work, moves[static_cast<std::size_t>(thread)], w.moves_left[i]);
                w.values[i].store(v, std::memory_order_relaxed);
            });
        });
    }

    // p's value from the moves that leave the pair, or Unknown with the moves
    // within it counted in `left`.
    std::uint8_t first_value(const Pos& p, const std::vector<Work>& work, draughts::MoveList<B>& moves,
                             std::uint16_t& left) const {
        draughts::MoveGen<R>::generate(p, moves);
        std::uint16_t within = 0;
        bool can_lose = true;
        for (const auto& m : moves) {
            const Pos q = from_mover(p.after(m));
            const Signature s = signature_of(q);
            if (s == work.front().signature || s == work.back().signature) {
                ++within;
                continue;
            }
            const Wdl v = *db_.probe_any(q);  // finished earlier, by the order of signatures()
            if (v == Wdl::Loss) return static_cast<std::uint8_t>(Wdl::Win);
            if (v == Wdl::Draw) can_lose = false;
        }
        if (within == 0) return static_cast<std::uint8_t>(can_lose ? Wdl::Loss : Wdl::Draw);
        left = static_cast<std::uint16_t>(within | (can_lose ? 0 : CannotLose));
        return Unknown;
    }

    // Step 2: every decided position of the pair passes its value back to its
    // predecessors within the pair, one wave at a time until nothing changes. The
    // threads share each wave: a predecessor is decided by whichever thread first
    // turns it from Unknown (a compare-exchange), and its count of moves not yet
    // known won drops atomically, so the outcome is the same least fixpoint on any
    // number of threads.
    void retrograde(std::vector<Work>& work) const {
        std::vector<Decided> wave;
        for (std::size_t k = 0; k < work.size(); ++k)
            for (std::uint64_t i = 0; i < work[k].layout.size(); ++i) {
                const std::uint8_t v = work[k].values[i].load(std::memory_order_relaxed);
                if (v != static_cast<std::uint8_t>(Wdl::Draw) && v != Unknown) wave.push_back({k, i});
            }
        while (!wave.empty()) {
            std::vector<std::vector<Decided>> found(static_cast<std::size_t>(threads_));
            share_out(wave.size(), 1024, threads_, [&](int thread, std::uint64_t begin, std::uint64_t end) {
                for (std::uint64_t n = begin; n < end; ++n)
                    pass_back(work, wave[n], found[static_cast<std::size_t>(thread)]);
            });
            wave.clear();
            for (auto& part : found) wave.insert(wave.end(), part.begin(), part.end());
        }
    }

    // Decides the predecessors of d that its value settles: a predecessor of a
    // loss is won, one whose every counted move reaches a win is lost.
    void pass_back(std::vector<Work>& work, const Decided& d, std::vector<Decided>& decided) const {
        const bool lost =
            work[d.table].values[d.index].load(std::memory_order_relaxed) == static_cast<std::uint8_t>(Wdl::Loss);
        const std::size_t other = work.size() == 1 ? 0 : 1 - d.table;
        Work& w = work[other];
        for_each_predecessor(*work[d.table].layout.position(d.index), [&](const Pos& before) {
            const std::uint64_t j = w.layout.index(from_mover(before));
            if (w.values[j].load(std::memory_order_relaxed) != Unknown) return;
            // CannotLose keeps the count above 0.
            if (!lost && std::atomic_ref<std::uint16_t>(w.moves_left[j]).fetch_sub(1, std::memory_order_relaxed) != 1)
                return;
            std::uint8_t expected = Unknown;
            if (w.values[j].compare_exchange_strong(expected, static_cast<std::uint8_t>(lost ? Wdl::Win : Wdl::Loss),
                                                    std::memory_order_relaxed))
                decided.push_back({other, j});
        });
    }

    // Calls visit(before) for each position (Black to move) from which a quiet
    // Black move, legal there, leads to q (White to move) and keeps the men.
    template <class F>
    static void for_each_predecessor(const Pos& q, F&& visit) {
        using Bits = typename B::Bits;
        const Bits empty = q.empty();
        for (Bits black = q.pieces[1]; black;) {
            const int to = pop_lowest(black);
            const bool king = (q.kings >> to) & 1;
            for (int d = 0; d < 4; ++d) {
                // A black man came down the board: it stood up-left or up-right.
                if (!king && d != draughts::UpLeft && d != draughts::UpRight) continue;
                for (int from = B::step(to, d); from >= 0 && ((empty >> from) & 1); from = B::step(from, d)) {
                    Pos before = q;
                    const Bits moved = bit_at<Bits>(from) | bit_at<Bits>(to);
                    before.pieces[1] ^= moved;
                    if (king) before.kings ^= moved;
                    before.side = Color::Black;
                    if (!R::capture_mandatory || !draughts::MoveGen<R>::capture_possible(before)) visit(before);
                    if (!king || !R::flying_kings) break;
                }
            }
        }
    }

    std::unique_ptr<Table> finish(Work& w) const {
        auto t = std::make_unique<Table>(Table{w.layout, FileHeader{}, PackedValues(w.layout.size()), 0});
        FileHeader& h = t->header;
        h.rules = rules_name<R>();
        h.signature = w.signature;
        h.positions = w.layout.size();
        for (std::uint64_t i = 0; i < w.layout.size(); ++i) {
            std::uint8_t v = w.values[i].load(std::memory_order_relaxed);
            if (v == Unknown) v = static_cast<std::uint8_t>(Wdl::Draw);  // never decided
            t->values.set(i, static_cast<Wdl>(v));
        }
        h.checksum = checksum(t->values.bytes());
        count(*t);
        return t;
    }

    // Counts wins, draws and losses over the positions that are not holes.
    static void count(Table& t) {
        FileHeader& h = t.header;
        h.wins = h.draws = h.losses = 0;
        t.layout.for_each_position(0, t.layout.size(), [&](std::uint64_t i, const std::optional<Pos>& p) {
            if (!p) return;
            const Wdl v = t.values.get(i);
            (v == Wdl::Win ? h.wins : v == Wdl::Loss ? h.losses : h.draws) += 1;
        });
    }

    static EndingReport summary(const Table& t, double seconds, bool loaded) {
        const FileHeader& h = t.header;
        return {h.signature, h.wins + h.draws + h.losses, h.wins, h.draws, h.losses, seconds, t.bytes, h.checksum,
                loaded};
    }

    Database<R>& db_;
    std::string dir_;
    int threads_;
};

// Positions of `s` whose value disagrees with the values of their successors
// (all tables they lead to must be present): 0 for a sound table. The positions
// are shared out among `threads` threads in chunks (a 6-piece 8x8 check covers
// 2.6 billion positions).
template <draughts::RuleSet R>
std::uint64_t inconsistencies(const Database<R>& db, const Signature& s, int threads = 1) {
    using B = typename R::board;
    const auto* t = db.table(s);
    if (!t) return ~std::uint64_t{0};
    std::vector<draughts::MoveList<B>> moves(static_cast<std::size_t>(std::max(threads, 1)));
    std::atomic<std::uint64_t> bad{0};
    share_out(t->layout.size(), 4096, threads, [&](int thread, std::uint64_t begin, std::uint64_t end) {
        auto& list = moves[static_cast<std::size_t>(thread)];
        std::uint64_t found = 0;
        t->layout.for_each_position(begin, end, [&](std::uint64_t i, const std::optional<draughts::Position<B>>& p) {
            if (!p) return;
            draughts::MoveGen<R>::generate(*p, list);
            bool any_lost = false, all_won = true;
            for (const auto& m : list) {
                const Wdl v = *db.probe_any(p->after(m));
                any_lost = any_lost || v == Wdl::Loss;
                all_won = all_won && v == Wdl::Win;
            }
            const Wdl expected = any_lost ? Wdl::Win : all_won ? Wdl::Loss : Wdl::Draw;
            found += t->values.get(i) == expected ? 0 : 1;
        });
        bad += found;
    });
    return bad.load();
}

}  // namespace damier::egdb
