#include "tools/match/hub1_dialect.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine/core/text.hpp"
#include "protocol/hub_line.hpp"

namespace damier::match::hub1 {

namespace {

using Lines = std::vector<std::string>;

std::optional<double> seconds_of(const std::string& text) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(v) || v < 0) return std::nullopt;
    return v;
}

std::string milliseconds(double seconds) { return std::to_string(std::llround(seconds * 1000)); }

Result<Lines> level(const hub::Line& line) {
    auto fail = [&](const std::string& why) { return failure<Lines>("the hub1 dialect cannot say level: " + why); };
    if (auto t = line.value("move-time")) {
        auto s = seconds_of(*t);
        if (!s) return fail("move-time " + quoted(*t));
        return Lines{"time " + milliseconds(*s)};
    }
    if (auto t = line.value("time")) {
        auto s = seconds_of(*t);
        auto inc = seconds_of(line.value("inc").value_or("0"));
        auto moves = parse_uint(line.value("moves").value_or("0"));
        if (!s || !inc || !moves) return fail("time " + quoted(*t));
        return Lines{"level " + std::to_string(*moves) + " " + milliseconds(*s) + " " + milliseconds(*inc)};
    }
    if (auto d = line.value("depth")) {
        if (!parse_uint(*d)) return fail("depth " + quoted(*d));
        return Lines{"depth " + *d};
    }
    if (line.value("nodes")) return fail("it has no node limit");
    return Lines{};  // no limit given: the engine's own default
}

Result<Lines> position(const hub::Line& line) {
    Lines out;
    if (auto p = line.value("pos")) {
        if (p->empty()) return failure<Lines>("the hub1 dialect cannot say an empty position");
        std::string old = *p;
        old[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(old[0])));
        out.push_back("pos " + old);
    } else {
        out.emplace_back("start");
    }
    const std::string moves = line.value("moves").value_or("");
    for (auto move : split(moves, " "))
        if (!move.empty()) out.push_back("move " + std::string(move));
    return out;
}

}  // namespace

Result<Lines> to_hub1(std::string_view hub2_line) {
    auto parsed = hub::parse_line(hub2_line);
    if (!parsed) return failure<Lines>(parsed.error());
    const hub::Line& line = *parsed;
    const std::string& c = line.command;
    if (c == "set-param")
        return Lines{"set " + line.value("name").value_or("") + " " + line.value("value").value_or("")};
    if (c == "new-game") return Lines{"new"};
    if (c == "pos") return position(line);
    if (c == "level") return level(line);
    if (c == "go") {
        if (line.value("ponder")) return Lines{"ponder"};
        if (line.value("analyze")) return Lines{"analyse"};
        return Lines{"go"};
    }
    // hub, init, ping, stop, ponder-hit and quit are the same words in both.
    return Lines{std::string(trim(hub2_line))};
}

std::string from_hub1(std::string_view hub1_line) {
    const auto text = trim(hub1_line);
    std::vector<std::string_view> words;
    for (auto w : split(text, " \t"))
        if (!w.empty()) words.push_back(w);
    if (words.empty()) return std::string(text);
    auto rest = [&](std::size_t from) {
        std::string s;
        for (std::size_t i = from; i < words.size(); ++i) s += (s.empty() ? "" : " ") + std::string(words[i]);
        return s;
    };
    const auto c = words[0];
    if (c == "name") return "id name=" + hub::format_value(rest(1));
    if (c == "author" || c == "country") return "";
    if (c == "move" && words.size() >= 2)
        return "done move=" + std::string(words[1]) + (words.size() >= 3 ? " ponder=" + std::string(words[2]) : "");
    if (c == "error") return hub::error_line(rest(1));
    if (c == "info" && words.size() >= 7) {
        // Positional: depth, mean depth, score in centi-men, nodes, seconds, million nodes/s, PV.
        char* end = nullptr;
        const std::string centi(words[3]);
        const long score = std::strtol(centi.c_str(), &end, 10);
        if (*end != '\0') return std::string(text);
        char men[32];
        std::snprintf(men, sizeof men, "%.2f", static_cast<double>(score) / 100);
        const double mnps = std::strtod(std::string(words[6]).c_str(), nullptr);
        return "info depth=" + std::string(words[1]) + " mean-depth=" + std::string(words[2]) + " score=" + men +
               " nodes=" + std::string(words[4]) + " time=" + std::string(words[5]) +
               " nps=" + std::to_string(std::llround(mnps * 1e6)) + " pv=" + hub::format_value(rest(7));
    }
    return std::string(text);  // wait, ready, pong and free text
}

}  // namespace damier::match::hub1
