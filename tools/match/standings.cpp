#include "tools/match/standings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

namespace damier::match {

void Standings::print_progress(std::ostream& out) const {
    if (!head_to_head_) return;
    out << "Score of " << names_[0] << " vs " << names_[1] << ": " << format_progress(results()) << '\n';
    if (paired_.pair_count() > 0) {
        // As fastchess prints them: pairs scoring 0, 0.5, 1, 1.5 and 2 points.
        out << "Ptnml(0-2): ";
        for (std::size_t i = 0; i < 5; ++i) out << (i ? ", " : "") << paired_.pairs[i];
        out << '\n';
    }
    if (auto s = sprt()) out << "SPRT: " << format_sprt(*s, *sprt_) << '\n';
}

void Standings::print_table(std::ostream& out) const {
    // The average place says nothing the score does not in two-player games.
    const bool places = seats_ > 2;
    out << (places ? "Rank  Engine                     Games  Avg place  Score\n"
                   : "Rank  Engine                     Games  Score\n");
    std::vector<std::pair<std::string, MultiPlayerRecord>> rows(table_.records().begin(), table_.records().end());
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return a.second.average_score() > b.second.average_score(); });
    int rank = 0;
    for (const auto& [name, r] : rows) {
        char line[160];
        if (places)
            std::snprintf(line, sizeof line, "%4d  %-25.25s %6llu  %9.3f  %5.1f%%\n", ++rank, name.c_str(),
                          static_cast<unsigned long long>(r.games), r.average_place(), 100 * r.average_score());
        else
            std::snprintf(line, sizeof line, "%4d  %-25.25s %6llu  %5.1f%%\n", ++rank, name.c_str(),
                          static_cast<unsigned long long>(r.games), 100 * r.average_score());
        out << line;
    }
    print_progress(out);
}

std::string Standings::json() const {
    // NaN and infinite values (no games yet, a one-sided match) are written as null.
    nlohmann::ordered_json j;
    j["games"] = games_;
    j["engines"] = nlohmann::ordered_json::array();
    for (const auto& [name, r] : table_.records())
        j["engines"].push_back(
            {{"name", name}, {"games", r.games}, {"average_place", r.average_place()}, {"average_score", r.average_score()}});
    if (head_to_head_) {
        const MatchResults r = results();
        const EloEstimate elo = trinomial_elo(r), pelo = pentanomial_elo(paired_.pairs);
        nlohmann::ordered_json match = {{"engine", names_[0]},
                                        {"opponent", names_[1]},
                                        {"wins", r.wins},
                                        {"draws", r.draws},
                                        {"losses", r.losses},
                                        {"pentanomial", paired_.pairs},
                                        {"elo", elo.elo},
                                        {"elo_margin", elo.margin},
                                        {"pentanomial_elo", pelo.elo},
                                        {"pentanomial_elo_margin", pelo.margin},
                                        {"los", likelihood_of_superiority(r)},
                                        {"draw_ratio", draw_ratio(r)}};
        if (auto s = sprt()) {
            const char* decision = s->decision == SprtDecision::AcceptH1   ? "H1"
                                   : s->decision == SprtDecision::AcceptH0 ? "H0"
                                                                           : "continue";
            match["sprt"] = {{"elo0", sprt_->elo0}, {"elo1", sprt_->elo1}, {"alpha", sprt_->alpha},
                             {"beta", sprt_->beta},  {"llr", s->llr},      {"lower", s->lower},
                             {"upper", s->upper},    {"decision", decision}};
        }
        j["match"] = match;
    }
    // Names that are not UTF-8 get U+FFFD rather than an exception.
    return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

void EngineUse::add(const std::string& engine, int moves, double seconds, int plies) {
    Use& u = use_[engine];
    ++u.games;
    u.moves += static_cast<std::uint64_t>(moves);
    u.seconds += seconds;
    u.plies += static_cast<std::uint64_t>(plies);
}

void EngineUse::print(std::ostream& out) const {
    out << "Engine                     Games  Avg plies   Moves  Avg time/move  Total time\n";
    for (const auto& [name, u] : use_) {
        char line[200];
        std::snprintf(line, sizeof line, "%-25.25s %7llu  %9.1f %7llu  %11.3f s  %10s\n", name.c_str(),
                      static_cast<unsigned long long>(u.games),
                      u.games ? static_cast<double>(u.plies) / static_cast<double>(u.games) : 0.0,
                      static_cast<unsigned long long>(u.moves),
                      u.moves ? u.seconds / static_cast<double>(u.moves) : 0.0, clock_text(u.seconds).c_str());
        out << line;
    }
}

std::string clock_text(double seconds) {
    const long long s = std::llround(std::max(0.0, seconds));
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    return text;
}

}  // namespace damier::match
