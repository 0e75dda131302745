#include "tools/match/preflight.hpp"

#include <cerrno>
#include <cstring>
#include <thread>

#include "protocol/hub_options.hpp"

namespace damier::match {

std::string check_settings(const MatchSettings& s) {
    const int seats = s.seats(), engines = static_cast<int>(s.engines.size());
    if (engines < 1 || (engines < 2 && !s.is_halma())) return "give at least two engines (--engine name=... cmd=...)";
    // One engine may fill every seat of a Chinese checkers game (self-play), but
    // two engines for three seats would give one of them two seats of each game.
    if (engines > 1 && engines < seats)
        return std::to_string(seats) + " seats need one engine or at least " + std::to_string(seats) + ", got " +
               std::to_string(engines);
    for (int a = 0; a < engines; ++a)
        for (int b = a + 1; b < engines; ++b)
            if (s.engines[static_cast<std::size_t>(a)].name == s.engines[static_cast<std::size_t>(b)].name)
                return "two engines are called '" + s.engines[static_cast<std::size_t>(a)].name + "'";
    if (s.gauntlet && engines < 2) return "--gauntlet needs at least two engines";
    if (s.sprt && !(engines == 2 && seats == 2))
        return "--sprt needs a match of two engines in two-player games, got " + std::to_string(engines) +
               " engines and " + std::to_string(seats) + " seats";
    if (s.resume && s.journal_path.empty()) return "--resume needs --journal FILE (the games to skip)";
    if (!s.pdn_path.empty() && s.is_halma())
        return "--pdn records draughts games; Chinese checkers games go to --record FILE";
    if (!s.record_path.empty() && !s.is_halma())
        return "--record records Chinese checkers games; draughts games go to --pdn FILE";
    for (const auto& e : s.engines) {
        // The rules are the match's (the Hub parameters of rules scope), sent before
        // an engine's own parameters.
        for (const auto& [name, value] : e.params)
            if (const hub::OptionSpec* spec = hub::Options::find(name); spec && spec->scope == hub::OptionScope::Rules)
                return e.name + " param." + name + " names a rule; the match's options set the rules (--variant, " +
                       (s.is_halma() ? "--players, --set" : "--set nocapture") + ")";
        if (e.protocol == EngineSpec::Protocol::Dxp && (s.variant != "international" || s.nocapture))
            return e.name + " speaks DXP, which plays international draughts only";
        if (e.protocol != EngineSpec::Protocol::Hub1) continue;
        if (s.variant != "international" || s.nocapture)
            return e.name + " speaks hub1, which plays international draughts only";
        if (s.time.kind == TimeControl::Kind::Nodes) return e.name + " speaks hub1, which has no node limit (--tc nodes=N)";
    }
    if (s.shard_count < 1 || s.shard_index < 0 || s.shard_index >= s.shard_count) return "--shard takes K/N with 1 <= K <= N";
    return {};
}

std::string open_output(std::ofstream& file, const std::string& path, const std::string& option) {
    if (path.empty()) return {};
    errno = 0;
    file.open(path, std::ios::app);
    if (!file) return "cannot write " + option + " " + path + ": " + (errno ? std::strerror(errno) : "open failed");
    return {};
}

std::string check_engines(const std::vector<EngineSpec>& engines,
                          const std::vector<std::pair<std::string, std::string>>& rules,
                          std::chrono::milliseconds timeout) {
    std::vector<std::string> errors(engines.size());
    {
        std::vector<std::jthread> starts;
        for (std::size_t i = 0; i < engines.size(); ++i)
            starts.emplace_back([&, i] {
                HubEngine engine(engines[i]);
                errors[i] = engine.start(rules, timeout);
                engine.quit();
            });
    }
    for (std::size_t i = 0; i < engines.size(); ++i)
        if (!errors[i].empty())
            return errors[i].rfind(engines[i].name + " ", 0) == 0 ? errors[i]
                                                                   : engines[i].name + " cannot be started: " + errors[i];
    return {};
}

}  // namespace damier::match
