// Endgame database indexing: the work the builder and its check do for every
// position of a table, measured on a 6-piece 8x8 ending (1M2K-1m2k, 125 million
// positions; a slice of 2^20 indices).
//   ./build/release/bench/damier_bench --benchmark_filter=Egdb --benchmark_repetitions=5
//       --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true
// BM_EgdbDecodeEachIndex decodes every index on its own (as probes do);
// BM_EgdbWalk decodes the men once per run of king placements (as the builder does).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "engine/egdb/index.hpp"

namespace damier::egdb {
namespace {

using B = draughts::Board8;
constexpr Signature ending{1, 2, 1, 2};
constexpr std::uint64_t slice = 1 << 20;

// Folds a position into a number, so that the decoding cannot be optimised away.
std::uint64_t fold(const draughts::Position<B>& p) { return p.pieces[0] ^ (p.pieces[1] << 1) ^ p.kings; }

void BM_EgdbDecodeEachIndex(benchmark::State& state) {
    const Layout<B> layout(ending);
    const std::uint64_t begin = layout.size() / 3;
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (std::uint64_t i = begin; i < begin + slice; ++i)
            if (const auto p = layout.position(i)) sum += fold(*p);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(slice * state.iterations()));
}

void BM_EgdbWalk(benchmark::State& state) {
    const Layout<B> layout(ending);
    const std::uint64_t begin = layout.size() / 3;
    for (auto _ : state) {
        std::uint64_t sum = 0;
        layout.for_each_position(begin, begin + slice, [&](std::uint64_t, const auto& p) {
            if (p) sum += fold(*p);
        });
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(slice * state.iterations()));
}

// A position turned to the side to move and indexed: every probe and every
// predecessor of the builder's retrograde passes.
void BM_EgdbTurnAndIndex(benchmark::State& state) {
    const Layout<B> layout(ending);
    const Layout<B> swapped(ending.swapped());
    const std::uint64_t begin = layout.size() / 3;
    std::uint64_t sum = 0;
    std::uint64_t count = 0;
    for (auto _ : state) {
        layout.for_each_position(begin, begin + slice, [&](std::uint64_t, const auto& p) {
            if (!p) return;
            auto q = *p;
            q.side = Color::Black;
            // The same placement with Black to move belongs, seen from Black, to the
            // swapped signature.
            sum += swapped.index(from_mover(q));
            ++count;
        });
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(count));
}

BENCHMARK(BM_EgdbDecodeEachIndex)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EgdbWalk)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EgdbTurnAndIndex)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace damier::egdb
