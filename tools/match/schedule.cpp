#include "tools/match/schedule.hpp"

#include <algorithm>

namespace damier::match {

std::vector<std::vector<int>> pairings(int engines, int seats, bool gauntlet) {
    std::vector<std::vector<int>> out;
    const int first = gauntlet ? 1 : 0, needed = gauntlet ? seats - 1 : seats;
    const int pool = engines - first;
    if (pool < needed) {  // fewer engines than seats: they take turns filling them
        std::vector<int> p;
        if (gauntlet) p.push_back(0);
        for (int i = 0; static_cast<int>(p.size()) < seats; ++i) p.push_back(first + i % std::max(pool, 1));
        out.push_back(p);
        return out;
    }
    std::vector<bool> chosen(static_cast<std::size_t>(pool), false);
    std::fill(chosen.begin(), chosen.begin() + needed, true);
    do {
        std::vector<int> p;
        if (gauntlet) p.push_back(0);
        for (int i = 0; i < pool; ++i)
            if (chosen[static_cast<std::size_t>(i)]) p.push_back(first + i);
        out.push_back(p);
    } while (std::prev_permutation(chosen.begin(), chosen.end()));
    return out;
}

std::vector<Task> schedule(const MatchSettings& s) {
    std::vector<Task> tasks;
    const int seats = s.seats();
    const auto groups = pairings(static_cast<int>(s.engines.size()), seats, s.gauntlet);
    int set = 0, index = 0;
    for (int round = 0; round < s.rounds; ++round) {
        for (const auto& group : groups) {
            const Opening* opening =
                s.openings.empty() ? nullptr : &s.openings[static_cast<std::size_t>(set) % s.openings.size()];
            // Each engine of the group plays each seat once (a colour-swapped pair for two seats).
            for (int rotation = 0; rotation < seats; ++rotation) {
                Task t{index++, set, rotation, opening, {}};
                for (int seat = 0; seat < seats; ++seat)
                    t.seat_engines.push_back(group[static_cast<std::size_t>((seat + rotation) % seats)]);
                if (set % s.shard_count == s.shard_index) tasks.push_back(t);
            }
            ++set;
        }
    }
    return tasks;
}

std::vector<std::pair<std::string, std::string>> rule_params(const MatchSettings& s) {
    std::vector<std::pair<std::string, std::string>> rules{{"variant", s.variant}};
    if (!s.is_halma()) {
        if (s.nocapture) rules.emplace_back("nocapture", "true");
        return rules;
    }
    for (const halma::OptionSpec& spec : halma::option_specs())
        rules.emplace_back(std::string(spec.name), s.halma.text(spec.name));
    return rules;
}

}  // namespace damier::match
