// `damier bench`: fixed-depth searches of fixed positions across the rule sets
// and player counts, one thread and a fresh table by default (the multi-player
// search always runs on one thread). The total node count is the search
// signature kept in bench/search-signature.txt: any change to it must be
// deliberate (a test compares the two).
#include <chrono>
#include <cstdio>
#include <iostream>

#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"
#include "engine/halma/game.hpp"
#include "eval/draughts/searchable.hpp"
#include "eval/halma/searchable.hpp"
#include "protocol/command_line.hpp"
#include "search/alphabeta.hpp"
#include "search/multiplayer.hpp"

namespace damier::cli {

namespace {

struct BenchPosition {
    const char* variant;
    const char* fen;  // "" = start position
    int depth;
};

// Openings and middlegames from engine self-play, and endings from random games.
constexpr BenchPosition draughts_positions[] = {
    {"international", "", 11},
    {"international", "W:W28,33,34,35,37,38,40,44,45,46,47,48,49:B1,2,3,4,5,9,12,14,15,16,17,19,21,24", 11},
    {"international", "W:W26,29,32,34,35,39,40,42,44,46,48:B2,4,5,6,8,11,12,13,14,18,19,21,23", 11},
    {"international", "W:W26,27,29,31,32,33,34,35,36,37,38,42,45,46:B2,6,9,11,12,14,16,17,18,19,20,21,23,24", 11},
    {"international", "W:W23,34,35,36,39,44,45,46,47,50:B1,2,6,8,9,12,14,15,21,25", 11},
    {"brazilian", "W:Wa5,f4,c3,e3,c1,e1,g1:Bd8,h8,c7,d6,c5,e5,h4", 13},
    {"canadian", "W:W41,43,44,45,46,47,48,49,50,51,52,53,55,56,57,58,59,60,61,64,67,68,69,70,71,72:"
                 "B1,2,3,4,5,6,7,12,14,15,16,17,18,19,20,21,22,23,25,26,28,29,30,31,32,35", 9},
    {"russian", "", 13},
    {"russian", "W:Wa5,b4,d4,f4,e3,f2,h2,a1:Bh8,c7,e7,d6,h6,g5,h4", 13},
    {"russian", "W:Wg7,f4,a3,g3,f2,a1:Bh8,c7,b6,d6,h4,Ke1", 13},
    {"czech", "W:Wd4,f4,h4,e3,g3,a1,e1:Bh8,a7,b6,d6,f6,h6,c5", 13},
    {"american", "", 13},
    {"american", "B:W9,19,21,23,24,29,31:B3,5,8,10,12,14,15", 13},
    {"american", "B:W7,17,18,27,29:B3,4,5,10,20", 15},
    {"spanish", "W:W1,3,4,9,11,17,24:B10,16,21,23,27,29,31", 13},
    {"italian", "", 13},
    {"italian", "W:W9,16,22,24,29,30,32:B2,4,6,10,12,17,23", 13},
};

// Chinese checkers from the start: two players through the alpha-beta, more
// through the default multi-player algorithm.
struct HalmaBenchPosition {
    halma::Variant variant;
    int players;
    int depth;
};

constexpr HalmaBenchPosition halma_positions[] = {
    {halma::Variant::Chinese, 2, 8}, {halma::Variant::Chinese, 3, 7}, {halma::Variant::Chinese, 4, 6},
    {halma::Variant::Chinese, 6, 5}, {halma::Variant::Diamond, 2, 7}, {halma::Variant::Diamond, 3, 5},
};

struct Totals {
    std::uint64_t nodes = 0;
    double seconds = 0;
};

template <draughts::RuleSet R>
std::string bench_draughts(const BenchPosition& entry, int depth, int threads, std::size_t hash, Totals& totals) {
    using N = draughts::Notation<R>;
    auto position = *entry.fen ? N::parse_fen(entry.fen) : Result<draughts::Position<typename R::board>>(N::start());
    if (!position) return position.error();
    search::TranspositionTable table(hash);
    search::AlphaBeta<eval::draughts::Searchable<R>> engine(table);
    search::Control control;
    search::Limits limits;
    limits.depth = depth;
    auto result = engine.run(eval::draughts::Searchable<R>(draughts::Game<R>(*position)), limits, threads, control);
    std::printf("variant=%s depth=%d move=%s nodes=%llu time=%.3f\n", entry.variant, depth,
                result.has_move ? N::hub_move(result.best).c_str() : "none",
                static_cast<unsigned long long>(result.nodes), result.seconds);
    std::fflush(stdout);
    totals.nodes += result.nodes;
    totals.seconds += result.seconds;
    return "";
}

std::string bench_halma(const HalmaBenchPosition& entry, int depth, int threads, std::size_t hash, Totals& totals) {
    halma::Settings settings;
    settings.variant = entry.variant;
    settings.players = entry.players;
    auto rules = halma::Rules::make(settings);
    if (!rules) return rules.error();
    const halma::Position start = halma::start_position(*rules);
    search::Limits limits;
    limits.depth = depth;
    std::uint64_t nodes = 0;
    double seconds = 0;
    if (entry.players == 2) {
        search::TranspositionTable table(hash);
        search::AlphaBeta<halma::TwoPlayerAdapter> engine(table);
        search::Control control;
        auto result = engine.run(halma::TwoPlayerAdapter(*rules, start), limits, threads, control);
        nodes = result.nodes;
        seconds = result.seconds;
    } else {
        search::MultiSearcher<halma::MultiPlayerAdapter> engine(hash);
        engine.set_threads(threads);
        halma::MultiPlayerAdapter game(*rules, start);
        std::atomic<bool> stop{false};
        const auto begin = search::Clock::now();
        nodes = engine.run(game, limits, search::DefaultMultiAlgorithm, stop).nodes;
        seconds = search::seconds_since(begin);
    }
    std::printf("variant=%s players=%d depth=%d nodes=%llu time=%.3f\n", halma::variant_name(entry.variant),
                entry.players, depth, static_cast<unsigned long long>(nodes), seconds);
    std::fflush(stdout);
    totals.nodes += nodes;
    totals.seconds += seconds;
    return "";
}

}  // namespace

int run_bench(const std::vector<std::string>& argv) {
    auto fail = [](const std::string& message) {
        std::cerr << "damier bench: " << message << '\n';
        return 2;
    };
    auto args = parse_arguments(argv, {}, {"threads", "hash", "depth", "deeper"});
    if (!args) return fail(args.error());
    auto threads = args->integer("threads", 1, 256, 1);
    auto hash = args->integer("hash", 1, 1 << 16, 16);
    auto depth = args->integer("depth", 1, search::MaxPly - 1, 0);  // 0: each position's own
    auto deeper = args->integer("deeper", 0, 20, 0);                 // plies added to each position's own
    for (auto* r : {&threads, &hash, &depth, &deeper})
        if (!*r) return fail(r->error());
    Totals totals;
    for (const auto& entry : draughts_positions) {
        std::string error;
        std::string unknown = draughts::with_variant(entry.variant, false, [&]<class R>() {
            error = bench_draughts<R>(entry, *depth ? static_cast<int>(*depth) : entry.depth + static_cast<int>(*deeper),
                                      static_cast<int>(*threads), static_cast<std::size_t>(*hash), totals);
        });
        if (!unknown.empty() || !error.empty()) return fail(unknown + error);
    }
    for (const auto& entry : halma_positions) {
        std::string error = bench_halma(entry, *depth ? static_cast<int>(*depth) : entry.depth + static_cast<int>(*deeper),
                                        static_cast<int>(*threads), static_cast<std::size_t>(*hash), totals);
        if (!error.empty()) return fail(error);
    }
    std::printf("bench nodes=%llu time=%.3f nps=%.0f\n", static_cast<unsigned long long>(totals.nodes),
                totals.seconds, totals.seconds > 0 ? static_cast<double>(totals.nodes) / totals.seconds : 0.0);
    return 0;
}

}  // namespace damier::cli
