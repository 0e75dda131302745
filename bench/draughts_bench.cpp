// Draughts move generation and perft speed per rule set.
//
// Perft counts leaves in bulk (the last ply is counted, not played), and reports
// leaves per second as items_per_second. The speed bar is
// BM_PerftInternationalDepth10 (258,895,763 leaves, single thread):
//   ./build/release/bench/damier_bench --benchmark_filter=Depth10
// Leaves per second of every rule set against it, interleaved so that a slow spell of
// a shared machine does not fall on one rule set (about 90 s):
//   ./build/release/bench/damier_bench --benchmark_filter='Depth10|PerLeaf'
//       --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true
//       --benchmark_report_aggregates_only=true    (one command line)
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "engine/draughts/game.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/draughts/perft.hpp"

namespace damier::draughts {
namespace {

template <class R>
void BM_Perft(benchmark::State& state) {
    const auto start = Notation<R>::start();
    const int depth = static_cast<int>(state.range(0));
    std::uint64_t leaves = 0;
    for (auto _ : state) {
        leaves = perft<R>(start, depth);
        benchmark::DoNotOptimize(leaves);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(leaves * state.iterations()));
    state.counters["leaves"] = static_cast<double>(leaves);
}

// Positions from random games with a fixed seed: openings, middlegames with
// captures, and king endings, so generation is measured on more than the start.
template <class R>
std::vector<Position<typename R::board>> sample_positions() {
    std::vector<Position<typename R::board>> positions;
    std::mt19937_64 random(7);
    for (int g = 0; g < 40; ++g) {
        Game<R> game(Notation<R>::start());
        for (int ply = 0; ply < 300 && game.result().outcome == Outcome::Ongoing; ++ply) {
            positions.push_back(game.position());
            MoveList<typename R::board> moves;
            game.legal_moves(moves);
            game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)]);
        }
    }
    return positions;
}

template <class R>
void BM_Generate(benchmark::State& state) {
    const auto positions = sample_positions<R>();
    MoveList<typename R::board> moves;
    std::size_t total = 0;
    for (auto _ : state) {
        for (const auto& p : positions) {
            MoveGen<R>::generate(p, moves);
            total += moves.size();
        }
        benchmark::DoNotOptimize(total);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(positions.size() * state.iterations()));
}

// Deep perft of the start position, checked against its published count (args:
// depth, count; counts from tests/data/perft/initial-positions.tsv).
template <class R>
void BM_PerftChecked(benchmark::State& state) {
    const auto start = Notation<R>::start();
    const int depth = static_cast<int>(state.range(0));
    std::uint64_t leaves = 0;
    for (auto _ : state) leaves = perft<R>(start, depth);
    if (leaves != static_cast<std::uint64_t>(state.range(1))) state.SkipWithError("wrong perft count");
    state.SetItemsProcessed(static_cast<std::int64_t>(leaves * state.iterations()));
}

void BM_PerftInternationalDepth10(benchmark::State& state) { BM_PerftChecked<International>(state); }

BENCHMARK(BM_PerftInternationalDepth10)
    ->Args({10, 258'895'763})
    ->ArgNames({"depth", "leaves"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
// The 8x8 rule sets at depth 12, one run each unless repetitions are asked for.
#define DAMIER_PER_LEAF(R, count)                  \
    BENCHMARK(BM_PerftChecked<R>)                  \
        ->Name("BM_PerftPerLeaf<" #R ">")          \
        ->Args({12, count})                        \
        ->ArgNames({"depth", "leaves"})            \
        ->Unit(benchmark::kMillisecond)            \
        ->Iterations(1)
DAMIER_PER_LEAF(Brazilian, 511'882'477);
DAMIER_PER_LEAF(Russian, 544'770'444);
DAMIER_PER_LEAF(Czech, 386'262'109);
DAMIER_PER_LEAF(American, 388'617'999);
DAMIER_PER_LEAF(Spanish, 365'728'331);
DAMIER_PER_LEAF(Italian, 367'911'475);
#undef DAMIER_PER_LEAF
BENCHMARK(BM_Perft<International>)->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft<Canadian>)->Arg(7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft<Brazilian>)->Arg(10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft<Russian>)->Arg(10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft<Czech>)->Arg(10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft<American>)->Arg(10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft<Spanish>)->Arg(10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft<Italian>)->Arg(10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Generate<International>);
BENCHMARK(BM_Generate<Canadian>);
BENCHMARK(BM_Generate<Brazilian>);
BENCHMARK(BM_Generate<Russian>);
BENCHMARK(BM_Generate<Czech>);
BENCHMARK(BM_Generate<American>);
BENCHMARK(BM_Generate<Spanish>);
BENCHMARK(BM_Generate<Italian>);

}  // namespace
}  // namespace damier::draughts
