// Chinese checkers perft: leaves of the legal-move tree (a pass is one move, a
// finished game has none), counted in bulk at the last ply, optionally split
// over threads at the root.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "engine/halma/game.hpp"

namespace damier::halma {

inline std::uint64_t perft(const Rules& rules, const Position& p, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return MoveGen::count(rules, p);
    MoveList moves;
    MoveGen::generate(rules, p, moves);
    std::uint64_t nodes = 0;
    for (const auto& m : moves) nodes += perft(rules, play(rules, p, m), depth - 1);
    return nodes;
}

struct DivideEntry {
    Move move;
    std::uint64_t nodes = 0;
};

// Perft of each root move in generation order; `threads` workers take root moves
// one at a time.
inline std::vector<DivideEntry> perft_divide(const Rules& rules, const Position& p, int depth, int threads) {
    MoveList moves;
    MoveGen::generate(rules, p, moves);
    std::vector<DivideEntry> entries(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) entries[i].move = moves[i];
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < entries.size();)
            entries[i].nodes = perft(rules, play(rules, p, entries[i].move), depth - 1);
    };
    int workers = std::max(1, std::min<int>(threads, static_cast<int>(entries.size())));
    std::vector<std::jthread> pool;
    for (int t = 1; t < workers; ++t) pool.emplace_back(work);
    work();
    return entries;
}

}  // namespace damier::halma
