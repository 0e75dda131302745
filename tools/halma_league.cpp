// damier-halma-league: the multi-player search algorithms against each other in
// Chinese checkers at an equal node budget per move.
//
// Every opening (a few seeded random plies from the start) is played once per
// permutation of the algorithms over the seats (seat i plays permutation[i mod
// k]), so each algorithm plays each seat, and each neighbour order, equally
// often. Prints every game's places and the standings: average place and score
// ((n - place) / (n - 1), shared places averaged) per algorithm.
//
// --threads T searches every move on T threads (a node budget is then shared
// among them, so compare thread counts with --movetime S, seconds per move).
//
//   damier-halma-league [--players 3] [--openings 8] [--nodes 3000] [--movetime S]
//                       [--seed 1] [--random-plies 6] [--algorithms paranoid,brs,maxn] (or brs+)
//                       [--threads 1] [--variant chinese] [--quiet]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "eval/halma/searchable.hpp"
#include "protocol/command_line.hpp"
#include "search/multiplayer.hpp"

namespace {

namespace h = damier::halma;
namespace s = damier::search;

struct Options {
    int players = 3;
    int openings = 8;
    std::uint64_t nodes = 3000;
    double movetime = 0;
    int threads = 1;
    std::uint64_t seed = 1;
    int random_plies = 6;
    std::vector<s::MultiAlgorithm> algorithms{s::MultiAlgorithm::Paranoid, s::MultiAlgorithm::BestReply,
                                              s::MultiAlgorithm::MaxN};
    h::Variant variant = h::Variant::Chinese;
    bool quiet = false;
};

const char* const usage_text =
    "usage: damier-halma-league [--players N] [--openings N] [--nodes N] [--movetime S] [--seed N]\n"
    "       [--random-plies N] [--algorithms paranoid,brs,maxn] (any of paranoid, brs, brs+, maxn) [--threads N]\n"
    "       [--variant chinese|diamond] [--quiet]\n"
    "       damier-halma-league --help | --version\n";

[[noreturn]] void usage(const std::string& error) {
    std::fprintf(stderr, "damier-halma-league: %s\n%s", error.c_str(), usage_text);
    std::exit(2);
}

// The command line, read as damier's and damier-tune's are (cli::parse_arguments, CLI11).
Options parse(int argc, char** argv) {
    const std::vector<std::string> words(argv + 1, argv + argc);
    for (const auto& w : words) {
        if (w == "--help" || w == "-h") {
            std::fputs(usage_text, stdout);
            std::exit(0);
        }
        if (w == "--version") {
            std::printf("damier-halma-league %s\n", DAMIER_VERSION);
            std::exit(0);
        }
    }
    auto args = damier::cli::parse_arguments(
        words, {"quiet"},
        {"players", "openings", "nodes", "movetime", "threads", "seed", "random-plies", "variant", "algorithms"});
    if (!args) usage(args.error());
    Options o;
    o.quiet = args->has_flag("quiet");
    auto players = args->integer("players", 2, 6, o.players);
    auto openings = args->integer("openings", 1, 1000000, o.openings);
    auto nodes = args->integer("nodes", 1, 1LL << 40, static_cast<long long>(o.nodes));
    auto seed = args->integer("seed", 0, 1LL << 62, static_cast<long long>(o.seed));
    auto plies = args->integer("random-plies", 0, 1000, o.random_plies);
    auto threads = args->integer("threads", 1, 256, o.threads);
    for (auto* r : {&players, &openings, &nodes, &seed, &plies, &threads})
        if (!*r) usage(r->error());
    o.threads = static_cast<int>(*threads);
    if (auto value = args->value("movetime")) {
        char* end = nullptr;
        o.movetime = std::strtod(value->c_str(), &end);
        if (value->empty() || *end || !(o.movetime > 0)) usage("--movetime takes a positive number of seconds");
    }
    o.players = static_cast<int>(*players);
    o.openings = static_cast<int>(*openings);
    o.nodes = static_cast<std::uint64_t>(*nodes);
    o.seed = static_cast<std::uint64_t>(*seed);
    o.random_plies = static_cast<int>(*plies);
    if (auto value = args->value("variant")) {
        auto v = h::parse_variant(*value);
        if (!v) usage(v.error());
        o.variant = *v;
    }
    if (auto value = args->value("algorithms")) {
        o.algorithms.clear();
        std::string_view list = *value;
        while (!list.empty()) {
            const auto comma = list.find(',');
            auto a = s::parse_multi_algorithm(list.substr(0, comma));
            if (!a) usage(a.error());
            o.algorithms.push_back(*a);
            list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        }
    }
    if (o.algorithms.empty()) usage("--algorithms needs at least one algorithm");
    if (o.threads < 1 || o.threads > s::MaxThreads) usage("--threads must be from 1 to " + std::to_string(s::MaxThreads));
    return o;
}

struct Tally {
    int seats = 0, wins = 0;
    double places = 0, score = 0;
    long long moves = 0, depths = 0;  // completed iterations, summed over the moves
};

}  // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    h::Settings settings;
    settings.players = o.players;
    settings.variant = o.variant;
    auto made = h::Rules::make(settings);
    if (!made) usage(made.error());
    const h::Rules& rules = *made;

    const int k = static_cast<int>(o.algorithms.size());
    std::vector<int> permutation(static_cast<std::size_t>(k));
    for (int i = 0; i < k; ++i) permutation[static_cast<std::size_t>(i)] = i;
    std::vector<std::vector<int>> schedules;
    do schedules.push_back(permutation);
    while (std::next_permutation(permutation.begin(), permutation.end()));

    std::vector<s::MultiSearcher<h::MultiPlayerAdapter>> searchers;
    for (int i = 0; i < k; ++i) searchers.emplace_back(8);
    for (auto& searcher : searchers) searcher.set_threads(o.threads);
    std::vector<Tally> tally(static_cast<std::size_t>(k));
    const std::atomic<bool> stop{false};
    s::Limits limits;
    if (o.movetime > 0) limits.move_time = o.movetime, limits.overhead = 0;
    else limits.nodes = o.nodes;
    std::mt19937_64 rng(o.seed);
    const auto start = std::chrono::steady_clock::now();
    int games = 0;
    long long plies = 0;

    for (int opening = 0; opening < o.openings; ++opening) {
        h::Position first = h::start_position(rules);
        h::MoveList list;
        for (int i = 0; i < o.random_plies && !first.over; ++i) {
            h::MoveGen::generate(rules, first, list);
            first = h::play(rules, first, list[rng() % list.size()]);
        }
        for (const auto& schedule : schedules) {
            auto algorithm_of = [&](int seat) { return schedule[static_cast<std::size_t>(seat % k)]; };
            for (auto& searcher : searchers) searcher.clear();
            h::Position p = first;
            while (!p.over) {
                h::MultiPlayerAdapter game(rules, p);
                const auto a = static_cast<std::size_t>(algorithm_of(game.to_move()));
                const auto r = searchers[a].run(game, limits, o.algorithms[a], stop);
                ++tally[a].moves;
                tally[a].depths += r.depth;
                p = h::play(rules, p, r.best);
            }
            ++games;
            plies += p.ply;
            std::string line = "game " + std::to_string(games) + " opening " + std::to_string(opening + 1) + ":";
            for (const auto& standing : h::standings(rules, p)) {
                int seat = 0;
                while (rules.seat(seat) != standing.camp) ++seat;
                const int a = algorithm_of(seat);
                Tally& t = tally[static_cast<std::size_t>(a)];
                ++t.seats;
                t.places += standing.place;
                t.score += standing.score;
                if (standing.place == 1) ++t.wins;
                char buffer[64];
                std::snprintf(buffer, sizeof buffer, " camp %d %s place %.1f", standing.camp + 1,
                              s::multi_algorithm_name(o.algorithms[static_cast<std::size_t>(a)]), standing.place);
                line += buffer;
            }
            line += " (" + std::to_string(p.ply) + " plies" + (p.finished ? "" : ", no finisher") + ")";
            if (!o.quiet) std::printf("%s\n", line.c_str());
        }
    }

    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char budget[64];
    if (o.movetime > 0) std::snprintf(budget, sizeof budget, "%g s per move", o.movetime);
    else std::snprintf(budget, sizeof budget, "%llu nodes per move", static_cast<unsigned long long>(o.nodes));
    std::printf("\n%d games, %d players (%s), %s, %d thread%s, seed %llu, %.1f plies per game, %.0f s\n", games,
                o.players, h::variant_name(o.variant), budget, o.threads, o.threads == 1 ? "" : "s",
                static_cast<unsigned long long>(o.seed), games ? static_cast<double>(plies) / games : 0.0, seconds);
    std::printf("%-10s %6s %6s %10s %10s %10s\n", "algorithm", "seats", "wins", "avg place", "avg score", "avg depth");
    for (int a = 0; a < k; ++a) {
        const Tally& t = tally[static_cast<std::size_t>(a)];
        const double n = std::max(1, t.seats);
        std::printf("%-10s %6d %6d %10.3f %10.3f %10.2f\n",
                    s::multi_algorithm_name(o.algorithms[static_cast<std::size_t>(a)]), t.seats, t.wins, t.places / n,
                    t.score / n, t.moves ? static_cast<double>(t.depths) / static_cast<double>(t.moves) : 0.0);
    }
    return 0;
}
