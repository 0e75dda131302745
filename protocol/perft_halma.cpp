// `damier perft` for Chinese checkers (`chinese`) and its Japanese variant (`diamond`).
#include <chrono>
#include <cstdio>
#include <iostream>

#include "engine/core/text.hpp"
#include "engine/halma/notation.hpp"
#include "engine/halma/perft.hpp"
#include "protocol/command_line.hpp"

namespace damier::cli {

int run_halma_perft(const Arguments& args) {
    auto fail = [](const std::string& message) {
        std::cerr << "damier perft: " << message << '\n';
        return 2;
    };
    auto variant = halma::parse_variant(args.value("variant").value_or("chinese"));
    if (!variant) return fail(variant.error());
    auto depth = args.integer("depth", 1, 64, 0);
    if (!depth) return fail(depth.error());
    if (*depth == 0) return fail("--depth N is required (1 or more)");
    auto threads = args.integer("threads", 1, 256, 1);
    if (!threads) return fail(threads.error());
    auto players = args.integer("players", 2, 6, 2);
    if (!players) return fail(players.error());
    if (args.value("fen")) return fail("--fen is for draughts; give a Chinese checkers position with --pos");
    halma::Settings settings;
    settings.variant = *variant;
    settings.players = static_cast<int>(*players);
    for (const auto& [name, value] : args.settings) {
        if (name == "players" || name == "variant") return fail("give " + name + " with --" + name + ", not --set");
        std::string error = settings.set(name, value);
        if (!error.empty()) return fail(error);
    }
    auto rules = halma::Rules::make(settings);
    if (!rules) return fail(rules.error());
    auto position = Result<halma::Position>(halma::start_position(*rules));
    if (auto pos = args.value("pos")) position = halma::parse_position(*rules, *pos);
    if (!position) return fail(position.error());

    const int d = static_cast<int>(*depth);
    auto t0 = std::chrono::steady_clock::now();
    auto entries = halma::perft_divide(*rules, *position, d, static_cast<int>(*threads));
    std::uint64_t total = 0;
    for (const auto& e : entries) total += e.nodes;
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (args.has_flag("divide"))
        for (const auto& e : entries)
            std::printf("move=%s nodes=%llu\n", halma::move_string(*rules, *position, e.move).c_str(),
                        static_cast<unsigned long long>(e.nodes));
    std::printf("perft depth=%d nodes=%llu time=%.3f nps=%.0f\n", d, static_cast<unsigned long long>(total), seconds,
                seconds > 0 ? static_cast<double>(total) / seconds : 0.0);
    return 0;
}

}  // namespace damier::cli
