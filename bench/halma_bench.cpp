// Chinese checkers micro-benchmarks: bulk-counted perft from the start of each
// player count (the `nps` counter is leaf nodes per second, single thread), and
// move generation over middle-game positions.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "engine/halma/perft.hpp"

namespace {

namespace h = damier::halma;

h::Rules halma_rules(int players, h::Variant variant = h::Variant::Chinese) {
    h::Settings s;
    s.players = players;
    s.variant = variant;
    return *h::Rules::make(s);
}

void perft_bench(benchmark::State& state, h::Variant variant) {
    const int players = static_cast<int>(state.range(0));
    const int depth = static_cast<int>(state.range(1));
    auto rules = halma_rules(players, variant);
    auto start = h::start_position(rules);
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        auto n = h::perft(rules, start, depth);
        benchmark::DoNotOptimize(n);
        nodes += n;
    }
    state.counters["nps"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

void BM_HalmaPerft(benchmark::State& state) { perft_bench(state, h::Variant::Chinese); }
void BM_HalmaDiamondPerft(benchmark::State& state) { perft_bench(state, h::Variant::Diamond); }

// Positions from random games, 20 to 60 turns in.
std::vector<h::Position> middle_games(const h::Rules& rules) {
    std::mt19937_64 rng(42);
    std::vector<h::Position> out;
    for (int game = 0; game < 16; ++game) {
        auto p = h::start_position(rules);
        h::MoveList list;
        for (int ply = 0; ply < 60 && !p.over; ++ply) {
            h::MoveGen::generate(rules, p, list);
            p = h::play(rules, p, list[rng() % list.size()]);
            if (ply >= 20 && !p.over) out.push_back(p);
        }
    }
    return out;
}

void BM_HalmaGenerate(benchmark::State& state) {
    auto rules = halma_rules(static_cast<int>(state.range(0)));
    auto positions = middle_games(rules);
    h::MoveList list;
    std::uint64_t moves = 0;
    for (auto _ : state) {
        for (const auto& p : positions) {
            h::MoveGen::generate(rules, p, list);
            moves += list.size();
        }
        benchmark::DoNotOptimize(list);
    }
    state.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
    state.counters["positions/s"] = benchmark::Counter(
        static_cast<double>(state.iterations() * positions.size()), benchmark::Counter::kIsRate);
}

void BM_HalmaCount(benchmark::State& state) {
    auto rules = halma_rules(static_cast<int>(state.range(0)));
    auto positions = middle_games(rules);
    std::uint64_t moves = 0;
    for (auto _ : state) {
        for (const auto& p : positions) moves += h::MoveGen::count(rules, p);
    }
    benchmark::DoNotOptimize(moves);
    state.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(BM_HalmaPerft)
    ->Args({2, 5})
    ->Args({3, 4})
    ->Args({4, 4})
    ->Args({5, 4})
    ->Args({6, 4})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HalmaDiamondPerft)->Args({2, 4})->Args({3, 4})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HalmaGenerate)->DenseRange(2, 6);
BENCHMARK(BM_HalmaCount)->DenseRange(2, 6);
