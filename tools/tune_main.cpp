// damier-tune: evaluation weights fitted to self-play results (Texel tuning).
//
//   damier-tune selfplay --variant NAME --games N [--nodes N] [--threads T] [--seed S]
//                        [--random-plies MIN-MAX] [--balance CENTIMEN] [--openings FILE]
//                        [--varied-moves N] [--varied-margin CENTIMEN]
//                        [--eval-file FILE] [--pattern-file FILE] [--shard K/N] --out POSITIONS
//   damier-tune fit --variant NAME --data POSITIONS [--eval-file FILE] [--pattern-file FILE] [--epochs N]
//                   [--patience REPORTS] [--rate R] [--l2 L] [--holdout P] [--freeze NAME,NAME] --out WEIGHTS
//                   [--batch N] [--blend B] [--patterns-out PATTERNS] [--pattern-phases 1|2] [--phase men|pips]
//                   [--king-squares] [--pattern-windows N [--only-added-windows]] [--min-count N] [--threads T]
//                   [--check POSITIONS]
//                   [--best-on held-out|check]
//   damier-tune import --variant NAME --pdn FILE[,FILE...] [--scores] --out POSITIONS
//
// selfplay writes quiet positions with their game's result, import the same from
// PDN games (a match's records, a game collection); fit prints the training
// and held-out losses as it goes and writes a weights file for the eval-file option.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/text.hpp"
#include "engine/draughts/variant_list.hpp"
#include "eval/builtin_weights.hpp"
#include "eval/draughts/eval.hpp"
#include "eval/draughts/patterns.hpp"
#include "protocol/command_line.hpp"
#include "tools/match/openings.hpp"
#include "tools/tune/halma_tune.hpp"
#include "tools/tune/commands.hpp"
#include "tools/tune/pdn_import.hpp"
#include "tools/tune/selfplay.hpp"

