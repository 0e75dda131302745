// `damier search`: one search from a position, printed as info lines and a best
// move, for trying the engine from a terminal and for tests of the limits. It
// runs the Hub's session (protocol/hub_session.hpp): the same search, the same
// lines, for every draughts rule set and for Chinese checkers.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "engine/core/text.hpp"
#include "protocol/command_line.hpp"
#include "protocol/hub_line.hpp"
#include "protocol/hub_session.hpp"
#include "search/multiplayer.hpp"

namespace damier::cli {

namespace {

// One search through the Hub's own session, so that `damier search` plays and
// prints exactly as a GUI would see it, for every rule set and Chinese checkers.
int session_search(const Arguments& args, const search::Limits& limits, int threads, std::size_t hash) {
    auto fail = [](const std::string& message) {
        std::cerr << "damier search: " << message << '\n';
        return 2;
    };
    hub::Options options;
    if (auto error = options.set("variant", args.value("variant").value_or("international")); !error.empty())
        return fail(error);
    if (auto players = args.value("players"))
        if (auto error = options.set("players", *players); !error.empty()) return fail(error);
    for (const auto& [name, value] : args.settings)
        if (auto error = options.set(name, value); !error.empty()) return fail(error);
    // These two are read by the Hub and DXP sessions only: refused here rather than
    // searched without, which looked like a search with them.
    for (const char* file : {"eval-file", "pattern-file"})
        if (!options.text(file).empty())
            return fail(std::string(file) + " is not read by damier search; give it to the Hub engine (set-param)");
    hub::SharedTable table;
    std::string warning;
    auto session = hub::make_session(options, table, warning);
    if (!session) return fail(session.error());
    if (!warning.empty()) return fail(warning);
    std::string pos = "pos";
    if (auto fen = args.value("fen")) pos += " fen=" + hub::format_value(*fen);
    if (auto position = args.value("pos")) pos += " pos=" + hub::format_value(*position);
    if (auto moves = args.value("moves")) pos += " moves=" + hub::format_value(*moves);
    auto line = hub::parse_line(pos);
    if (!line) return fail(line.error());
    if (auto error = (*session)->set_position(*line); !error.empty()) return fail(error);
    if (auto error = (*session)->cannot_search(); !error.empty()) return fail(error);
    if (auto error = (*session)->prepare(hash); !error.empty()) return fail(error);
    if (auto problem = (*session)->set_egdb_path(options.text("egdb-path")); !problem.empty())
        std::cerr << "damier search: " << problem << "; searching without them\n";
    hub::SearchRequest request;
    request.limits = limits;
    request.threads = threads;
    request.algebraic = options.text("notation") == "algebraic";
    request.algorithm = *search::parse_multi_algorithm(options.text("search"));
    search::Control control;
    const hub::SearchResult result = (*session)->search(request, control, [](const hub::SearchInfo& info) {
        std::printf("%s\n", hub::info_line(info).c_str());
        std::fflush(stdout);
    });
    std::printf("%s\n", hub::done_line(result).c_str());
    return 0;
}

}  // namespace

int run_search(const std::vector<std::string>& argv) {
    auto fail = [](const std::string& message) {
        std::cerr << "damier search: " << message << '\n';
        return 2;
    };
    auto args = parse_arguments(argv, {"infinite"},
                                {"variant", "fen", "pos", "moves", "players", "depth", "nodes", "movetime", "time", "inc",
                                 "movestogo", "threads", "hash"});
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
    return session_search(*args, limits, static_cast<int>(*threads), static_cast<std::size_t>(*hash));
}

}  // namespace damier::cli
