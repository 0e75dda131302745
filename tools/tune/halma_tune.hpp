// damier-tune for Chinese checkers (variants chinese and diamond): the selfplay and
// fit commands over the halma evaluation terms (eval/halma/eval.hpp), with the
// generic Texel fit of tools/tune/texel.hpp.
//
//   damier-tune selfplay --variant chinese --players 2 --games N [--nodes N] [--threads T]
//                        [--seed S] [--random-plies MIN-MAX] [--eval-file FILE] --out POSITIONS
//   damier-tune fit --variant chinese --data POSITIONS [--eval-file FILE] [--epochs N]
//                   [--rate R] [--l2 L] [--holdout P] [--freeze NAME,NAME] --out WEIGHTS
//
// Self-play is two-player (the two-player search); positions are labelled with the
// result for seat 0 (camp 1) and fitted on the score from seat 0's side: the other
// camp's term counts minus seat 0's. Progress is the unit of the scale and stays
// fixed, straggler_slack is not linear and stays fixed too.
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
    if (*players != 2)
        return failure<halma::Rules>("Chinese checkers self-play and fitting are two-player: --players 2, got " +
                                     std::to_string(*players));
    halma::Settings s;
    s.variant = *v;
    s.players = 2;
    return halma::Rules::make(s);
}

inline Result<halma::Weights> starting_weights(const cli::Arguments& args, std::string_view variant) {
    const auto path = args.value("eval-file");
    // Self-play and fits are two-player: a [chinese 2] section applies.
    if (!path) return halma::weights_for(variant, nullptr, 2);
    auto file = eval::load_eval_file(*path);
    if (!file) return failure<halma::Weights>(file.error());
    return halma::weights_for(variant, &*file, 2);
}

inline int run_selfplay(const cli::Arguments& args, const std::string& variant) {
    auto rules = rules_for(args, variant);
    if (!rules) return fail(rules.error());
    auto options = selfplay_options(args);
    if (!options) return fail(options.error());
    auto weights = starting_weights(args, variant);
    if (!weights) return fail(weights.error());
    return write_selfplay(args, variant, options->games, 20,
                          [&](const LinesSink& sink) { halma_selfplay(*rules, *options, *weights, sink); });
}

inline int run_fit(const cli::Arguments& args, const std::string& variant) {
    auto rules = rules_for(args, variant);
    if (!rules) return fail(rules.error());
    auto options = fit_options(args);
    if (!options) return fail(options.error());
    auto weights = starting_weights(args, variant);
    if (!weights) return fail(weights.error());
    std::vector<bool> tunable(halma::TermCount);
    for (std::size_t t = 0; t < halma::TermCount; ++t) tunable[t] = halma::tunable(static_cast<halma::Term>(t));
    tunable[halma::Progress] = false;  // the unit of the scale: a step stays 100
    auto free = apply_freeze(args, halma::weight_names(), tunable);
    if (!free) return fail(free.error());

    const halma::Evaluator eval(*rules, *weights);
    const int camp = rules->seat(0), other = rules->seat(1);
    Samples train, validation;
    std::size_t finished = 0;
    const auto error = read_samples(
        *options, halma::TermCount,
        [&](std::string_view text, std::vector<double>& counts, std::vector<std::int32_t>&) -> std::string {
            auto p = halma::parse_position(*rules, text);
            if (!p) return p.error();
            if (p->over) return {};
            const auto c = eval.score_counts(*p, camp, other);
            counts.assign(c.count.begin(), c.count.end());
            return {};
        },
        train, validation, finished);
    if (!error.empty()) return fail(error);
    std::printf("fit %s: %zu training and %zu held-out positions\n", variant.c_str(), train.size(), validation.size());
    std::vector<double> start(weights->value.begin(), weights->value.end());
    start[halma::StragglerSlack] = 0;  // a parameter of the straggler count, not a weight of the sum
    return fit_and_write(*options, variant, halma::weight_names(), weights->value, start, *free, train, validation);
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
    return -1;
}

}  // namespace damier::tune::halma_tune
