// Search speed (nodes per second) per draughts board family, on middlegames from
// engine self-play; one thread, fixed depth, fresh 16 MiB table each time.
//   ./build/release/bench/damier_bench --benchmark_filter=Search
#include <algorithm>
#include <memory>

#include <benchmark/benchmark.h>

#include "engine/draughts/notation.hpp"
#include "eval/draughts/searchable.hpp"
#include "search/alphabeta.hpp"

namespace damier::search {
namespace {

template <class R>
void BM_Search(benchmark::State& state, const char* fen, int depth, std::size_t table_mib = 16,
               Pages pages = Pages::Large) {
    auto position = draughts::Notation<R>::parse_fen(fen);
    if (!position) return state.SkipWithError(position.error().c_str());
    TranspositionTable table(table_mib, pages);
    AlphaBeta<eval::draughts::Searchable<R>> engine(table);
    Control control;
    Limits limits;
    limits.depth = depth;
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        state.PauseTiming();
        table.clear();
        state.ResumeTiming();
        nodes += engine.run(eval::draughts::Searchable<R>(draughts::Game<R>(*position)), limits, 1, control).nodes;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
}

// The engine's default table (64 MiB) on 4 KiB pages against 2 MiB pages (where the
// system gives them), the same search: the ratio of the two is what large pages are
// worth. Run them interleaved, the machine's noise then falls on both alike:
//   damier_bench --benchmark_filter=TablePages --benchmark_repetitions=15
//       --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true
void BM_SearchTablePages(benchmark::State& state, Pages pages) {
    BM_Search<draughts::International>(
        state, "W:W26,27,29,31,32,33,34,35,36,37,38,42,45,46:B2,6,9,11,12,14,16,17,18,19,20,21,23,24", 19, 64, pages);
}
BENCHMARK_CAPTURE(BM_SearchTablePages, small_pages, Pages::Small)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SearchTablePages, large_pages, Pages::Large)->Unit(benchmark::kMillisecond);

// The static evaluation alone: with the built-in weights and tables, without the
// king square values, without any table, and with a table of 25 or 49 windows (the
// built-in one's windows and more; the figures of one run give each part's cost
// per evaluation).
enum class Tables { Builtin, PipPhase, NoKingSquares, None, OddWindows, AllWindows };

template <class R>
void BM_Evaluate(benchmark::State& state, const char* fen, Tables tables) {
    auto position = draughts::Notation<R>::parse_fen(fen);
    if (!position) return state.SkipWithError(position.error().c_str());
    auto weights = eval::draughts::builtin_weights(R::name);
    if (tables == Tables::None) weights.patterns.reset();
    if (tables == Tables::PipPhase && weights.patterns) {
        auto by_pips = std::make_shared<eval::draughts::PatternTable>(*weights.patterns);
        by_pips->phase_by = eval::draughts::PhaseBy::Pips;
        weights.patterns = std::move(by_pips);
    }
    if (tables == Tables::NoKingSquares && weights.patterns) {
        auto men_only = std::make_shared<eval::draughts::PatternTable>(*weights.patterns);
        men_only->king_squares = 0;
        men_only->value.resize(men_only->size());
        weights.patterns = std::move(men_only);
    }
    if ((tables == Tables::OddWindows || tables == Tables::AllWindows) && weights.patterns) {
        using Windows = eval::draughts::PatternWindows<typename R::board>;
        const auto& builtin = *weights.patterns;
        auto wider = std::make_shared<eval::draughts::PatternTable>(builtin);
        wider->windows = tables == Tables::OddWindows ? Windows::with_odd : Windows::count;
        wider->value.assign(wider->size(), 0);
        // Each built-in value where the wider table reads it: the windows first, the kings after.
        const std::size_t kings = eval::draughts::PatternTable::entry(builtin.windows, 0, builtin.phases);
        std::copy(builtin.value.begin(), builtin.value.begin() + static_cast<std::ptrdiff_t>(kings), wider->value.begin());
        std::copy(builtin.value.begin() + static_cast<std::ptrdiff_t>(kings), builtin.value.end(),
                  wider->value.begin() + static_cast<std::ptrdiff_t>(wider->king_entry(0)));
        weights.patterns = std::make_shared<const eval::draughts::PatternTable>(
            eval::draughts::with_both_sides<typename R::board>(std::move(*wider)));
    }
    for (auto _ : state) {
        benchmark::DoNotOptimize(position);
        benchmark::DoNotOptimize(eval::draughts::evaluate<R>(*position, weights));
    }
    state.SetItemsProcessed(state.iterations());
}

template <class R>
void add(const char* name, const char* fen, int depth) {
    benchmark::RegisterBenchmark(name, [=](benchmark::State& state) { BM_Search<R>(state, fen, depth); })
        ->Unit(benchmark::kMillisecond);
}

const bool registered = [] {
    add<draughts::International>("BM_Search/international_middlegame",
                                 "W:W26,27,29,31,32,33,34,35,36,37,38,42,45,46:B2,6,9,11,12,14,16,17,18,19,20,21,23,24",
                                 13);
    // The built-in table blended by the men's rows to go (fit --phase pips) instead of their share.
    for (const auto& [suffix, tables] :
         {std::pair{"builtin", Tables::Builtin}, {"pip_phase", Tables::PipPhase}, {"no_patterns", Tables::None},
          {"25_windows", Tables::OddWindows}, {"49_windows", Tables::AllWindows}})
        benchmark::RegisterBenchmark(
            (std::string("BM_Evaluate/international_") + suffix).c_str(), [=](benchmark::State& state) {
                BM_Evaluate<draughts::International>(
                    state, "W:W26,27,29,31,32,33,34,35,36,37,38,42,45,46:B2,6,9,11,12,14,16,17,18,19,20,21,23,24",
                    tables);
            });
    // An ending with two kings a side: the king square values are read too.
    for (const auto& [suffix, tables] : {std::pair{"builtin", Tables::Builtin},
                                         {"no_king_squares", Tables::NoKingSquares},
                                         {"no_patterns", Tables::None}})
        benchmark::RegisterBenchmark(
            (std::string("BM_Evaluate/international_kings_") + suffix).c_str(), [=](benchmark::State& state) {
                BM_Evaluate<draughts::International>(state, "W:W27,31,33,34,K5,K46:B12,16,18,19,K22,K44", tables);
            });
    add<draughts::International>("BM_Search/international_opening",
                                 "W:W28,33,34,35,37,38,40,44,45,46,47,48,49:B1,2,3,4,5,9,12,14,15,16,17,19,21,24", 12);
    add<draughts::Canadian>("BM_Search/canadian_opening",
                            "W:W41,43,44,45,46,47,48,49,50,51,52,53,55,56,57,58,59,60,61,64,67,68,69,70,71,72:"
                            "B1,2,3,4,5,6,7,12,14,15,16,17,18,19,20,21,22,23,25,26,28,29,30,31,32,35",
                            10);
    add<draughts::Russian>("BM_Search/russian_middlegame", "W:Wa5,b4,d4,f4,e3,f2,h2,a1:Bh8,c7,e7,d6,h6,g5,h4", 15);
    add<draughts::American>("BM_Search/american_middlegame", "B:W9,19,21,23,24,29,31:B3,5,8,10,12,14,15", 15);
    return true;
}();

}  // namespace
}  // namespace damier::search
