#include "tools/match/journal.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

#include "engine/core/text.hpp"
#include "protocol/hub_line.hpp"
#include "tools/match/schedule.hpp"

namespace damier::match {

namespace {

std::string format_place(double p) {
    char text[16];
    std::snprintf(text, sizeof text, "%g", p);
    return text;
}

// FNV-1a over every opening's name and position, in the order played: two runs
// with the same openings file in another order or of another length differ.
std::string openings_digest(const std::vector<Opening>& openings) {
    std::uint64_t h = 1469598103934665603ULL;
    auto add = [&](const std::string& s) {
        for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
        h = (h ^ 0xff) * 1099511628211ULL;
    };
    for (const auto& o : openings) {
        add(o.name);
        add(o.position);
    }
    char text[40];
    std::snprintf(text, sizeof text, "%zu:%016llx", openings.size(), static_cast<unsigned long long>(h));
    return text;
}

std::string joined(const std::vector<std::pair<std::string, std::string>>& pairs) {
    std::string out;
    for (const auto& [name, value] : pairs) out += (out.empty() ? "" : " ") + name + "=" + value;
    return out;
}

}  // namespace

std::string new_run_id() {
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    std::random_device device;
    char text[48];
    std::snprintf(text, sizeof text, "%llx-%x-%x",
                  static_cast<unsigned long long>(std::chrono::duration_cast<std::chrono::milliseconds>(now).count()),
                  static_cast<unsigned>(::getpid()), static_cast<unsigned>(device() & 0xffff));
    return text;
}

RunFields run_fields(const MatchSettings& s, const std::string& id) {
    auto rules = rule_params(s);
    rules.erase(rules.begin());  // the variant has its own field
    std::string text = "run id=" + hub::format_value(id) + " variant=" + hub::format_value(s.variant) +
                       " options=" + hub::format_value(joined(rules)) + " tc=" + hub::format_value(s.time.describe()) +
                       " engines=" + std::to_string(s.engines.size());
    for (std::size_t i = 0; i < s.engines.size(); ++i) {
        const auto& e = s.engines[i];
        const std::string n = std::to_string(i + 1);
        std::string cmd;
        for (const auto& word : e.command) cmd += (cmd.empty() ? "" : " ") + word;
        text += " engine" + n + "=" + hub::format_value(e.name) + " params" + n + "=" +
                hub::format_value(joined(e.params)) + " cmd" + n + "=" + hub::format_value(cmd);
    }
    char margin[32];
    std::snprintf(margin, sizeof margin, "%g", s.time.margin);
    const auto& a = s.adjudication;
    char adjudication[160];
    std::snprintf(adjudication, sizeof adjudication, "draw=%d/%d/%g resign=%d/%g", a.draw_move_number,
                  a.draw_move_count, a.draw_score, a.resign_move_count, a.resign_score);
    text += " schedule=" + std::string(s.gauntlet ? "gauntlet" : "round-robin") + " seats=" + std::to_string(s.seats()) +
            " openings=" + openings_digest(s.openings) + " max-plies=" + std::to_string(s.max_plies) +
            " margin=" + margin + " adjudication=" + hub::format_value(adjudication) +
            " shard=" + std::to_string(s.shard_index + 1) + "/" + std::to_string(s.shard_count);
    auto line = hub::parse_line(text);
    return line ? line->pairs : RunFields{};
}

std::string run_line(const RunFields& fields) {
    std::string text = "run";
    for (const auto& [name, value] : fields) text += " " + name + "=" + hub::format_value(value);
    return text;
}

std::string field(const RunFields& fields, const std::string& name) {
    for (const auto& [n, v] : fields)
        if (n == name) return v;
    return {};
}

std::string run_difference(const RunFields& a, const RunFields& b, bool same_shard) {
    auto ignored = [&](const std::string& name) {
        return name == "id" || name.rfind("cmd", 0) == 0 || (!same_shard && name == "shard");
    };
    for (const auto* names : {&a, &b})
        for (const auto& [name, value] : *names) {
            if (ignored(name)) continue;
            const std::string x = field(a, name), y = field(b, name);
            if (x != y) return name + " " + (x.empty() ? "(none)" : x) + " and " + (y.empty() ? "(none)" : y);
        }
    return {};
}

std::string journal_line(const Finished& f) {
    std::string line = "game index=" + std::to_string(f.index) + " set=" + std::to_string(f.set) +
                       " rotation=" + std::to_string(f.rotation);
    std::string places;
    for (std::size_t i = 0; i < f.seat_names.size(); ++i) {
        line += " seat" + std::to_string(i + 1) + "=" + hub::format_value(f.seat_names[i]);
        places += (places.empty() ? "" : " ") + format_place(f.places[i]);
    }
    return line + " places=" + hub::format_value(places) + " reason=" + hub::format_value(f.reason);
}

namespace {

Result<Finished> parse_game(const std::string& text, const RunFields& run) {
    auto line = hub::parse_line(text);
    if (!line || line->command != "game") return failure<Finished>("not a game line");
    Finished f;
    f.run = field(run, "id");
    auto number = [&](const char* name) { return parse_uint(line->value(name).value_or("")); };
    auto index = number("index"), set = number("set"), rotation = number("rotation");
    if (!index || !set || !rotation || *index > 1'000'000'000 || *set > 1'000'000'000 || *rotation > 64)
        return failure<Finished>("a game line without index, set or rotation");
    f.index = static_cast<int>(*index);
    f.set = static_cast<int>(*set);
    f.rotation = static_cast<int>(*rotation);
    const int engines = std::atoi(field(run, "engines").c_str());
    for (int seat = 1; auto name = line->value("seat" + std::to_string(seat)); ++seat) {
        bool known = false;
        for (int e = 1; e <= engines; ++e) known = known || field(run, "engine" + std::to_string(e)) == *name;
        if (!known) return failure<Finished>("seat " + std::to_string(seat) + " holds " + quoted(*name) +
                                             ", not an engine of the run line");
        f.seat_names.push_back(*name);
    }
    for (auto p : split(line->value("places").value_or(""), " ")) {
        if (p.empty()) continue;
        char* end = nullptr;
        std::string s(p);
        const double v = std::strtod(s.c_str(), &end);
        if (*end || !(v >= 1 && v <= 6)) return failure<Finished>("bad place " + quoted(s));
        f.places.push_back(v);
    }
    if (f.places.size() != f.seat_names.size() || f.places.size() < 2 ||
        static_cast<int>(f.places.size()) != std::atoi(field(run, "seats").c_str()))
        return failure<Finished>("the places and seats differ from the run's seats");
    f.reason = line->value("reason").value_or("");
    return f;
}

}  // namespace

Result<Journal> read_journal(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return failure<Journal>("cannot read " + path);
    std::string whole((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    Journal j;
    const auto last_newline = whole.rfind('\n');
    j.intact_size = last_newline == std::string::npos ? 0 : last_newline + 1;
    j.torn = j.intact_size < whole.size();
    whole.resize(j.intact_size);
    std::istringstream in(whole);
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        const std::string where = path + ":" + std::to_string(number) + ": ";
        if (number == 1) {
            auto line = hub::parse_line(text);
            if (!line || line->command != "run" || field(line->pairs, "id").empty() ||
                field(line->pairs, "engines").empty())
                return failure<Journal>(where + "not a damier-match journal (its first line is no run line)");
            j.run = line->pairs;
            continue;
        }
        auto game = parse_game(text, j.run);
        if (!game) return failure<Journal>(where + game.error());
        j.games.push_back(*game);
    }
    if (j.run.empty()) return failure<Journal>(path + ": empty, not a damier-match journal");
    return j;
}

}  // namespace damier::match