namespace damier::tune {
namespace {

namespace ed = eval::draughts;

// The built-in weights and pattern table of R, or those of --eval-file and
// --pattern-file.
template <draughts::RuleSet R>
Result<ed::Weights> starting_weights(const cli::Arguments& args) {
    return ed::weights_from_files<R>(args.value("eval-file"), args.value("pattern-file"));
}

template <draughts::RuleSet R>
int run_selfplay(const cli::Arguments& args) {
    auto options = selfplay_options(args);
    if (!options) return fail(options.error());
    SelfplaySettings s;
    static_cast<SelfplayOptions&>(s) = *options;
    if (const auto path = args.value("openings")) {
        auto openings = match::load_openings(*path, std::string(R::name));
        if (!openings) return fail(openings.error());
        if (openings->empty()) return fail(*path + ": no openings");
        for (const auto& o : *openings) s.openings.push_back(o.position);
    }
    auto weights = starting_weights<R>(args);
    if (!weights) return fail(weights.error());
    return write_selfplay(args, std::string(R::name), s, 100,
                          [&](const LinesSink& sink) { selfplay<R>(s, *weights, sink); });
}

// Positions of the finished games of PDN files, appended to --out. Every file is
// read and checked as PDN before anything is written; a game that cannot be
// replayed is named on stderr and left out, the others are taken.
template <draughts::RuleSet R>
int run_import(const cli::Arguments& args) {
    const auto pdn = args.value("pdn");
    const auto out_path = args.value("out");
    if (!pdn) return fail("import needs --pdn FILE[,FILE...]");
    if (!out_path) return fail("import needs --out FILE");
    const bool scores = args.has_flag("scores");
    auto read = [](const std::string& path) -> Result<std::vector<PdnRecord>> {
        std::ifstream in(path, std::ios::binary);
        if (!in) return failure<std::vector<PdnRecord>>("cannot read " + damier::quoted(path));
        std::ostringstream text;
        text << in.rdbuf();
        auto records = split_pdn(text.str());
        if (!records) return failure<std::vector<PdnRecord>>(path + ": " + records.error());
        return records;
    };
    std::vector<std::string> paths;
    for (const auto file : split(*pdn, ",")) {
        paths.emplace_back(file);
        if (auto records = read(paths.back()); !records) return fail(records.error());
    }
    std::ofstream out;
    std::size_t positions = 0;
    int games = 0, taken = 0, unfinished = 0, refused = 0;
    for (const auto& path : paths) {
        const auto records = read(path);
        if (!records) return fail(records.error());  // changed since it was checked
        for (std::size_t g = 0; g < records->size(); ++g, ++games) {
            // The game's number for the fit's held-out split: the file's name and the
            // game's place in it, so that a game keeps its side of the split.
            std::uint64_t id = 14695981039346656037ull;  // FNV-1a
            for (const char c : path.substr(path.rfind('/') + 1) + "#" + std::to_string(g))
                id = (id ^ static_cast<unsigned char>(c)) * 1099511628211ull;
            const auto game = import_game<R>((*records)[g], id >> 1, scores);
            if (game.unfinished) {
                ++unfinished;
                continue;
            }
            if (!game.error.empty()) {
                if (++refused <= 10) std::cerr << "damier-tune: " << path << ": " << game.error << " (game left out)\n";
                continue;
            }
            ++taken;
            if (!out.is_open() && !game.lines.empty()) {
                out.open(*out_path, std::ios::app);
                if (!out) return fail("cannot write " + damier::quoted(*out_path));
            }
            for (const auto& l : game.lines) out << l << '\n';
            positions += game.lines.size();
        }
    }
    if (refused > 10) std::cerr << "damier-tune: " << refused - 10 << " more games left out\n";
    if (positions == 0)
        return fail("no positions in " + damier::quoted(*pdn) + " (" + std::to_string(games) + " games, " +
                    std::to_string(unfinished) + " without a result, " + std::to_string(refused) + " left out)");
    out.flush();
    if (!out) return fail("error writing " + damier::quoted(*out_path));
    std::printf("import %s: %d games, %d taken (%d without a result, %d left out), %zu positions%s, appended to %s\n",
                std::string(R::name).c_str(), games, taken, unfinished, refused, positions,
                scores ? " with scores" : "", out_path->c_str());
    return 0;
}

template <draughts::RuleSet R>
int run_fit(const cli::Arguments& args) {
    auto options = fit_options(args);
    if (!options) return fail(options.error());
    auto weights = starting_weights<R>(args);
    if (!weights) return fail(weights.error());
    std::vector<bool> tunable(ed::TermCount);
    for (std::size_t t = 0; t < ed::TermCount; ++t) tunable[t] = ed::tunable(static_cast<ed::Term>(t));
    tunable[ed::Man] = false;  // the unit of the scale: a man stays 100
    auto free = apply_freeze(args, ed::weight_names(), tunable);
    if (!free) return fail(free.error());

    // Term counts per position; the drawish-ending factor of the starting weights
    // scales them as it scales the engine's score.
    // The pattern table (eval/draughts/patterns.hpp), when the starting weights
    // have one or --patterns-out asks to fit one: its entries are weights after the
    // terms, each position reading two per window; fitted with --patterns-out,
    // else fixed, so that the fit sees the scores the engine computes.
    const auto patterns_out = args.value("patterns-out");
    const bool with_patterns = patterns_out || weights->patterns;
    // The windows the table reads: --pattern-windows (more than the starting table's:
    // the added ones start at 0), else the starting table's, else the aligned ones.
    using Windows = ed::PatternWindows<typename R::board>;
    const int start_windows = weights->patterns ? weights->patterns->windows : Windows::aligned;
    auto windows_option = args.integer("pattern-windows", 1, Windows::count, start_windows);
    if (!windows_option) return fail(windows_option.error());
    const int windows = static_cast<int>(*windows_option);
    if (std::find(Windows::table_sizes.begin(), Windows::table_sizes.end(), windows) == Windows::table_sizes.end())
        return fail("--pattern-windows on this board is " + std::to_string(Windows::table_sizes[0]) + " (aligned), " +
                    std::to_string(Windows::table_sizes[1]) + " (and the odd ones) or " +
                    std::to_string(Windows::table_sizes[2]) + " (all), got " + std::to_string(windows));
    if (windows < start_windows) return fail("--pattern-windows cannot drop windows of the starting table");
    if (windows != start_windows && !patterns_out) return fail("--pattern-windows needs --patterns-out");
    // Two phases (opening and ending values) when asked for, or when the starting
    // table has them; a one-phase start then gives both phases its values.
    auto phases_option = args.integer("pattern-phases", 1, 2, weights->patterns ? weights->patterns->phases : 1);
    if (!phases_option) return fail(phases_option.error());
    const int phases = static_cast<int>(*phases_option);
    if (weights->patterns && weights->patterns->phases == 2 && phases == 1)
        return fail("--pattern-phases 1 cannot start from a table with two phases");
    // What blends the two phases: --phase, else the starting table's way.
    ed::PhaseBy phase_by = weights->patterns ? weights->patterns->phase_by : ed::PhaseBy::Men;
    if (const auto by = args.value("phase")) {
        if (*by != "men" && *by != "pips") return fail("--phase is men or pips, got " + damier::quoted(*by));
        if (phases != 2 || !patterns_out) return fail("--phase needs --pattern-phases 2 and --patterns-out");
        phase_by = *by == "pips" ? ed::PhaseBy::Pips : ed::PhaseBy::Men;
    }
    // Table values read by fewer training positions than --min-count keep their
    // start: Adam moves a value by its rate whatever its support, so on little
    // data the rarely read arrangements learn noise.
    auto min_count = args.integer("min-count", 0, 1LL << 40, 0);
    if (!min_count) return fail(min_count.error());
    if (*min_count > 0 && !patterns_out) return fail("--min-count needs --patterns-out");
    // A value per king square after the windows' entries, when asked for or when
    // the starting table has them. Each position reads up to king_slots of them
    // (its row padded with 0s); one with more kings is left out.
    const bool king_squares = args.has_flag("king-squares") || (weights->patterns && weights->patterns->king_squares);
    if (king_squares && !with_patterns) return fail("--king-squares needs --patterns-out");
    const int table_kings = king_squares ? R::board::squares : 0;
    constexpr int king_slots = 16;
    std::vector<bool> fitted_weights = *free;
    if (with_patterns)
        fitted_weights.resize(ed::TermCount + ed::PatternTable::entry(windows, table_kings, phases),
                              patterns_out.has_value());
    // Only the added windows' values are fitted (the starting table's stay): what the
    // aligned windows already know is kept, and the new ones learn what it misses.
    if (args.has_flag("only-added-windows")) {
        if (windows == start_windows || !weights->patterns)
            return fail("--only-added-windows needs a starting table and --pattern-windows above its count");
        const std::size_t first = ed::TermCount + ed::PatternTable::entry(start_windows, 0, phases),
                          last = ed::TermCount + ed::PatternTable::entry(windows, 0, phases);
        for (std::size_t j = ed::TermCount; j < fitted_weights.size(); ++j)
            if (j < first || j >= last) fitted_weights[j] = false;
    }
    Samples train, validation;
    std::size_t left_out = 0;
    std::vector<float> phase_of;  // the phase of the position being read (read_samples files it)
    const CountsOf counts_of = [&](std::string_view fen, std::vector<double>& counts,
                                   std::vector<std::int32_t>& sparse) -> std::string {
        auto p = draughts::Notation<R>::parse_fen(fen);
        if (!p) return p.error();
        // Quiet for both sides: a capture the side not to move could make means a
        // piece hangs, which the static terms cannot see.
        auto other = *p;
        other.side = draughts::opponent(other.side);
        if (draughts::MoveGen<R>::capture_possible(other)) return {};
        if (king_squares && popcount(p->kings) > king_slots) return {};
        ed::TermCounts c;
        ed::collect<R>(*p, c);
        const double keep = ed::drawish_percent<R>(*p, (*weights)[ed::DrawishPercent]) / 100.0;
        for (double x : c.count) counts.push_back(x * keep);
        // Pattern entries are not scaled by the drawish factor: positions it
        // scales have three men at most.
        if (with_patterns) {
            ed::for_each_pattern(*p, windows, [&](int w, int arrangement, int sign) {
                const std::size_t j = ed::TermCount + ed::PatternTable::entry(w, arrangement, phases);
                sparse.push_back(sign * static_cast<std::int32_t>(j + 1));
            });
            if (king_squares) {
                const std::size_t padded = sparse.size() + king_slots;
                ed::for_each_king(*p, [&](int square, int sign) {
                    const std::size_t j = ed::TermCount + ed::PatternTable::entry(windows, square, phases);
                    sparse.push_back(sign * static_cast<std::int32_t>(j + 1));
                });
                sparse.resize(padded, 0);
            }
            // The opening share of a phased table, as the engine reads it.
            if (phases == 2) {
                const auto share = ed::opening_share(*p, phase_by, R::men_rows);
                phase_of.push_back(static_cast<float>(share.part) / static_cast<float>(share.whole));
            }
        }
        return {};
    };
    if (auto error = read_samples(*options, ed::TermCount, counts_of, train, validation, left_out, &phase_of);
        !error.empty())
        return fail(error);
    Samples check;
    if (auto error = read_check(*options, ed::TermCount, counts_of, check, &phase_of); !error.empty())
        return fail(error);
    train.sparse_pairs = validation.sparse_pairs = check.sparse_pairs = with_patterns && phases == 2;
    std::printf("fit %s: %zu training and %zu held-out positions (%zu left out: the other side could capture)\n",
                std::string(R::name).c_str(), train.size(), validation.size(), left_out);
    if (*min_count > 0) {
        const auto reads = sparse_reads(train, fitted_weights.size());
        std::size_t kept = 0;
        for (std::size_t j = ed::TermCount; j < fitted_weights.size(); ++j)
            if (reads[j] < static_cast<std::size_t>(*min_count)) {
                fitted_weights[j] = false;
                ++kept;
            }
        std::printf("--min-count %lld: %zu of %zu table values read by fewer training positions keep their start\n",
                    *min_count, kept, fitted_weights.size() - ed::TermCount);
    }
    std::vector<double> start(weights->value.begin(), weights->value.end());
    if (weights->patterns) {
        // Each starting value for each phase; windows added start at 0, before the kings'.
        const auto& table = *weights->patterns;
        const std::size_t copies = static_cast<std::size_t>(phases / table.phases);
        const std::size_t king_start = ed::PatternTable::entry(table.windows, 0, table.phases);
        for (std::size_t i = 0; i < table.value.size(); ++i) {
            if (i == king_start) start.resize(ed::TermCount + ed::PatternTable::entry(windows, 0, phases), 0.0);
            start.insert(start.end(), copies, table.value[i]);
        }
    }
    start.resize(fitted_weights.size(), 0.0);
    std::vector<double> fitted;
    const int status = fit_and_write(*options, std::string(R::name), ed::weight_names(), weights->value, start,
                                     fitted_weights, train, validation, check, &fitted);
    if (status != 0 || !patterns_out) return status;
    ed::PatternTable table;
    table.windows = windows;
    table.phases = phases;
    table.phase_by = phase_by;
    table.king_squares = table_kings;
    for (std::size_t i = ed::TermCount; i < fitted.size(); ++i)
        table.value.push_back(static_cast<std::int16_t>(std::clamp(fitted[i], -30000.0, 30000.0)));
    std::ofstream out(*patterns_out);
    out << ed::format_patterns(R::name, table);
    if (!out) return fail("cannot write " + damier::quoted(*patterns_out));
    std::printf("pattern table: %d windows%s, %zu entries not 0, written to %s\n", windows,
                king_squares ? " and king squares" : "",
                table.value.size() - static_cast<std::size_t>(std::count(table.value.begin(), table.value.end(), 0)),
                patterns_out->c_str());
    return 0;
}

const char* const usage_text =
    "usage: damier-tune selfplay --variant NAME --games N [--nodes N] [--threads T] [--seed S]\n"
    "                            [--random-plies MIN-MAX] [--balance CENTIMEN] [--openings FILE]\n"
    "                            [--varied-moves N] [--varied-margin CENTIMEN]\n"
    "                            [--eval-file FILE] [--pattern-file FILE] [--shard K/N] --out POSITIONS\n"
    "                            [--resume]   (keep the whole games already in --out, play the rest)\n"
    "       damier-tune fit --variant NAME --data POSITIONS[,POSITIONS...] [--eval-file FILE] [--pattern-file FILE]\n"
    "                       [--epochs N] [--patience REPORTS]\n"
    "                       [--rate R] [--l2 L] [--holdout PERCENT] [--freeze NAME,NAME] --out WEIGHTS\n"
    "                       [--batch N] [--blend B] [--patterns-out PATTERNS] [--pattern-phases 1|2]\n"
    "                       [--phase men|pips] [--king-squares] [--pattern-windows N [--only-added-windows]]\n"
    "                       [--min-count N] [--threads T]\n"
    "                       [--check POSITIONS[,POSITIONS...]]\n"
    "                       [--best-on held-out|check]   (the positions that pick the epoch kept)\n"
    "                       (draughts: fit the pattern table too, with opening and ending values,\n"
    "                       and a value per king square; --pattern-windows: the 4x4 windows read,\n"
    "                       on 10x10 16 (aligned), 25 (and the odd ones) or 49 (all), with\n"
    "                       --only-added-windows the starting table's values kept;\n"
    "                       --min-count: table values read by fewer\n"
    "                       training positions keep their start)\n"
    "       damier-tune import --variant NAME --pdn FILE[,FILE...] [--scores] --out POSITIONS\n"
    "                       (the quiet positions of finished PDN games, with their results; --scores:\n"
    "                       only those whose move has a damier-match score comment, with that score)\n"
    "       (Chinese checkers: --variant chinese|diamond [--players 2-6])\n"
    "       damier-tune --help | --version\n";

// A wrong command line: the usage on stderr, status 2.
int usage() {
    std::cerr << usage_text;
    return 2;
}

}  // namespace
}  // namespace damier::tune

