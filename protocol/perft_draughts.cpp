// `damier perft` for the draughts rule sets.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "engine/draughts/notation.hpp"
#include "engine/draughts/perft.hpp"
#include "engine/draughts/variant_list.hpp"
#include "protocol/command_line.hpp"

namespace damier::cli {

namespace {

template <draughts::RuleSet R>
int draughts_perft(const Arguments& args, int depth, int threads) {
    using N = draughts::Notation<R>;
    auto position = Result<draughts::Position<typename R::board>>(N::start());
    if (args.value("fen") && args.value("pos")) {
        std::cerr << "damier perft: give --fen or --pos, not both\n";
        return 2;
    }
    if (auto fen = args.value("fen")) position = N::parse_fen(*fen);
    if (auto pos = args.value("pos")) position = N::parse_hub_position(*pos);
    if (!position) {
        std::cerr << "damier perft: " << position.error() << '\n';
        return 2;
    }
    auto t0 = std::chrono::steady_clock::now();
    auto paths = args.has_flag("count-capture-paths") ? draughts::CapturePaths::Count : draughts::CapturePaths::Merge;
    auto entries = draughts::perft_divide<R>(*position, depth, threads, paths);
    std::uint64_t total = 0;
    for (const auto& e : entries) total += e.nodes;
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (args.has_flag("divide"))
        for (const auto& e : entries)
            std::printf("move=%s nodes=%llu\n", N::hub_move(e.move).c_str(), static_cast<unsigned long long>(e.nodes));
    std::printf("perft depth=%d nodes=%llu time=%.3f nps=%.0f\n", depth, static_cast<unsigned long long>(total),
                seconds, seconds > 0 ? static_cast<double>(total) / seconds : 0.0);
    return 0;
}

}  // namespace

int run_draughts_perft(const Arguments& args) {
    auto fail = [](const std::string& message) {
        std::cerr << "damier perft: " << message << '\n';
        return 2;
    };
    auto depth = args.integer("depth", 1, 64, 0);
    if (!depth) return fail(depth.error());
    if (*depth == 0) return fail("--depth N is required (1 or more)");
    auto threads = args.integer("threads", 1, 256, 1);
    if (!threads) return fail(threads.error());
    if (args.value("players")) return fail("--players is for chinese and diamond only");
    auto nocapture = args.boolean_setting("nocapture", false);
    if (!nocapture) return fail(nocapture.error());
    for (const auto& [name, value] : args.settings)
        if (name != "nocapture") return fail("unknown draughts option " + quoted(name));
    int status = 0;
    auto error = draughts::with_variant(*args.value("variant"), *nocapture, [&]<class R>() {
        status = draughts_perft<R>(args, static_cast<int>(*depth), static_cast<int>(*threads));
    });
    if (!error.empty()) return fail(error);
    return status;
}

}  // namespace damier::cli
