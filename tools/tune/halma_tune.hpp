// damier-tune for Chinese checkers (variants chinese and diamond): the selfplay and
// fit commands over the halma evaluation terms (eval/halma/eval.hpp), with the
// generic Texel fit of tools/tune/texel.hpp.
//
//   damier-tune selfplay --variant chinese [--players N] --games N [--nodes N] [--threads T]
//                        [--seed S] [--random-plies MIN-MAX] [--eval-file FILE] --out POSITIONS
//   damier-tune fit --variant chinese [--players N] --data POSITIONS [--eval-file FILE] [--epochs N]
//                   [--rate R] [--l2 L] [--holdout P] [--freeze NAME,NAME] --out WEIGHTS
//
// Positions are labelled with seat 0's (camp 1's) standing score and fitted on the
// score from seat 0's side: the mean of the other camps' term counts minus seat 0's.
// With two players that is the two-player score; with more it is what the
// multi-player values (eval/halma/eval.hpp) add to a seat while nobody has finished,
// so only such positions are fitted, and the weights are written as the player
// count's section ("chinese 3"), read over the variant's own. Progress is the unit of
// the scale and stays fixed, straggler_slack is not linear and stays fixed too.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "engine/core/text.hpp"
#include "engine/halma/notation.hpp"
#include "engine/rule_sets.hpp"
#include "eval/builtin_weights.hpp"
#include "eval/halma/eval.hpp"
#include "protocol/command_line.hpp"
#include "tools/tune/halma_selfplay.hpp"
#include "tools/tune/commands.hpp"
#include "tools/tune/texel.hpp"

namespace damier::tune::halma_tune {

inline Result<halma::Rules> rules_for(const cli::Arguments& args, std::string_view variant) {
    auto v = halma::parse_variant(variant);
    if (!v) return failure<halma::Rules>(v.error());
    auto players = args.integer("players", 2, 6, 2);
    if (!players) return failure<halma::Rules>(players.error());
    halma::Settings s;
    s.variant = *v;
    s.players = static_cast<int>(*players);
    return halma::Rules::make(s);
}

// The weights file section a fit writes: the variant's with two players, else the
// player count's.
inline std::string fit_section(const halma::Rules& rules, std::string_view variant) {
    const int n = rules.players();
    return n == 2 ? std::string(variant) : std::string(variant) + " " + std::to_string(n);
}

// The weights of the rules' player count (its section over the variant's).
inline Result<halma::Weights> starting_weights(const cli::Arguments& args, std::string_view variant,
                                               const halma::Rules& rules) {
    const auto path = args.value("eval-file");
    if (!path) return halma::weights_for(variant, nullptr, rules.players());
    auto file = eval::load_eval_file(*path);
    if (!file) return failure<halma::Weights>(file.error());
    return halma::weights_for(variant, &*file, rules.players());
}

inline int run_selfplay(const cli::Arguments& args, const std::string& variant) {
    auto rules = rules_for(args, variant);
    if (!rules) return fail(rules.error());
    auto options = selfplay_options(args);
    if (!options) return fail(options.error());
    // Its openings never lose ground (halma_selfplay.hpp): nothing to balance.
    if (args.value("balance")) return fail("--balance is for draughts; Chinese checkers openings are balanced");
    if (args.value("openings")) return fail("--openings is for draughts; Chinese checkers self-play draws its own");
    if (args.value("varied-moves") || args.value("varied-margin"))
        return fail("--varied-moves and --varied-margin are for draughts");
    auto weights = starting_weights(args, variant, *rules);
    if (!weights) return fail(weights.error());
    SelfplayOptions s = *options;
    return write_selfplay(args, variant, s, 20,
                          [&](const LinesSink& sink) { halma_selfplay(*rules, s, *weights, sink); });
}

inline int run_fit(const cli::Arguments& args, const std::string& variant) {
    auto rules = rules_for(args, variant);
    if (!rules) return fail(rules.error());
    auto options = fit_options(args);
    if (!options) return fail(options.error());
    auto weights = starting_weights(args, variant, *rules);
    if (!weights) return fail(weights.error());
    std::vector<bool> tunable(halma::TermCount);
    for (std::size_t t = 0; t < halma::TermCount; ++t) tunable[t] = halma::tunable(static_cast<halma::Term>(t));
    tunable[halma::Progress] = false;  // the unit of the scale: a step stays 100
    auto free = apply_freeze(args, halma::weight_names(), tunable);
    if (!free) return fail(free.error());

    const halma::Evaluator eval(*rules, *weights);
    const int players = rules->players(), camp = rules->seat(0);
    Samples train, validation;
    std::size_t finished = 0;
    const CountsOf counts_of = [&](std::string_view text, std::vector<double>& counts,
                                   std::vector<std::int32_t>&) -> std::string {
        auto p = halma::parse_position(*rules, text);
        if (!p) return p.error();
        if (p->over) return {};
        for (int seat = 0; seat < players; ++seat)
            if (p->place2[rules->seat(seat)]) return {};  // someone has finished: not fitted
        // The others' mean minus seat 0's.
        counts.assign(halma::TermCount, 0.0);
        for (int seat = 1; seat < players; ++seat) {
            const auto c = eval.score_counts(*p, camp, rules->seat(seat));
            for (std::size_t t = 0; t < halma::TermCount; ++t) counts[t] += c.count[t] / (players - 1);
        }
        return {};
    };
    if (auto error = read_samples(*options, halma::TermCount, counts_of, train, validation, finished); !error.empty())
        return fail(error);
    Samples check;
    if (auto error = read_check(*options, halma::TermCount, counts_of, check); !error.empty()) return fail(error);
    std::printf("fit %s: %zu training and %zu held-out positions\n", variant.c_str(), train.size(), validation.size());
    std::vector<double> start(weights->value.begin(), weights->value.end());
    start[halma::StragglerSlack] = 0;  // a parameter of the straggler count, not a weight of the sum
    return fit_and_write(*options, fit_section(*rules, variant), halma::weight_names(), weights->value, start, *free,
                         train, validation, check);
}

// The dispatch of damier-tune for Chinese checkers: status, or -1 when `variant`
// is not a Chinese checkers variant.
inline int run(const std::string& command, const cli::Arguments& args, const std::string& variant) {
    if (!is_chinese_checkers(variant)) return -1;
    for (const char* draughts_only : {"pattern-file", "patterns-out"})
        if (args.value(draughts_only))
            return fail("--" + std::string(draughts_only) + " is for draughts rule sets, not " + variant);
    if (command == "selfplay") return run_selfplay(args, variant);
    if (command == "fit") return run_fit(args, variant);
    if (command == "import") return fail("import reads PDN draughts games, not " + variant);
    return -1;
}

}  // namespace damier::tune::halma_tune