int main(int argc, char** argv) {
    using namespace damier;
    if (argc < 2) return tune::usage();
    const std::string command = argv[1];
    // Asked for: on stdout, status 0.
    if (command == "--help" || command == "-h" || command == "help") {
        std::cout << tune::usage_text;
        return 0;
    }
    if (command == "--version") {
        std::cout << "damier-tune " << DAMIER_VERSION << '\n';
        return 0;
    }
    const std::vector<std::string> rest(argv + 2, argv + argc);
    auto args = cli::parse_arguments(rest, {"king-squares", "scores", "resume", "only-added-windows"},
                                     {"variant", "games", "nodes", "threads", "seed", "random-plies", "balance", "eval-file",
                                      "out", "data", "epochs", "rate", "l2", "blend", "batch", "holdout", "freeze", "players",
                                      "patterns-out", "pattern-file", "pattern-phases", "phase", "patience", "shard", "pdn",
                                      "openings", "check", "best-on", "min-count", "varied-moves", "varied-margin",
                                      "pattern-windows"});
    if (!args) return tune::fail(args.error());
    const std::string variant = args->value("variant").value_or("international");
    // Chinese checkers (chinese, diamond): tools/tune/halma_tune.hpp.
    if (const int halma_status = tune::halma_tune::run(command, *args, variant); halma_status >= 0) return halma_status;
    int status = 2;
    std::string error;
    if (command == "selfplay")
        error = draughts::with_variant(variant, false, [&]<class R>() { status = tune::run_selfplay<R>(*args); });
    else if (command == "import")
        error = draughts::with_variant(variant, false, [&]<class R>() { status = tune::run_import<R>(*args); });
    else if (command == "fit")
        error = draughts::with_variant(variant, false, [&]<class R>() { status = tune::run_fit<R>(*args); });
    else
        return tune::usage();
    if (!error.empty()) return tune::fail(error);
    return status;
}
