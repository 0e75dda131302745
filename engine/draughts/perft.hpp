// Perft: the number of leaf positions of the legal-move tree, counted in bulk at
// the last ply (the move count of each leaf's parent), optionally split over threads
// at the root.
#pragma once

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "engine/draughts/move_count.hpp"

namespace damier::draughts {

template <RuleSet R>
std::uint64_t perft(const Position<typename R::board>& p, int depth, CapturePaths paths = CapturePaths::Merge) {
    if (depth <= 0) return 1;
    if (depth == 1) return MoveCount<R>::count(p, paths);
    if (depth == 2) return MoveCount<R>::count_children(p, paths);
    if (depth == 3) return MoveCount<R>::count_grandchildren(p, paths);
    std::uint64_t nodes = 0;
    MoveCount<R>::for_each_child(
        p, [&](const Position<typename R::board>& child) { nodes += perft<R>(child, depth - 1, paths); }, paths);
    return nodes;
}

template <class B>
struct DivideEntry {
    Move<B> move;
    std::uint64_t nodes = 0;
};

// Perft of each root move, in generation order, computed by `threads` workers that
// take root moves one at a time.
template <RuleSet R>
std::vector<DivideEntry<typename R::board>> perft_divide(const Position<typename R::board>& p, int depth,
                                                         int threads,
                                                         CapturePaths paths = CapturePaths::Merge) {
    using B = typename R::board;
    MoveList<B> moves;
    MoveGen<R>::generate(p, moves, paths);
    std::vector<DivideEntry<B>> entries(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) entries[i].move = moves[i];
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < entries.size();)
            entries[i].nodes = perft<R>(p.after(entries[i].move), depth - 1, paths);
    };
    int workers = std::max(1, std::min<int>(threads, static_cast<int>(entries.size())));
    std::vector<std::jthread> pool;
    for (int t = 1; t < workers; ++t) pool.emplace_back(work);
    work();
    return entries;
}

}  // namespace damier::draughts
