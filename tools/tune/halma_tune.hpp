// damier-tune for Chinese checkers (variants chinese and diamond): the selfplay and
// fit commands over the halma evaluation terms (eval/halma/eval.hpp), with the
// generic Texel fit of tools/tune/texel.hpp.
//
//   damier-tune selfplay --variant chinese --players 2 --games N [--nodes N] [--threads T]
//                        [--seed S] [--random-plies MIN-MAX] [--eval-file FILE] --out POSITIONS
//   damier-tune fit --variant chinese --data POSITIONS [--eval-file FILE] [--epochs N]
//                   [--rate R] [--holdout P] [--freeze NAME,NAME] --out WEIGHTS
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
#include "eval/builtin_weights.hpp"
#include "eval/halma/eval.hpp"
#include "protocol/command_line.hpp"
#include "tools/tune/halma_selfplay.hpp"
#include "tools/tune/texel.hpp"

namespace damier::tune::halma_tune {

using Clock = std::chrono::steady_clock;

inline int fail(const std::string& message) {
    std::cerr << "damier-tune: " << message << '\n';
    return 2;
}

inline double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

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
    if (!path) return halma::weights_for(variant);
    auto file = eval::load_eval_file(*path);
    if (!file) return failure<halma::Weights>(file.error());
    return halma::weights_for(variant, &*file);
}

inline int run_selfplay(const cli::Arguments& args, const std::string& variant) {
    auto rules = rules_for(args, variant);
    if (!rules) return fail(rules.error());
    HalmaSelfplaySettings s;
    auto games = args.integer("games", 1, 10000000, 1000);
    auto nodes = args.integer("nodes", 100, 1LL << 40, 3000);
    auto threads = args.integer("threads", 1, 256, 1);
    auto seed = args.integer("seed", 0, 1LL << 62, 1);
    for (auto* r : {&games, &nodes, &threads, &seed})
        if (!*r) return fail(r->error());
    s.games = static_cast<int>(*games);
    s.nodes = static_cast<std::uint64_t>(*nodes);
    s.threads = static_cast<int>(*threads);
    s.seed = static_cast<std::uint64_t>(*seed);
    if (auto range = args.value("random-plies")) {
        const auto parts = split(*range, "-");
        auto low = parts.size() == 2 ? parse_uint(parts[0]) : std::nullopt;
        auto high = parts.size() == 2 ? parse_uint(parts[1]) : std::nullopt;
        if (!low || !high || *low > *high || *high > 100)
            return fail("--random-plies takes MIN-MAX (at most 100), got " + quoted(*range));
        s.random_plies_min = static_cast<int>(*low);
        s.random_plies_max = static_cast<int>(*high);
    }
    auto weights = starting_weights(args, variant);
    if (!weights) return fail(weights.error());
    const auto out_path = args.value("out");
    if (!out_path) return fail("selfplay needs --out FILE");
    std::ofstream out(*out_path, std::ios::app);
    if (!out) return fail("cannot write " + quoted(*out_path));
    const auto start = Clock::now();
    int done = 0;
    std::size_t positions = 0;
    halma_selfplay(*rules, s, *weights, [&](const std::vector<std::string>& lines) {
        for (const auto& l : lines) out << l << '\n';
        positions += lines.size();
        if (++done % 20 == 0 || done == s.games)
            std::printf("selfplay %s: %d of %d games, %zu positions, %.0f s\n", variant.c_str(), done, s.games,
                        positions, seconds_since(start));
        std::fflush(stdout);
    });
    out.flush();
    if (!out) return fail("error writing " + quoted(*out_path));
    return 0;
}

