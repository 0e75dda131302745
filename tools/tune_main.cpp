// damier-tune: evaluation weights fitted to self-play results (Texel tuning).
//
//   damier-tune selfplay --variant NAME --games N [--nodes N] [--threads T] [--seed S]
//                        [--random-plies MIN-MAX] [--eval-file FILE] --out POSITIONS
//   damier-tune fit --variant NAME --data POSITIONS [--eval-file FILE] [--epochs N]
//                   [--rate R] [--holdout P] [--freeze NAME,NAME] --out WEIGHTS
//
// selfplay writes quiet positions with their game's result; fit prints the training
// and held-out losses as it goes and writes a weights file for the eval-file option.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/text.hpp"
#include "engine/draughts/variant_list.hpp"
#include "eval/builtin_weights.hpp"
#include "eval/draughts/eval.hpp"
#include "protocol/command_line.hpp"
#include "tools/tune/halma_tune.hpp"
#include "tools/tune/selfplay.hpp"
#include "tools/tune/texel.hpp"

namespace damier::tune {
namespace {

using Clock = std::chrono::steady_clock;
namespace ed = eval::draughts;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

int fail(const std::string& message) {
    std::cerr << "damier-tune: " << message << '\n';
    return 2;
}

Result<ed::Weights> starting_weights(const cli::Arguments& args, std::string_view variant) {
    const auto path = args.value("eval-file");
    if (!path) return ed::weights_for(variant);
    auto file = eval::load_eval_file(*path);
    if (!file) return failure<ed::Weights>(file.error());
    return ed::weights_for(variant, &*file);
}

template <draughts::RuleSet R>
int run_selfplay(const cli::Arguments& args) {
    SelfplaySettings s;
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
    auto weights = starting_weights(args, R::name);
    if (!weights) return fail(weights.error());
    const auto out_path = args.value("out");
    if (!out_path) return fail("selfplay needs --out FILE");
    std::ofstream out(*out_path, std::ios::app);
    if (!out) return fail("cannot write " + quoted(*out_path));
    const auto start = Clock::now();
    int done = 0;
    std::size_t positions = 0;
    selfplay<R>(s, *weights, [&](const std::vector<std::string>& lines) {
        for (const auto& l : lines) out << l << '\n';
        positions += lines.size();
        if (++done % 100 == 0 || done == s.games)
            std::printf("selfplay %s: %d of %d games, %zu positions, %.0f s\n", std::string(R::name).c_str(), done,
                        s.games, positions, seconds_since(start));
        std::fflush(stdout);
    });
    out.flush();
    if (!out) return fail("error writing " + quoted(*out_path));
    return 0;
}

template <draughts::RuleSet R>
int run_fit(const cli::Arguments& args) {
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
    auto weights = starting_weights(args, R::name);
    if (!weights) return fail(weights.error());
    std::vector<bool> tunable(ed::TermCount);
    for (std::size_t t = 0; t < ed::TermCount; ++t) tunable[t] = ed::tunable(static_cast<ed::Term>(t));
    tunable[ed::Man] = false;  // the unit of the scale: a man stays 100
    if (auto frozen = args.value("freeze")) {
        const std::string list = *frozen;
        for (auto name : split(list, ",")) {
            const auto at = std::find(ed::term_names.begin(), ed::term_names.end(), trim(name));
            if (at == ed::term_names.end()) return fail("--freeze: unknown draughts weight " + quoted(name));
            tunable[static_cast<std::size_t>(at - ed::term_names.begin())] = false;
        }
    }
    const auto data_path = args.value("data");
    const auto out_path = args.value("out");
    if (!data_path) return fail("fit needs --data FILE (from damier-tune selfplay)");
    if (!out_path) return fail("fit needs --out FILE");
    std::ifstream in(*data_path);
    if (!in) return fail("cannot read " + quoted(*data_path));

    // Term counts per position; the drawish-ending factor of the starting weights
    // scales them as it scales the engine's score.
    Samples train, validation;
    train.terms = validation.terms = ed::TermCount;
    std::string line;
    int number = 0;
    std::size_t skipped = 0;
    while (std::getline(in, line)) {
        ++number;
        const auto fields = split(line, "\t");
        if (fields.size() != 3) return fail(*data_path + " line " + std::to_string(number) + ": expected FEN, result, game");
        auto p = draughts::Notation<R>::parse_fen(fields[0]);
        if (!p) return fail(*data_path + " line " + std::to_string(number) + ": " + p.error());
        const float result = fields[1] == "1" ? 1.0f : fields[1] == "0" ? 0.0f : fields[1] == "0.5" ? 0.5f : -1.0f;
        auto game = parse_uint(fields[2]);
        if (result < 0 || !game) return fail(*data_path + " line " + std::to_string(number) + ": bad result or game");
        // Quiet for both sides: a capture the side not to move could make means a
        // piece hangs, which the static terms cannot see.
        auto other = *p;
        other.side = draughts::opponent(other.side);
        if (draughts::MoveGen<R>::capture_possible(other)) {
            ++skipped;
            continue;
        }
        ed::TermCounts counts;
        ed::collect<R>(*p, counts);
        const double keep = ed::drawish_percent<R>(*p, (*weights)[ed::DrawishPercent]) / 100.0;
        Samples& into = (*game * 2654435761u) % 100 < static_cast<std::uint64_t>(*holdout) ? validation : train;
        for (double c : counts.count) into.counts.push_back(static_cast<float>(c * keep));
        into.result.push_back(result);
    }
    if (train.size() == 0 || validation.size() == 0) return fail("too few positions in " + quoted(*data_path));
    std::printf("fit %s: %zu training and %zu held-out positions (%zu left out: the other side could capture)\n",
                std::string(R::name).c_str(), train.size(), validation.size(), skipped);
    std::vector<double> start(weights->value.begin(), weights->value.end());
    const auto begin = Clock::now();
    const FitResult r = fit(train, validation, start, tunable, settings, [&](const std::string& text) {
        std::printf("%s, %.0f s\n", text.c_str(), seconds_since(begin));
        std::fflush(stdout);
    });
    std::printf("K %.4f; loss train %.6f -> %.6f, held out %.6f -> %.6f (epoch %d)\n", r.k, r.train_loss_before,
                r.train_loss, r.validation_loss_before, r.validation_loss, r.best_epoch);
    ed::Weights fitted = *weights;
    for (std::size_t t = 0; t < ed::TermCount; ++t) fitted.value[t] = static_cast<int>(r.weights[t]);
    std::ofstream out(*out_path);
    char header[400];
    std::snprintf(header, sizeof header,
                  "# damier-tune fit of %s on %s: %zu training and %zu held-out positions,\n"
                  "# K %.4f, log loss held out %.6f -> %.6f.\n",
                  std::string(R::name).c_str(), data_path->c_str(), train.size(), validation.size(), r.k,
                  r.validation_loss_before, r.validation_loss);
    out << header << eval::format_section(R::name, ed::weight_names(), fitted.value);
    if (!out) return fail("cannot write " + quoted(*out_path));
    for (std::size_t t = 0; t < ed::TermCount; ++t)
        std::printf("  %-16s %6d -> %6d\n", std::string(ed::term_names[t]).c_str(), weights->value[t], fitted.value[t]);
    return 0;
}

int usage() {
    std::cerr << "usage: damier-tune selfplay --variant NAME --games N [--nodes N] [--threads T] [--seed S]\n"
                 "                            [--random-plies MIN-MAX] [--eval-file FILE] --out POSITIONS\n"
                 "       damier-tune fit --variant NAME --data POSITIONS [--eval-file FILE] [--epochs N]\n"
                 "                       [--rate R] [--holdout PERCENT] [--freeze NAME,NAME] --out WEIGHTS\n"
                 "       (Chinese checkers: --variant chinese|diamond --players 2)\n";
    return 2;
}

}  // namespace
}  // namespace damier::tune

int main(int argc, char** argv) {
    using namespace damier;
    if (argc < 2) return tune::usage();
    const std::string command = argv[1];
    const std::vector<std::string> rest(argv + 2, argv + argc);
    auto args = cli::parse_arguments(rest, {},
                                     {"variant", "games", "nodes", "threads", "seed", "random-plies", "eval-file",
                                      "out", "data", "epochs", "rate", "holdout", "freeze", "players"});
    if (!args) return tune::fail(args.error());
    const std::string variant = args->value("variant").value_or("international");
    // Chinese checkers (chinese, diamond): tools/tune/halma_tune.hpp.
    if (const int halma_status = tune::halma_tune::run(command, *args, variant); halma_status >= 0) return halma_status;
    int status = 2;
    std::string error;
    if (command == "selfplay")
        error = draughts::with_variant(variant, false, [&]<class R>() { status = tune::run_selfplay<R>(*args); });
    else if (command == "fit")
        error = draughts::with_variant(variant, false, [&]<class R>() { status = tune::run_fit<R>(*args); });
    else
        return tune::usage();
    if (!error.empty()) return tune::fail(error);
    return status;
}
