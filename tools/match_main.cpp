// damier-match: runs games between Hub engines (see `damier-match --help`).
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "engine/core/text.hpp"
#include "engine/draughts/variant_list.hpp"
#include "tools/match/engines_file.hpp"
#include "tools/match/preflight.hpp"
#include "tools/match/tournament.hpp"

namespace {

using namespace damier;
using namespace damier::match;

const char* usage =
    "usage: damier-match --engine name=NAME cmd=PATH [arg=ARG ...] [dir=DIR] [param.NAME=VALUE ...]\n"
    "                    --engine ... [more engines] [--engines FILE.json] [--each [arg=ARG] [dir=DIR] [param.NAME=VALUE] ...]\n"
    "                    [--variant NAME] [--players N] [--set OPTION=VALUE ...]\n"
    "                    [--games N | --rounds N] [--gauntlet] [--concurrency N] [--seed N]\n"
    "                    [--openings FILE|none] [--openings-order sequential|random] [--include-lost]\n"
    "                    [--tc [MOVES/]SECONDS[+INC] | --tc movetime=S | --tc depth=N | --tc nodes=N]\n"
    "                    [--margin S] [--hang-timeout S] [--max-plies N]\n"
    "                    [--draw movenumber=N movecount=N score=S] [--resign movecount=N score=S]\n"
    "                    [--sprt elo0=E elo1=E alpha=A beta=B]\n"
    "                    [--pdn FILE] [--record FILE] [--journal FILE] [--json FILE] [--log FILE]\n"
    "                    [--resume] [--shard K/N]\n"
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

// Reads `name=value` words following a flag.
std::vector<std::pair<std::string, std::string>> pairs_after(const std::vector<std::string>& args, std::size_t& i) {
    std::vector<std::pair<std::string, std::string>> out;
    while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0 && args[i + 1].find('=') != std::string::npos) {
        ++i;
        const auto eq = args[i].find('=');
        out.emplace_back(args[i].substr(0, eq), args[i].substr(eq + 1));
    }
    return out;
}

Result<double> real(const std::string& name, const std::string& text, double low, double high) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end || !(v >= low && v <= high))
        return failure<double>(name + " takes a number from " + std::to_string(low) + " to " + std::to_string(high) +
                               ", got " + quoted(text));
    return v;
}

