// What the damier-tune commands share across game families: their options, the
// progress and output of selfplay, the reading of training positions and the fit
// written as a weights file. Each family supplies only its games and term counts
// (tools/tune_main.cpp for draughts, tools/tune/halma_tune.hpp for Chinese checkers).
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/core/text.hpp"
#include "eval/weights_file.hpp"
#include "protocol/command_line.hpp"
#include "tools/tune/texel.hpp"

namespace damier::tune {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

inline int fail(const std::string& message) {
    std::cerr << "damier-tune: " << message << '\n';
    return 2;
}

// The selfplay options of every family.
struct SelfplayOptions {
    int games = 1000;
    std::uint64_t nodes = 3000;  // per move
    int random_plies_min = 4, random_plies_max = 10;
    int threads = 1;
    std::uint64_t seed = 1;
    int first_game = 0;  // the number of this process's first game (--shard)
    // Draughts: an opening whose search score is further from even than this
    // (centi-men) is drawn again, so that the games are not decided by a random
    // ply that dropped a man (0: keep every opening).
    int balance = 60;
    // Draughts: in each game, this many plies of its first `varied_span` after the
    // opening play a move drawn among those a search scores within `varied_margin`
    // centi-men of the best, so that the games leave the engine's own lines.
    int varied_moves = 0;
    int varied_margin = 20;
    static constexpr int varied_span = 100;
    // --resume: the seeds of the games already in --out, which are not played again.
    std::unordered_set<std::uint64_t> kept_games;
};

// The seed of game g (from 0) of a run: a hash of the run's seed and the game's
// number, so that runs with different seeds share no game (with seed + g, the
// runs of seeds 40 and 41 played the same games, shifted by one).
inline std::uint64_t game_seed(const SelfplayOptions& s, int g) {
    std::uint64_t z = s.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(s.first_game + g) + 1;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;  // splitmix64's finaliser
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// --resume: the whole games already in `path` (a run stopped before its end) are kept
// and not played again. Every line names its game's seed in its third field, and a
// game's lines are written together, so the file's last game is the only one a stop
// may have cut: it is removed and played again. A file holding a game that this run
// would not play (another --seed, --games or --shard), or a game twice, is refused
// and left as it was. A missing file is a fresh start.
struct KeptGames {
    std::unordered_set<std::uint64_t> seeds;
    std::size_t positions = 0;
};

inline Result<KeptGames> keep_finished_games(const std::string& path, const SelfplayOptions& s) {
    KeptGames kept;
    std::ifstream in(path, std::ios::binary);
    if (!in) return kept;
    std::unordered_map<std::uint64_t, std::size_t> first_line;  // of every game in the file
    std::uint64_t offset = 0, last_start = 0, last_seed = 0;
    std::size_t lines = 0, last_lines = 0;
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        if (in.eof()) break;  // no newline: cut by the stop, and inside the last game
        const auto fields = split(line, "\t");
        const auto seed = fields.size() >= 3 ? parse_uint(fields[2]) : std::nullopt;
        const std::string where = path + " line " + std::to_string(number);
        if (!seed) return failure<KeptGames>(where + ": no game seed in its third field; not a self-play file");
        const std::uint64_t game = seed.value();
        if (last_lines == 0 || game != last_seed) {
            if (!first_line.emplace(game, number).second)
                return failure<KeptGames>(where + ": game " + std::to_string(game) + " appears twice");
            last_seed = game;
            last_start = offset;
            last_lines = 0;
        }
        ++last_lines;
        ++lines;
        offset += line.size() + 1;
    }
    const bool cut_line = !line.empty();  // a last line without its newline
    in.close();
    // Every game must be one of this run's; the run's seeds are walked, not stored
    // (--games may be millions).
    auto foreign = first_line;
    for (int g = 0; g < s.games && !foreign.empty(); ++g) foreign.erase(game_seed(s, g));
    if (!foreign.empty()) {
        const auto first = std::min_element(foreign.begin(), foreign.end(),
                                            [](const auto& a, const auto& b) { return a.second < b.second; });
        return failure<KeptGames>(path + " line " + std::to_string(first->second) + ": game " +
                                  std::to_string(first->first) +
                                  " is not one of this run's; resume with the --seed, --games and --shard that wrote it");
    }
    if (last_lines == 0 && !cut_line) return kept;  // nothing to remove (an empty file)
    std::error_code error;
    std::filesystem::resize_file(path, last_start, error);
    if (error) return failure<KeptGames>("cannot shorten " + damier::quoted(path) + ": " + error.message());
    for (const auto& [seed, number] : first_line)
        if (seed != last_seed) kept.seeds.insert(seed);
    kept.positions = lines - last_lines;
    return kept;
}

inline Result<SelfplayOptions> selfplay_options(const cli::Arguments& args) {
    SelfplayOptions s;
    auto games = args.integer("games", 1, 10000000, 1000);
    auto nodes = args.integer("nodes", 100, 1LL << 40, 3000);
    auto threads = args.integer("threads", 1, 256, 1);
    auto seed = args.integer("seed", 0, 1LL << 62, 1);
    for (auto* r : {&games, &nodes, &threads, &seed})
        if (!*r) return failure<SelfplayOptions>(r->error());
    s.games = static_cast<int>(*games);
    s.nodes = static_cast<std::uint64_t>(*nodes);
    s.threads = static_cast<int>(*threads);
    s.seed = static_cast<std::uint64_t>(*seed);
    // --shard K/N: this process plays the K-th of N runs of games of the whole (each
    // game numbered as in the whole run), so the shards' files together are the
    // one-process run's lines and no two shards share a game.
    if (auto shard = args.value("shard")) {
        const auto parts = split(*shard, "/");
        auto k = parts.size() == 2 ? parse_uint(parts[0]) : std::nullopt;
        auto n = parts.size() == 2 ? parse_uint(parts[1]) : std::nullopt;
        if (!k || !n || *k < 1 || *k > *n || *n > static_cast<unsigned long long>(s.games))
            return failure<SelfplayOptions>("--shard takes K/N with 1 <= K <= N <= --games, got " +
                                            damier::quoted(*shard));
        const auto first = static_cast<int>((*k - 1) * static_cast<unsigned long long>(s.games) / *n);
        const auto end = static_cast<int>(*k * static_cast<unsigned long long>(s.games) / *n);
        s.first_game = first;
        s.games = end - first;
    }
    auto balance = args.integer("balance", 0, 100000, s.balance);
    if (!balance) return failure<SelfplayOptions>(balance.error());
    s.balance = static_cast<int>(*balance);
    auto varied = args.integer("varied-moves", 0, SelfplayOptions::varied_span, s.varied_moves);
    auto margin = args.integer("varied-margin", 0, 100000, s.varied_margin);
    for (auto* r : {&varied, &margin})
        if (!*r) return failure<SelfplayOptions>(r->error());
    s.varied_moves = static_cast<int>(*varied);
    s.varied_margin = static_cast<int>(*margin);
    if (auto range = args.value("random-plies")) {
        const auto parts = split(*range, "-");
        auto low = parts.size() == 2 ? parse_uint(parts[0]) : std::nullopt;
        auto high = parts.size() == 2 ? parse_uint(parts[1]) : std::nullopt;
        if (!low || !high || *low > *high || *high > 100)
            return failure<SelfplayOptions>("--random-plies takes MIN-MAX (at most 100), got " +
                                            damier::quoted(*range));
        s.random_plies_min = static_cast<int>(*low);
        s.random_plies_max = static_cast<int>(*high);
    }
    return s;
}

// Appends the lines of every finished game to --out, with a progress line every
// `every` games. `play(sink)` plays the games of `s`, handing each game's lines to
// sink; with --resume, the games already in --out are first put in s.kept_games.
using LinesSink = std::function<void(const std::vector<std::string>& lines)>;
inline int write_selfplay(const cli::Arguments& args, const std::string& label, SelfplayOptions& s, int every,
                          const std::function<void(const LinesSink&)>& play) {
    const auto out_path = args.value("out");
    if (!out_path) return fail("selfplay needs --out FILE");
    if (args.has_flag("resume")) {
        auto kept = keep_finished_games(*out_path, s);
        if (!kept) return fail(kept.error());
        s.kept_games = std::move(kept->seeds);
        std::printf("selfplay %s: resuming %s, kept %zu whole game%s (%zu positions)\n", label.c_str(),
                    out_path->c_str(), s.kept_games.size(), s.kept_games.size() == 1 ? "" : "s", kept->positions);
    }
    std::ofstream out(*out_path, std::ios::app);
    if (!out) return fail("cannot write " + damier::quoted(*out_path));
    const auto start = Clock::now();
    const int games = s.games - static_cast<int>(s.kept_games.size());
    int done = 0;
    std::size_t positions = 0;
    play([&](const std::vector<std::string>& lines) {
        for (const auto& l : lines) out << l << '\n';
        out.flush();  // whole games on disk, so that a stopped run loses at most the one being written
        positions += lines.size();
        if (++done % every == 0 || done == games)
            std::printf("selfplay %s: %d of %d games, %zu positions, %.0f s\n", label.c_str(), done, games,
                        positions, seconds_since(start));
        std::fflush(stdout);
    });
    out.flush();
    if (!out) return fail("error writing " + damier::quoted(*out_path));
    return 0;
}

// Whether `path` can be written without creating it now: an existing file that is
// writable, or a new name in a writable directory.
inline bool writable(const std::string& path) {
    struct stat info;
    if (::stat(path.c_str(), &info) == 0) return !S_ISDIR(info.st_mode) && ::access(path.c_str(), W_OK) == 0;
    const auto slash = path.rfind('/');
    const std::string directory = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    return ::stat(directory.c_str(), &info) == 0 && S_ISDIR(info.st_mode) && ::access(directory.c_str(), W_OK | X_OK) == 0;
}

// The fit options of every family.
struct FitOptions {
    FitSettings settings;
    int holdout = 10;  // percent of the games (0: none held out, for --check)
    std::string data_path, out_path;  // data_path: one file or several, comma-separated
    // Positions from other play (match games, say) on which the loss before and after
    // the fit is reported: held-out games of the fit's own data share its openings
    // and can reward a table that learnt them (eval/draughts/SPRT.md, entry 56).
    std::string check_path;
};

inline Result<FitOptions> fit_options(const cli::Arguments& args) {
    FitOptions o;
    auto epochs = args.integer("epochs", 1, 1000000, 2000);
    auto holdout = args.integer("holdout", 1, 50, 10);
    if (!epochs) return failure<FitOptions>(epochs.error());
    if (!holdout) return failure<FitOptions>(holdout.error());
    o.settings.epochs = static_cast<int>(*epochs);
    o.holdout = static_cast<int>(*holdout);
    if (auto rate = args.value("rate")) {
        char* end = nullptr;
        o.settings.learning_rate = std::strtod(rate->c_str(), &end);
        if (rate->empty() || *end || !(o.settings.learning_rate > 0) || o.settings.learning_rate > 100)
            return failure<FitOptions>("--rate takes a number above 0, got " + damier::quoted(*rate));
    }
    if (auto blend = args.value("blend")) {
        char* end = nullptr;
        o.settings.blend = std::strtod(blend->c_str(), &end);
        if (blend->empty() || *end || !(o.settings.blend >= 0) || o.settings.blend > 1)
            return failure<FitOptions>("--blend takes a number from 0 to 1, got " + damier::quoted(*blend));
    }
    if (auto l2 = args.value("l2")) {
        char* end = nullptr;
        o.settings.l2 = std::strtod(l2->c_str(), &end);
        if (l2->empty() || *end || !(o.settings.l2 >= 0) || o.settings.l2 > 1)
            return failure<FitOptions>("--l2 takes a number from 0 to 1, got " + damier::quoted(*l2));
    }
    auto batch = args.integer("batch", 0, 1LL << 40, 0);
    if (!batch) return failure<FitOptions>(batch.error());
    o.settings.batch = static_cast<std::size_t>(*batch);
    auto patience = args.integer("patience", 0, 1000000, 0);
    if (!patience) return failure<FitOptions>(patience.error());
    o.settings.patience = static_cast<int>(*patience);
    auto threads = args.integer("threads", 1, 256, 1);
    if (!threads) return failure<FitOptions>(threads.error());
    o.settings.threads = static_cast<int>(*threads);
    const auto data_path = args.value("data");
    const auto out_path = args.value("out");
    if (!data_path) return failure<FitOptions>("fit needs --data FILE (from damier-tune selfplay)");
    if (!out_path) return failure<FitOptions>("fit needs --out FILE");
    // The outputs are checked before the fit, which may take an hour, not after it.
    for (const auto& [option, path] : {std::pair{"--out", *out_path},
                                       std::pair{"--patterns-out", args.value("patterns-out").value_or("")}})
        if (!path.empty() && !writable(path))
            return failure<FitOptions>(std::string("cannot write ") + option + " " + damier::quoted(path));
    o.data_path = *data_path;
    o.out_path = *out_path;
    o.check_path = args.value("check").value_or("");
    if (auto best_on = args.value("best-on")) {
        if (*best_on != "held-out" && *best_on != "check")
            return failure<FitOptions>("--best-on takes held-out or check, got " + damier::quoted(*best_on));
        o.settings.keep_best_on_check = *best_on == "check";
        if (o.settings.keep_best_on_check && o.check_path.empty())
            return failure<FitOptions>("--best-on check needs --check POSITIONS");
    }
    return o;
}

// `tunable` less the weights named by --freeze.
inline Result<std::vector<bool>> apply_freeze(const cli::Arguments& args, const eval::WeightNames& names,
                                              std::vector<bool> tunable) {
    if (auto frozen = args.value("freeze")) {
        const std::string list = *frozen;
        for (auto name : split(list, ",")) {
            const auto at = std::find(names.names.begin(), names.names.end(), trim(name));
            if (at == names.names.end())
                return failure<std::vector<bool>>("--freeze: unknown " + std::string(names.family) + " weight " +
                                                  damier::quoted(name));
            tunable[static_cast<std::size_t>(at - names.names.begin())] = false;
        }
    }
    return tunable;
}

// Term counts of one position's text, and its sparse features if the fit has
// any (as many for every position): "" and the counts, "" and no counts to leave
// the position out, or an error.
using CountsOf = std::function<std::string(std::string_view position, std::vector<double>& counts,
                                           std::vector<std::int32_t>& sparse)>;

// Reads "position<TAB>result<TAB>game[<TAB>score]" lines (result from 0 to 1) into
// training and held-out samples (whole games held out); the score (the search's,
// for White, centi-men) is kept when every line has one.
// counts_of may append a position's phase (the opening share of phased sparse
// features) to *phases; it is filed with the sample.
inline std::string read_samples(const FitOptions& o, std::size_t terms, const CountsOf& counts_of, Samples& train,
                                Samples& validation, std::size_t& left_out, std::vector<float>* phases = nullptr) {
    train.terms = validation.terms = terms;
    std::string line;
    std::vector<double> counts;
    std::vector<std::int32_t> sparse;
    bool with_scores = false, first_line = true;
    // The lines of the files in turn: --data may name several, "a.pos,b.pos" (the
    // shards of a self-play run), read as one.
    const auto files = split(o.data_path, ",");
    std::size_t next_file = 0;
    std::ifstream in;
    std::string path, open_error;
    int number = 0;
    auto next_line = [&] {
        while (!std::getline(in, line)) {
            if (next_file == files.size()) return false;
            path = std::string(files[next_file++]);
            // Reopened rather than move-assigned: GCC 12 warns falsely on a moved
            // ifstream under the sanitizers' -O2, and the build treats warnings as errors.
            in.close();
            in.clear();
            in.open(path);
            number = 0;
            if (!in) {
                open_error = "cannot read " + damier::quoted(path);
                return false;
            }
        }
        ++number;
        return true;
    };
    while (next_line()) {
        const std::string where = path + " line " + std::to_string(number) + ": ";
        const auto fields = split(line, "\t");
        if (fields.size() != 3 && fields.size() != 4) return where + "expected position, result, game[, score]";
        // 1, 0.5 or 0; a fraction from 0 to 1 from a game of more than two players.
        const std::string result_text(fields[1]);
        char* result_end = nullptr;
        const float result = std::strtof(result_text.c_str(), &result_end);
        auto game = parse_uint(fields[2]);
        if (result_text.empty() || *result_end || !(result >= 0 && result <= 1) || !game)
            return where + "bad result or game";
        float score = 0;
        if (fields.size() == 4) {
            const std::string text(fields[3]);
            char* end = nullptr;
            score = std::strtof(text.c_str(), &end);
            if (text.empty() || *end || !std::isfinite(score)) return where + "bad score";
        }
        if (first_line) with_scores = fields.size() == 4;
        else if (with_scores != (fields.size() == 4)) return where + "every line or none has a score";
        first_line = false;
        counts.clear();
        sparse.clear();
        if (auto error = counts_of(fields[0], counts, sparse); !error.empty()) return where + error;
        const bool has_phase = phases && !phases->empty();
        const float phase = has_phase ? phases->back() : 0.0f;
        if (phases) phases->clear();
        if (counts.empty()) {
            ++left_out;
            continue;
        }
        Samples& into = (*game * 2654435761u) % 100 < static_cast<std::uint64_t>(o.holdout) ? validation : train;
        for (double c : counts) into.counts.push_back(static_cast<float>(c));
        // Rows are read at a fixed width: a position with another count of sparse
        // features would shift every row after it.
        if (train.size() + validation.size() > 0 && sparse.size() != train.sparse_per_row)
            return where + "the position has " + std::to_string(sparse.size()) + " sparse features, not " +
                   std::to_string(train.sparse_per_row);
        train.sparse_per_row = validation.sparse_per_row = sparse.size();
        into.sparse.insert(into.sparse.end(), sparse.begin(), sparse.end());
        into.result.push_back(result);
        if (with_scores) into.score.push_back(score);
        if (has_phase) into.phase.push_back(phase);
    }
    if (!open_error.empty()) return open_error;
    if (train.size() == 0 || (o.holdout > 0 && validation.size() == 0))
        return "too few positions in " + damier::quoted(o.data_path);
    return {};
}

// The positions of --check, if any: every game (none held out), read as the data is,
// labelled with the game results alone.
inline std::string read_check(const FitOptions& o, std::size_t terms, const CountsOf& counts_of, Samples& check,
                              std::vector<float>* phases = nullptr) {
    if (o.check_path.empty()) return {};
    FitOptions as_data = o;
    as_data.data_path = o.check_path;
    as_data.holdout = 0;
    Samples none;
    std::size_t left_out = 0;
    const auto error = read_samples(as_data, terms, counts_of, check, none, left_out, phases);
    return error.empty() ? error : "--check: " + error;
}

// Fits the tunable weights from `fit_start`, prints the progress and the result,
// and writes section `section` with the fitted weights (the others from `values`).
inline int fit_and_write(const FitOptions& o, const std::string& section, const eval::WeightNames& names,
                         std::span<const int> values, const std::vector<double>& fit_start,
                         const std::vector<bool>& tunable, Samples& train, const Samples& validation,
                         const Samples& check, std::vector<double>* all_fitted = nullptr) {
    const auto begin = Clock::now();
    if (o.settings.blend > 0) {
        if (train.score.size() != train.size()) return fail("--blend needs positions with search scores");
        const double k = fit_k(train, fit_start, o.settings.threads);
        blend_labels(train, k, o.settings.blend);
        std::printf("labels: %.2f game result + %.2f search score (K %.4f)\n", 1 - o.settings.blend,
                    o.settings.blend, k);
    }
    const FitResult r = fit(
        train, validation, fit_start, tunable, o.settings,
        [&](const std::string& text) {
            std::printf("%s, %.0f s\n", text.c_str(), seconds_since(begin));
            std::fflush(stdout);
        },
        &check);
    std::printf("K %.4f; loss train %.6f -> %.6f, held out %.6f -> %.6f (epoch %d of %d)\n", r.k, r.train_loss_before,
                r.train_loss, r.validation_loss_before, r.validation_loss, r.best_epoch, r.last_epoch);
    // The check positions' loss, K fitted to each set of weights on its own: how well
    // each predicts the results of games unlike the fit's.
    std::string check_line;
    if (check.size() > 0) {
        char line[400];
        std::snprintf(line, sizeof line, "check: %zu positions of %s, game results only: log loss %.6f -> %.6f%s",
                      check.size(), o.check_path.c_str(), r.check_loss_before, r.check_loss,
                      o.settings.keep_best_on_check ? " (the epoch kept)" : "");
        check_line = line;
        std::printf("%s\n", line);
    }
    if (all_fitted) *all_fitted = r.weights;
    std::vector<int> fitted(values.begin(), values.end());
    for (std::size_t t = 0; t < fitted.size(); ++t)
        if (tunable[t]) fitted[t] = static_cast<int>(r.weights[t]);
    std::ofstream out(o.out_path);
    char header[600];
    std::snprintf(header, sizeof header,
                  "# damier-tune fit of %s on %s: %zu training and %zu held-out positions,\n"
                  "# K %.4f, log loss held out %.6f -> %.6f.\n",
                  section.c_str(), o.data_path.c_str(), train.size(), validation.size(), r.k, r.validation_loss_before,
                  r.validation_loss);
    out << header;
    if (!check_line.empty()) out << "# " << check_line << "\n";
    out << eval::format_section(section, names, fitted);
    if (!out) return fail("cannot write " + damier::quoted(o.out_path));
    for (std::size_t t = 0; t < fitted.size(); ++t)
        std::printf("  %-16s %6d -> %6d\n", std::string(names.names[t]).c_str(), values[t], fitted[t]);
    return 0;
}

}  // namespace damier::tune
