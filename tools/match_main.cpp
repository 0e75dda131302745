// damier-match: runs games between Hub engines (see `damier-match --help`).
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/core/text.hpp"
#include "engine/draughts/variant_list.hpp"
#include "tools/match/engines_file.hpp"
#include "tools/match/preflight.hpp"
#include "tools/match/tournament.hpp"

namespace {

using namespace damier;
using namespace damier::match;

const char* usage =
    "usage: damier-match --engine name=NAME cmd=PATH [arg=ARG ...] [dir=DIR] [protocol=hub|hub1|dxp] [host=H port=N] [param.NAME=VALUE ...]\n"
    "                    --engine ... [more engines] [--engines FILE.json] [--each [arg=ARG] [dir=DIR] [param.NAME=VALUE] ...]\n"
    "                    [--variant NAME] [--players N] [--set OPTION=VALUE ...]\n"
    "                    [--games N | --rounds N] [--gauntlet] [--concurrency N] [--seed N]\n"
    "                    [--openings FILE|none] [--openings-order sequential|random] [--include-lost]\n"
    "                    [--tc [MOVES/]SECONDS[+INC] | --tc movetime=S | --tc depth=N | --tc nodes=N]\n"
    "                    [--margin S] [--hang-timeout S] [--start-timeout S] [--max-plies N]\n"
    "                    [--draw movenumber=N movecount=N score=S] [--resign movecount=N score=S]\n"
    "                    [--sprt elo0=E elo1=E alpha=A beta=B]\n"
    "                    [--pdn FILE] [--record FILE] [--journal FILE] [--json FILE] [--log FILE]\n"
    "                    [--live FILE] [--resume] [--shard K/N]\n"
    "       damier-match --merge JOURNAL... [--sprt ...]\n"
    "       damier-match --demo [--variant NAME] [--tc ...]     one game of damier against itself, board shown\n"
    "       damier-match --help | --version\n";

int fail(const std::string& message) {
    std::cerr << "damier-match: " << message << '\n';
    return 2;
}

// The `damier` binary built beside this one (build/tools/damier-match -> build/damier).
std::string sibling_damier() {
    char path[4096];
    const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0) return "damier";
    std::string self(path, static_cast<std::size_t>(n));
    const std::string dir = self.substr(0, self.rfind('/'));
    for (const std::string& candidate : {dir + "/../damier", dir + "/damier"})
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    return "damier";
}

Result<double> real(const std::string& name, const std::string& text, double low, double high) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end || !(v >= low && v <= high))
        return failure<double>(name + " takes a number from " + std::to_string(low) + " to " + std::to_string(high) +
                               ", got " + damier::quoted(text));
    return v;
}

Result<long long> whole(const std::string& name, const std::string& text, long long low, long long high) {
    auto v = parse_uint(text);
    if (!v || *v < static_cast<unsigned long long>(low) || *v > static_cast<unsigned long long>(high))
        return failure<long long>(name + " takes a whole number from " + std::to_string(low) + " to " +
                                  std::to_string(high) + ", got " + damier::quoted(text));
    return static_cast<long long>(*v);
}