inline int run_fit(const cli::Arguments& args, const std::string& variant) {
    auto rules = rules_for(args, variant);
    if (!rules) return fail(rules.error());
    auto epochs = args.integer("epochs", 1, 1000000, 2000);
    auto holdout = args.integer("holdout", 1, 50, 10);  // percent of the games
    if (!epochs) return fail(epochs.error());
    if (!holdout) return fail(holdout.error());
    FitSettings settings;
    settings.epochs = static_cast<int>(*epochs);
    if (auto rate = args.value("rate")) {
        char* end = nullptr;
        settings.learning_rate = std::strtod(rate->c_str(), &end);
        if (rate->empty() || *end || !(settings.learning_rate > 0) || settings.learning_rate > 100)
            return fail("--rate takes a number above 0, got " + quoted(*rate));
    }
    auto weights = starting_weights(args, variant);
    if (!weights) return fail(weights.error());
    std::vector<bool> tunable(halma::TermCount);
    for (std::size_t t = 0; t < halma::TermCount; ++t) tunable[t] = halma::tunable(static_cast<halma::Term>(t));
    tunable[halma::Progress] = false;  // the unit of the scale: a step stays 100
    if (auto frozen = args.value("freeze")) {
        const std::string list = *frozen;
        for (auto name : split(list, ",")) {
            const auto at = std::find(halma::term_names.begin(), halma::term_names.end(), trim(name));
            if (at == halma::term_names.end()) return fail("--freeze: unknown Chinese checkers weight " + quoted(name));
            tunable[static_cast<std::size_t>(at - halma::term_names.begin())] = false;
        }
    }
    const auto data_path = args.value("data");
    const auto out_path = args.value("out");
    if (!data_path) return fail("fit needs --data FILE (from damier-tune selfplay)");
    if (!out_path) return fail("fit needs --out FILE");
    std::ifstream in(*data_path);
    if (!in) return fail("cannot read " + quoted(*data_path));

    const halma::Evaluator eval(*rules, *weights);
    const int camp = rules->seat(0), other = rules->seat(1);
    Samples train, validation;
    train.terms = validation.terms = halma::TermCount;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const auto fields = split(line, "\t");
        const std::string where = *data_path + " line " + std::to_string(number) + ": ";
        if (fields.size() != 3) return fail(where + "expected position, result, game");
        auto p = halma::parse_position(*rules, fields[0]);
        if (!p) return fail(where + p.error());
        const float result = fields[1] == "1" ? 1.0f : fields[1] == "0" ? 0.0f : fields[1] == "0.5" ? 0.5f : -1.0f;
        auto game = parse_uint(fields[2]);
        if (result < 0 || !game) return fail(where + "bad result or game");
        if (p->over) continue;
        const auto counts = eval.score_counts(*p, camp, other);
        Samples& into = (*game * 2654435761u) % 100 < static_cast<std::uint64_t>(*holdout) ? validation : train;
        for (double c : counts.count) into.counts.push_back(static_cast<float>(c));
        into.result.push_back(result);
    }
    if (train.size() == 0 || validation.size() == 0) return fail("too few positions in " + quoted(*data_path));
    std::printf("fit %s: %zu training and %zu held-out positions\n", variant.c_str(), train.size(), validation.size());
    std::vector<double> start(weights->value.begin(), weights->value.end());
    start[halma::StragglerSlack] = 0;  // a parameter of the straggler count, not a weight of the sum
    const auto begin = Clock::now();
    const FitResult r = fit(train, validation, start, tunable, settings, [&](const std::string& text) {
        std::printf("%s, %.0f s\n", text.c_str(), seconds_since(begin));
        std::fflush(stdout);
    });
    std::printf("K %.4f; loss train %.6f -> %.6f, held out %.6f -> %.6f (epoch %d)\n", r.k, r.train_loss_before,
                r.train_loss, r.validation_loss_before, r.validation_loss, r.best_epoch);
    halma::Weights fitted = *weights;
    for (std::size_t t = 0; t < halma::TermCount; ++t)
        if (tunable[t]) fitted.value[t] = static_cast<int>(r.weights[t]);
    std::ofstream out(*out_path);
    char header[600];
    std::snprintf(header, sizeof header,
                  "# damier-tune fit of %s (two players) on %s: %zu training and %zu held-out positions,\n"
                  "# K %.4f, log loss held out %.6f -> %.6f.\n",
                  variant.c_str(), data_path->c_str(), train.size(), validation.size(), r.k, r.validation_loss_before,
                  r.validation_loss);
    out << header << eval::format_section(variant, halma::weight_names(), fitted.value);
    if (!out) return fail("cannot write " + quoted(*out_path));
    for (std::size_t t = 0; t < halma::TermCount; ++t)
        std::printf("  %-16s %6d -> %6d\n", std::string(halma::term_names[t]).c_str(), weights->value[t],
                    fitted.value[t]);
    return 0;
}

// The dispatch of damier-tune for Chinese checkers: status, or -1 when `variant`
// is not a Chinese checkers variant.
inline int run(const std::string& command, const cli::Arguments& args, const std::string& variant) {
    if (variant != "chinese" && variant != "diamond") return -1;
    if (command == "selfplay") return run_selfplay(args, variant);
    if (command == "fit") return run_fit(args, variant);
    return -1;
}

}  // namespace damier::tune::halma_tune