Result<long long> whole(const std::string& name, const std::string& text, long long low, long long high) {
    auto v = parse_uint(text);
    if (!v || *v < static_cast<unsigned long long>(low) || *v > static_cast<unsigned long long>(high))
        return failure<long long>(name + " takes a whole number from " + std::to_string(low) + " to " +
                                  std::to_string(high) + ", got " + quoted(text));
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
        else return failure<SprtParameters>("--sprt takes elo0, elo1, alpha, beta; got " + quoted(name));
    }
    if (!(p.alpha > 0 && p.alpha < 0.5 && p.beta > 0 && p.beta < 0.5 && p.elo1 > p.elo0))
        return failure<SprtParameters>("--sprt needs elo0 < elo1 and alpha, beta in (0, 0.5)");
    return p;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    MatchSettings s;
    std::vector<std::pair<std::string, std::string>> rule_options;
    std::vector<std::string> merge_paths;
    std::vector<std::pair<std::string, std::string>> each;  // --each: for every engine
    std::string openings_path, openings_order = "sequential", tc_text = "movetime=0.1";
    long long games = 0, seed = 1;
    bool include_lost = false, demo = false, merge = false, players_given = false, rounds_given = false;
    std::optional<double> margin, hang;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= args.size()) return std::nullopt;
            return args[++i];
        };
        auto need = [&](const char* what) -> std::string {
            auto v = value();
            if (!v) throw std::runtime_error(std::string(what) + " needs a value");
            return *v;
        };
        try {
            if (a == "--help" || a == "-h") {
                std::cout << usage;
                return 0;
            } else if (a == "--version") {
                std::cout << "damier-match " << DAMIER_VERSION << '\n';
                return 0;
            } else if (a == "--engine") {
                EngineSpec e;
                for (const auto& [name, v] : pairs_after(args, i)) {
                    if (name == "name") e.name = v;
                    else if (name == "cmd") e.command.insert(e.command.begin(), v);
                    else if (name == "arg") e.command.push_back(v);
                    else if (name == "dir") e.directory = v;
                    else if (name.rfind("param.", 0) == 0) e.params.emplace_back(name.substr(6), v);
                    else return fail("--engine takes name=, cmd=, arg=, dir=, param.NAME=; got " + quoted(name));
                }
                if (e.command.empty() || e.command[0].empty()) return fail("--engine needs cmd=PATH");
                if (e.name.empty()) e.name = e.command[0].substr(e.command[0].rfind('/') + 1);
                s.engines.push_back(e);
            } else if (a == "--engines") {
                auto file = load_engines(need("--engines"));
                if (!file) return fail(file.error());
                s.engines.insert(s.engines.end(), file->begin(), file->end());
            } else if (a == "--each") {
                for (const auto& [name, v] : pairs_after(args, i)) {
                    if (name == "arg" || name == "dir" || name.rfind("param.", 0) == 0) each.emplace_back(name, v);
                    else return fail("--each takes arg=, dir=, param.NAME=; got " + quoted(name));
                }
            } else if (a == "--variant") s.variant = need("--variant");
            else if (a == "--players") {
                auto v = whole("--players", need("--players"), 2, 6);
                if (!v) return fail(v.error());
                s.halma.players = static_cast<int>(*v);
                players_given = true;
            } else if (a == "--set") {
                const std::string t = need("--set");
                const auto eq = t.find('=');
                if (eq == std::string::npos) return fail("--set takes OPTION=VALUE, got " + quoted(t));
                rule_options.emplace_back(t.substr(0, eq), t.substr(eq + 1));
            }
            else if (a == "--games") {
                auto v = whole("--games", need("--games"), 1, 100'000'000);
                if (!v) return fail(v.error());
                games = *v;
            } else if (a == "--rounds") {
                auto v = whole("--rounds", need("--rounds"), 1, 100'000'000);
                if (!v) return fail(v.error());
                s.rounds = static_cast<int>(*v);
                rounds_given = true;
            } else if (a == "--gauntlet") s.gauntlet = true;
            else if (a == "--concurrency") {
                auto v = whole("--concurrency", need("--concurrency"), 1, 256);
                if (!v) return fail(v.error());
                s.concurrency = static_cast<int>(*v);
            } else if (a == "--seed") {
                auto v = whole("--seed", need("--seed"), 0, 1LL << 62);
                if (!v) return fail(v.error());
                seed = *v;
            } else if (a == "--openings") openings_path = need("--openings");
            else if (a == "--openings-order") openings_order = need("--openings-order");
            else if (a == "--include-lost") include_lost = true;
            else if (a == "--tc") tc_text = need("--tc");
            else if (a == "--margin") {
                auto v = real("--margin", need("--margin"), 0, 3600);
                if (!v) return fail(v.error());
                margin = *v;
            } else if (a == "--hang-timeout") {
                auto v = real("--hang-timeout", need("--hang-timeout"), 0.1, 1e6);
                if (!v) return fail(v.error());
                hang = *v;
            } else if (a == "--max-plies") {
                auto v = whole("--max-plies", need("--max-plies"), 1, 100000);
                if (!v) return fail(v.error());
                s.max_plies = static_cast<int>(*v);
            } else if (a == "--draw" || a == "--resign") {
                for (const auto& [name, v] : pairs_after(args, i)) {
                    auto number = real(a + " " + name, v, 0, 100000);
                    if (!number) return fail(number.error());
                    if (a == "--draw" && name == "movenumber") s.adjudication.draw_move_number = static_cast<int>(*number);
                    else if (a == "--draw" && name == "movecount") s.adjudication.draw_move_count = static_cast<int>(*number);
                    else if (a == "--draw" && name == "score") s.adjudication.draw_score = *number;
                    else if (a == "--resign" && name == "movecount") s.adjudication.resign_move_count = static_cast<int>(*number);
                    else if (a == "--resign" && name == "score") s.adjudication.resign_score = *number;
                    else return fail(a + " does not take " + quoted(name));
                }
            } else if (a == "--sprt") {
                auto p = parse_sprt(pairs_after(args, i));
                if (!p) return fail(p.error());
                s.sprt = *p;
            } else if (a == "--pdn") s.pdn_path = need("--pdn");
            else if (a == "--record") s.record_path = need("--record");
            else if (a == "--journal") s.journal_path = need("--journal");
            else if (a == "--json") s.json_path = need("--json");
            else if (a == "--log") s.log_path = need("--log");
            else if (a == "--resume") s.resume = true;
            else if (a == "--shard") {
                const std::string text = need("--shard");
                const auto slash = text.find('/');
                auto k = whole("--shard", text.substr(0, slash), 1, 100000);
                auto n = slash == std::string::npos ? k : whole("--shard", text.substr(slash + 1), 1, 100000);
                if (!k || !n || slash == std::string::npos || *k > *n) return fail("--shard takes K/N with 1 <= K <= N");
                s.shard_index = static_cast<int>(*k - 1);
                s.shard_count = static_cast<int>(*n);
            } else if (a == "--merge") {
                merge = true;
                while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) merge_paths.push_back(args[++i]);
            } else if (a == "--demo") demo = true;
            else return fail("unknown argument " + quoted(a) + " (see --help)");
        } catch (const std::exception& e) {
            return fail(e.what());
        }
    }
    if (merge) {
        if (merge_paths.empty()) return fail("--merge needs journal files");
        return merge_journals(merge_paths, s.sprt, std::cout, std::cerr);
    }
    auto tc = TimeControl::parse(tc_text);
    if (!tc) return fail(tc.error());
    s.time = *tc;
    if (margin) s.time.margin = *margin;
    if (hang) s.time.hang_timeout = *hang;
    if (s.is_halma()) {
        s.halma.variant = s.variant == "diamond" ? halma::Variant::Diamond : halma::Variant::Chinese;
    } else if (!draughts::is_draughts_variant(s.variant)) {
        return fail("unknown variant " + quoted(s.variant));
    }
    for (const auto& [name, v] : rule_options) {
        if (name == "nocapture" && !s.is_halma()) {
            if (v != "true" && v != "false") return fail("nocapture takes true or false");
            s.nocapture = v == "true";
        } else if (s.is_halma()) {
            if (auto error = s.halma.set(name, v); !error.empty()) return fail(error);
        } else {
            return fail("unknown rule option " + quoted(name) + " for " + s.variant);
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
