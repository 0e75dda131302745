// Lazy SMP of the multi-player search (search/multiplayer.hpp): the time to reach
// a fixed depth with 1 and with 2 threads, on the same middle-game positions in
// one run (each search with a fresh table), for 3, 4 and 6 players and each
// algorithm. Counters: median_1t and median_2t (seconds per position, median
// over the positions), ratio = median_2t / median_1t, ratio_median (median of
// the per-position ratios), and work_ratio: the median over the positions of
// (nodes of 2 threads / 2) / (nodes of 1 thread), the time ratio two idle cores
// would give at equal speed per thread (wall-clock ratios need an idle machine),
// and helper_share, the helper's part of the 2 threads' nodes (near 0.5 when
// both threads had a core; a starved helper makes work_ratio look better).
// deferral:0 turns off the deferral of moves into nodes another thread is in, to
// show what it gains in the same run.
//   ./build/release/bench/damier_bench --benchmark_filter=MultiSmp
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <vector>

#include "eval/halma/searchable.hpp"
#include "search/multiplayer.hpp"

namespace {

namespace h = damier::halma;
namespace s = damier::search;

h::Rules smp_rules(int players) {
    h::Settings settings;
    settings.players = players;
    return *h::Rules::make(settings);
}

// Middle games of engine play: 6 random plies from the start, then best-reply at
// 300 nodes a move for 4 rounds per player count step; a position is kept every
// round from round 5 on.
std::vector<h::Position> smp_positions(const h::Rules& rules, int count) {
    std::mt19937_64 rng(2026);
    std::vector<h::Position> out;
    s::MultiSearcher<h::MultiPlayerAdapter> engine(4);
    const std::atomic<bool> stop{false};
    s::Limits limits;
    limits.nodes = 300;
    while (static_cast<int>(out.size()) < count) {
        h::Position p = h::start_position(rules);
        h::MoveList list;
        for (int i = 0; i < 6 && !p.over; ++i) {
            h::MoveGen::generate(rules, p, list);
            p = h::play(rules, p, list[rng() % list.size()]);
        }
        engine.clear();
        const int n = rules.players();
        for (int round = 0; round < 12 && !p.over && static_cast<int>(out.size()) < count; ++round) {
            for (int seat = 0; seat < n && !p.over; ++seat) {
                h::MultiPlayerAdapter game(rules, p);
                p = h::play(rules, p, engine.run(game, limits, s::MultiAlgorithm::BestReply, stop).best);
            }
            if (round >= 5 && round % 3 == 2 && !p.over) out.push_back(p);
        }
    }
    return out;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

void BM_MultiSmp(benchmark::State& state, int players, s::MultiAlgorithm algorithm, int depth, bool deferral) {
    const h::Rules rules = smp_rules(players);
    const std::vector<h::Position> positions = smp_positions(rules, 8);
    s::MultiSearcher<h::MultiPlayerAdapter> engine(64);
    engine.set_deferral(deferral);
    const std::atomic<bool> stop{false};
    s::Limits limits;
    limits.depth = depth;
    std::vector<double> one, two, ratios, work, share;
    for (auto _ : state) {
        for (const auto& p : positions) {
            double seconds[2], nodes[2];
            for (int threads : {1, 2}) {
                state.PauseTiming();
                engine.clear();
                engine.set_threads(threads);
                h::MultiPlayerAdapter game(rules, p);
                state.ResumeTiming();
                const auto begin = s::Clock::now();
                const auto r = engine.run(game, limits, algorithm, stop);
                seconds[threads - 1] = s::seconds_since(begin);
                nodes[threads - 1] = static_cast<double>(r.nodes);
                if (r.depth != depth) state.SkipWithError("the search did not reach the depth");
            }
            one.push_back(seconds[0]);
            two.push_back(seconds[1]);
            ratios.push_back(seconds[1] / seconds[0]);
            work.push_back(nodes[1] / 2 / nodes[0]);
            share.push_back(static_cast<double>(engine.thread_nodes(1)) / nodes[1]);
        }
    }
    state.counters["median_1t"] = median(one);
    state.counters["median_2t"] = median(two);
    state.counters["ratio"] = median(two) / median(one);
    state.counters["ratio_median"] = median(ratios);
    state.counters["work_ratio"] = median(work);
    state.counters["helper_share"] = median(share);
}

const bool registered = [] {
    struct Case {
        int players;
        s::MultiAlgorithm algorithm;
        int depth;
    };
    for (const Case c : {Case{3, s::MultiAlgorithm::BestReply, 5}, Case{4, s::MultiAlgorithm::BestReply, 5},
                         Case{6, s::MultiAlgorithm::BestReply, 4}, Case{3, s::MultiAlgorithm::Paranoid, 5},
                         Case{4, s::MultiAlgorithm::Paranoid, 4}, Case{6, s::MultiAlgorithm::Paranoid, 4},
                         Case{3, s::MultiAlgorithm::MaxN, 3}, Case{4, s::MultiAlgorithm::MaxN, 3},
                         Case{6, s::MultiAlgorithm::MaxN, 3}}) {
        for (const bool deferral : {true, false}) {
            const std::string name = "BM_MultiSmp/" + std::string(s::multi_algorithm_name(c.algorithm)) +
                                     "/players:" + std::to_string(c.players) + "/depth:" + std::to_string(c.depth) +
                                     "/deferral:" + std::to_string(deferral);
            benchmark::RegisterBenchmark(name.c_str(), [c, deferral](benchmark::State& state) {
                BM_MultiSmp(state, c.players, c.algorithm, c.depth, deferral);
            })->Unit(benchmark::kMillisecond)->Iterations(1);
        }
    }
    return true;
}();

}  // namespace
