#include <benchmark/benchmark.h>
#include "engine/draughts/notation.hpp"
#include "engine/draughts/perft.hpp"
using namespace damier::draughts;
static void BM_Perft(benchmark::State& s) { auto p = Notation<International>::start(); for (auto _ : s) benchmark::DoNotOptimize(perft<International>(p, 6)); }
BENCHMARK(BM_Perft);
