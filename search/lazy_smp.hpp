// The Lazy SMP scheme shared by the two-player search (alphabeta.hpp) and the
// multi-player search (multiplayer.hpp): every thread searches the same root with
// its own game copy and ordering tables, sharing only the transposition table.
// Two-player helper threads skip some depths so that they run ahead of thread 0
// and fill the table for it (the multi-player helpers split the root moves
// instead). Thread 0 manages the clock, and its return ends the helpers.
#pragma once

#include <atomic>
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
