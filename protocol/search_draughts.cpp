// `damier search`: one search from a position, printed as info lines and a best
// move, for trying the engine from a terminal and for tests of the limits.
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"
#include "eval/draughts/searchable.hpp"
#include "protocol/command_line.hpp"
#include "protocol/hub_line.hpp"
#include "protocol/hub_session.hpp"
#include "search/alphabeta.hpp"

namespace damier::cli {

namespace {

template <draughts::RuleSet R>
int draughts_search(const Arguments& args, const search::Limits& limits, int threads, std::size_t hash) {
    using N = draughts::Notation<R>;
    auto position = Result<draughts::Position<typename R::board>>(N::start());
    if (auto fen = args.value("fen")) position = N::parse_fen(*fen);
    if (!position) {
        std::cerr << "damier search: " << position.error() << '\n';
        return 2;
    }
    draughts::Game<R> game(*position);
    eval::draughts::Searchable<R> root(game);
    search::TranspositionTable table(hash);
    search::AlphaBeta<eval::draughts::Searchable<R>> engine(table);
    search::Control control;
    auto line = [](const auto& moves) {
        std::string s;
        for (const auto& m : moves) s += (s.empty() ? "" : " ") + N::hub_move(m);
        return s;
    };
    auto result = engine.run(root, limits, threads, control, [&](const auto& r) {
        // The Hub's info line (protocol/HUB.md, Output): won scores as 99.95, not raw units.
        const std::string info = "info " + hub::info_fields(r.depth, r.mean_depth, r.score, r.nodes, r.seconds) +
                                 " pv=" + hub::format_value(line(r.pv));
        std::printf("%s\n", info.c_str());
        std::fflush(stdout);
    });
    if (!result.has_move) {
        std::printf("done move=none nodes=%llu\n", static_cast<unsigned long long>(result.nodes));
        return 0;
    }
    std::printf("done move=%s%s depth=%d score=%s nodes=%llu time=%.3f\n", N::hub_move(result.best).c_str(),
                result.has_ponder ? (" ponder=" + N::hub_move(result.ponder)).c_str() : "", result.depth,
                hub::format_score(result.score).c_str(), static_cast<unsigned long long>(result.nodes), result.seconds);
    return 0;
}

}  // namespace

int run_search(const std::vector<std::string>& argv) {
    auto fail = [](const std::string& message) {
        std::cerr << "damier search: " << message << '\n';
        return 2;
    };
    auto args = parse_arguments(argv, {"infinite"},
                                {"variant", "fen", "depth", "nodes", "movetime", "time", "inc", "movestogo",
                                 "threads", "hash"});
    if (!args) return fail(args.error());
    search::Limits limits;
    auto depth = args->integer("depth", 1, search::MaxPly - 1, 0);
    auto nodes = args->integer("nodes", 1, 1LL << 50, 0);
    auto threads = args->integer("threads", 1, 256, 1);
    auto hash = args->integer("hash", 1, 1 << 16, 64);
    auto movestogo = args->integer("movestogo", 1, 1000, 0);
    for (auto* r : {&depth, &nodes, &threads, &hash, &movestogo})
        if (!*r) return fail(r->error());
    auto seconds = [&](const char* name) -> Result<double> {
        auto text = args->value(name);
        if (!text) return 0.0;
        char* end = nullptr;
        double v = std::strtod(text->c_str(), &end);
        if (text->empty() || *end != '\0' || !(v >= 0) || v > 1e7)
            return failure<double>(std::string("--") + name + " takes seconds (a number from 0), got " + quoted(*text));
        return v;
    };
    auto movetime = seconds("movetime"), time = seconds("time"), inc = seconds("inc");
    for (auto* r : {&movetime, &time, &inc})
        if (!*r) return fail(r->error());
    limits.depth = static_cast<int>(*depth);
    limits.nodes = static_cast<std::uint64_t>(*nodes);
    limits.move_time = *movetime;
    limits.time = *time;
    limits.increment = *inc;
    limits.moves_to_go = static_cast<int>(*movestogo);
    limits.infinite = args->has_flag("infinite");
    if (!limits.depth && !limits.nodes && limits.move_time <= 0 && limits.time <= 0 && !limits.infinite)
        return fail("give a limit: --depth, --nodes, --movetime, --time or --infinite");
    if (limits.infinite) return fail("--infinite needs the Hub protocol's stop; use a limit here");
    int status = 0;
    std::string error = draughts::with_variant(args->value("variant").value_or("international"), false, [&]<class R>() {
        status = draughts_search<R>(*args, limits, static_cast<int>(*threads), static_cast<std::size_t>(*hash));
    });
    if (!error.empty()) return fail(error);
    return status;
}

}  // namespace damier::cli
