// The Lazy SMP scheme shared by the two-player search (alphabeta.hpp) and the
// multi-player search (multiplayer.hpp): every thread searches the same root with
// its own game copy and ordering tables, sharing only the transposition table.
// Two-player helper threads skip some depths so that they run ahead of thread 0
// and fill the table for it (the multi-player helpers split the root moves
// instead, and defer moves into nodes another thread is in: BusyNodes). Thread 0
// manages the clock, and its return ends the helpers.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace damier::search {

// Most threads a search runs.
inline constexpr int MaxThreads = 256;

// Depths a helper thread leaves out, in a pattern that differs by thread
// (Stockfish's skip blocks): helper 1 searches the even depths only.
inline bool helper_skips(int id, int depth) {
    static constexpr int size[] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
    static constexpr int phase[] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
    if (id == 0) return false;
    const int i = (id - 1) % 20;
    return ((depth + phase[i]) / size[i]) % 2 != 0;
}

// The nodes threads are searching now, for ABDADA's deferral (without its waiting):
// a thread that meets a later move into a node another thread is searching puts it
// last, when the other's result will be in the table. A slot holds the node's key
// with the thread's tag in the low byte (the slot index already holds those bits);
// a collision or an overwritten mark only costs a move searched in its usual place.
class BusyNodes {
public:
    static constexpr std::size_t Slots = std::size_t{1} << 14;

    bool busy_elsewhere(std::uint64_t key, int id) const {
        const std::uint64_t v = slot(key).load(std::memory_order_relaxed);
        return (v & ~Tag) == (key & ~Tag) && v != mark(key, id);
    }
    // Marks key as searched by thread id while the guard lives.
    class Guard {
    public:
        Guard(BusyNodes* nodes, std::uint64_t key, int id) : nodes_(nodes), key_(key), id_(id) {
            if (nodes_) nodes_->slot(key_).store(mark(key_, id_), std::memory_order_relaxed);
        }
        ~Guard() {
            if (!nodes_) return;
            std::uint64_t mine = mark(key_, id_);
            nodes_->slot(key_).compare_exchange_strong(mine, 0, std::memory_order_relaxed);
        }
        Guard(const Guard&) = delete;
        Guard& operator=(const Guard&) = delete;

    private:
        BusyNodes* nodes_;
        std::uint64_t key_;
        int id_;
    };

private:
    static constexpr std::uint64_t Tag = 0xFF;
    static std::uint64_t mark(std::uint64_t key, int id) {
        return (key & ~Tag) | static_cast<std::uint64_t>(id % 255 + 1);
    }
    std::atomic<std::uint64_t>& slot(std::uint64_t key) { return slots_[key & (Slots - 1)]; }
    const std::atomic<std::uint64_t>& slot(std::uint64_t key) const { return slots_[key & (Slots - 1)]; }
    std::array<std::atomic<std::uint64_t>, Slots> slots_{};
};

// Runs work(i) for i = 1..threads-1 on helper threads and work(0) on this one;
// when work(0) returns, sets `finished` (which the helpers must watch) and joins
// the helpers.
template <class Work>
void run_lazy_smp(int threads, std::atomic<bool>& finished, Work&& work) {
    std::vector<std::jthread> helpers;
    for (int i = 1; i < threads; ++i) helpers.emplace_back([&work, i] { work(i); });
    work(0);
    finished.store(true);
}  // the jthreads join here

}  // namespace damier::search