Result<SprtParameters> parse_sprt(const std::vector<std::pair<std::string, std::string>>& words) {
    SprtParameters p;
    for (const auto& [name, value] : words) {
        auto v = real("--sprt " + name, value, -1000, 1000);
        if (!v) return failure<SprtParameters>(v.error());
        if (name == "elo0") p.elo0 = *v;
        else if (name == "elo1") p.elo1 = *v;
        else if (name == "alpha") p.alpha = *v;
        else if (name == "beta") p.beta = *v;
        else return failure<SprtParameters>("--sprt takes elo0, elo1, alpha, beta; got " + damier::quoted(name));
    }
    if (!(p.alpha > 0 && p.alpha < 0.5 && p.beta > 0 && p.beta < 0.5 && p.elo1 > p.elo0))
        return failure<SprtParameters>("--sprt needs elo0 < elo1 and alpha, beta in (0, 0.5)");
    return p;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    for (const auto& a : args) {  // answered whatever else the line holds
        if (a == "--help" || a == "-h") {
            std::cout << usage;
            return 0;
        }
        if (a == "--version") {
            std::cout << "damier-match " << DAMIER_VERSION << '\n';
            return 0;
        }
    }
    MatchSettings s;
    std::vector<std::pair<std::string, std::string>> rule_options;
    std::vector<std::string> merge_paths;
    std::vector<std::pair<std::string, std::string>> each;  // --each: for every engine
    std::string openings_path, openings_order = "sequential", tc_text = "movetime=0.1";
    long long games = 0, seed = 1;
    bool include_lost = false, demo = false, merge = false, players_given = false, rounds_given = false;
    std::optional<double> margin, hang, start_timeout;

    // The words of the command line, read by CLI11; their values are checked below.
    CLI::App app;
    app.set_help_flag();
    std::vector<std::vector<std::string>> engine_words;
    std::vector<std::string> engine_files, each_words, draw_words, resign_words, sprt_words, sets;
    std::string players_text, games_text, rounds_text, concurrency_text, seed_text, margin_text, hang_text, start_text, plies_text,
        shard_text;
    app.add_option("--engine", engine_words)->expected(1, -1);
    app.add_option("--engines", engine_files)->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    for (auto [name, words] : {std::pair{"--each", &each_words}, {"--draw", &draw_words}, {"--resign", &resign_words}})
        app.add_option(name, *words)->expected(1, -1)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app.add_option("--sprt", sprt_words)->expected(0, -1);
    app.add_option("--set", sets)->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app.add_option("--merge", merge_paths)->expected(0, -1);
    for (auto [name, text] : std::initializer_list<std::pair<const char*, std::string*>>{
             {"--variant", &s.variant}, {"--players", &players_text}, {"--games", &games_text},
             {"--rounds", &rounds_text}, {"--concurrency", &concurrency_text}, {"--seed", &seed_text},
             {"--openings", &openings_path}, {"--openings-order", &openings_order}, {"--tc", &tc_text},
             {"--margin", &margin_text}, {"--hang-timeout", &hang_text}, {"--start-timeout", &start_text}, {"--max-plies", &plies_text},
             {"--pdn", &s.pdn_path}, {"--record", &s.record_path}, {"--journal", &s.journal_path},
             {"--json", &s.json_path}, {"--log", &s.log_path}, {"--live", &s.live_path}, {"--shard", &shard_text}})
        app.add_option(name, *text);
    for (auto [name, flag] : {std::pair{"--gauntlet", &s.gauntlet}, {"--include-lost", &include_lost},
                              {"--resume", &s.resume}, {"--demo", &demo}})
        app.add_flag(name, *flag);
    try {
        app.parse(std::vector<std::string>(args.rbegin(), args.rend()));
    } catch (const CLI::ParseError& e) {
        std::string message = e.what();
        std::replace(message.begin(), message.end(), '\n', ' ');
        return fail(message + " (see --help)");
    }
    // An option given without values (--sprt, --merge) leaves one empty word.
    for (auto* words : {&merge_paths, &sprt_words}) std::erase(*words, std::string());
    // NAME=VALUE words of --engine, --each, --draw, --resign and --sprt.
    auto pairs = [](const std::string& option, const std::vector<std::string>& words)
        -> Result<std::vector<std::pair<std::string, std::string>>> {
        std::vector<std::pair<std::string, std::string>> out;
        for (const auto& w : words) {
            const auto eq = w.find('=');
            if (eq == std::string::npos || eq == 0)
                return failure<std::vector<std::pair<std::string, std::string>>>(option + " takes NAME=VALUE words, got " +
                                                                                   damier::quoted(w));
            out.emplace_back(w.substr(0, eq), w.substr(eq + 1));
        }
        return out;
    };
    for (const auto& file : engine_files) {
        auto loaded = load_engines(file);
        if (!loaded) return fail(loaded.error());
        s.engines.insert(s.engines.end(), loaded->begin(), loaded->end());
    }
    for (const auto& words : engine_words) {
        auto p = pairs("--engine", words);
        if (!p) return fail(p.error());
        EngineSpec e;
        for (const auto& [name, v] : *p) {
            if (name == "name") e.name = v;
            else if (name == "cmd") e.command.insert(e.command.begin(), v);
            else if (name == "arg") e.command.push_back(v);
            else if (name == "dir") e.directory = v;
            else if (name == "host") e.host = v;
            else if (name == "port") {
                auto port = parse_uint(v);
                if (!port || *port < 1 || *port > 65535) return fail("--engine port= takes 1 to 65535, got " + damier::quoted(v));
                e.port = static_cast<int>(*port);
            } else if (name.rfind("param.", 0) == 0) e.params.emplace_back(name.substr(6), v);
            else if (name == "protocol") {
                auto protocol = protocol_of(v);
                if (!protocol) return fail("--engine protocol= takes hub, hub1 or dxp, got " + damier::quoted(v));
                e.protocol = *protocol;
            } else {
                return fail("--engine takes name=, cmd=, arg=, dir=, protocol=, host=, port=, param.NAME=; got " +
                            damier::quoted(name));
            }
        }
        // A DXP engine may be a peer already running: then host= and port= are enough.
        const bool remote = e.protocol == EngineSpec::Protocol::Dxp && e.command.empty();
        if (!remote && (e.command.empty() || e.command[0].empty())) return fail("--engine needs cmd=PATH");
        if (e.name.empty())
            e.name = remote ? "dxp-" + e.host + "-" + std::to_string(e.port) : e.command[0].substr(e.command[0].rfind('/') + 1);
        s.engines.push_back(e);
    }
    {
        auto p = pairs("--each", each_words);
        if (!p) return fail(p.error());
        for (const auto& [name, v] : *p) {
            if (name == "arg" || name == "dir" || name.rfind("param.", 0) == 0) each.emplace_back(name, v);
            else return fail("--each takes arg=, dir=, param.NAME=; got " + damier::quoted(name));
        }
    }
    for (const auto& t : sets) {
        const auto eq = t.find('=');
        if (eq == std::string::npos) return fail("--set takes OPTION=VALUE, got " + damier::quoted(t));
        rule_options.emplace_back(t.substr(0, eq), t.substr(eq + 1));
    }
    // Whole numbers and seconds within their ranges.
    auto whole_into = [&](const char* name, const std::string& text, long long low, long long high, auto& into) -> std::string {
        if (text.empty() && !app.count(name)) return {};
        auto v = whole(name, text, low, high);
        if (!v) return v.error();
        into = static_cast<std::remove_reference_t<decltype(into)>>(*v);
        return {};
    };
    int rounds = s.rounds;
    for (auto error : {whole_into("--players", players_text, 2, 6, s.halma.players),
                       whole_into("--games", games_text, 1, 100'000'000, games),
                       whole_into("--rounds", rounds_text, 1, 100'000'000, rounds),
                       whole_into("--concurrency", concurrency_text, 1, 256, s.concurrency),
                       whole_into("--seed", seed_text, 0, 1LL << 62, seed),
                       whole_into("--max-plies", plies_text, 1, 100000, s.max_plies)})
        if (!error.empty()) return fail(error);
    s.rounds = rounds;
    players_given = app.count("--players") > 0;
    rounds_given = app.count("--rounds") > 0;
    if (app.count("--margin")) {
        auto v = real("--margin", margin_text, 0, 3600);
        if (!v) return fail(v.error());
        margin = *v;
    }
    if (app.count("--hang-timeout")) {
        auto v = real("--hang-timeout", hang_text, 0.1, 1e6);
        if (!v) return fail(v.error());
        hang = *v;
    }
    if (app.count("--start-timeout")) {
        auto v = real("--start-timeout", start_text, 0.1, 1e6);
        if (!v) return fail(v.error());
        start_timeout = *v;
    }
    for (const auto& [option, words] : {std::pair{std::string("--draw"), &draw_words}, {std::string("--resign"), &resign_words}}) {
        auto p = pairs(option, *words);
        if (!p) return fail(p.error());
        for (const auto& [name, v] : *p) {
            auto number = real(option + " " + name, v, 0, 100000);
            if (!number) return fail(number.error());
            if (option == "--draw" && name == "movenumber") s.adjudication.draw_move_number = static_cast<int>(*number);
            else if (option == "--draw" && name == "movecount") s.adjudication.draw_move_count = static_cast<int>(*number);
            else if (option == "--draw" && name == "score") s.adjudication.draw_score = *number;
            else if (option == "--resign" && name == "movecount") s.adjudication.resign_move_count = static_cast<int>(*number);
            else if (option == "--resign" && name == "score") s.adjudication.resign_score = *number;
            else return fail(option + " does not take " + damier::quoted(name));
        }
    }
    if (app.count("--sprt")) {
        auto words = pairs("--sprt", sprt_words);
        if (!words) return fail(words.error());
        auto p = parse_sprt(*words);
        if (!p) return fail(p.error());
        s.sprt = *p;
    }
    if (app.count("--shard")) {
        const auto slash = shard_text.find('/');
        auto k = whole("--shard", shard_text.substr(0, slash), 1, 100000);
        auto n = slash == std::string::npos ? k : whole("--shard", shard_text.substr(slash + 1), 1, 100000);
        if (!k || !n || slash == std::string::npos || *k > *n) return fail("--shard takes K/N with 1 <= K <= N");
        s.shard_index = static_cast<int>(*k - 1);
        s.shard_count = static_cast<int>(*n);
    }
    merge = app.count("--merge") > 0;
    if (merge) {
        if (merge_paths.empty()) return fail("--merge needs journal files");
        return merge_journals(merge_paths, s.sprt, std::cout, std::cerr);
    }
    auto tc = TimeControl::parse(tc_text);
    if (!tc) return fail(tc.error());
    s.time = *tc;
    if (margin) s.time.margin = *margin;
    if (hang) s.time.hang_timeout = *hang;
    if (start_timeout) s.time.start_timeout = *start_timeout;
    if (s.is_halma()) {
        s.halma.variant = *halma::parse_variant(s.variant);
    } else if (!draughts::is_draughts_variant(s.variant)) {
        return fail("unknown variant " + damier::quoted(s.variant));
    }
    for (const auto& [name, v] : rule_options) {
        if (name == "nocapture" && !s.is_halma()) {
            if (v != "true" && v != "false") return fail("nocapture takes true or false");
            s.nocapture = v == "true";
        } else if (s.is_halma()) {
            if (auto error = s.halma.set(name, v); !error.empty()) return fail(error);
        } else {
            return fail("unknown rule option " + damier::quoted(name) + " for " + s.variant);
        }
    }
    if (players_given && !s.is_halma() && s.halma.players != 2)
        return fail("--players " + std::to_string(s.halma.players) + " is for chinese or diamond; " + s.variant +
                    " is a two-player game");
    if (s.nocapture) {
        if (auto error = draughts::with_variant(s.variant, true, [&]<class R>() {}); !error.empty()) return fail(error);
    }
    if (games > 0 && rounds_given) return fail("give --games or --rounds, not both");
    if (demo && !s.engines.empty()) return fail("--demo plays damier against itself and takes no --engine");
    if (demo) {
        const std::string damier = sibling_damier();
        s.engines = {{"Damier A", {damier}, "", {}}, {"Damier B", {damier}, "", {}}};
        s.show_boards = true;
        s.concurrency = 1;
        s.game_limit = 1;
        if (openings_path.empty()) openings_path = "none";
    }
    // --each applies to every engine: its parameters before the engine's own (which
    // are sent later and so win), its dir where the engine has none, its args after.
    for (auto& e : s.engines) {
        std::vector<std::pair<std::string, std::string>> params;
        for (const auto& [name, v] : each) {
            if (name == "arg") e.command.push_back(v);
            else if (name == "dir" && e.directory.empty()) e.directory = v;
            else if (name.rfind("param.", 0) == 0) params.emplace_back(name.substr(6), v);
        }
        e.params.insert(e.params.begin(), params.begin(), params.end());
    }
    if (auto error = check_settings(s); !error.empty()) return fail(error);
    // Openings: a file, the bundled set of the rule set, or random Chinese checkers openings.
    std::mt19937_64 random(static_cast<std::uint64_t>(seed));
    if (s.is_halma()) {
        if (!openings_path.empty() && openings_path != "none") {
            auto o = load_openings(openings_path, s.variant, include_lost);
            if (!o) return fail(o.error());
            s.openings = *o;
        } else if (openings_path.empty()) {
            s.openings = random_halma_openings(s.halma, 64, 2, static_cast<std::uint64_t>(seed));
        }
    } else if (openings_path != "none") {
        std::string path = openings_path;
        if (path.empty() && !default_openings_file(s.variant).empty())
            path = bundled_openings_dir() + "/" + default_openings_file(s.variant);
        if (!path.empty()) {
            auto o = load_openings(path, s.variant, include_lost);
            if (!o) return fail(o.error());
            s.openings = *o;
        }
    }
    if (openings_order == "random") std::shuffle(s.openings.begin(), s.openings.end(), random);
    else if (openings_order != "sequential") return fail("--openings-order takes sequential or random");
    if (games > 0) {
        // Whole opening sets: every engine group plays each seat of each opening.
        const long long seats = s.seats(), n = static_cast<long long>(s.engines.size());
        long long groups = 1;
        if (s.gauntlet) groups = std::max(1LL, n - 1);
        else if (n > seats) {
            groups = 1;
            for (long long k = 0; k < seats; ++k) groups = groups * (n - k) / (k + 1);
        }
        s.rounds = static_cast<int>(std::max(1LL, (games + seats * groups - 1) / (seats * groups)));
    }
    return run_tournament(s, std::cout, std::cerr);
}
