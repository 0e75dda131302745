#include "tools/match/standings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace damier::match {

namespace {

std::string number(double v) {
    if (!std::isfinite(v)) return "null";
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", v);
    return text;
}
std::string escaped(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) >= 32) out += c;
    }
    return out;
}

}  // namespace

void Standings::print_table(std::ostream& out) const {
    out << "Rank  Engine                     Games  Avg place  Score\n";
    std::vector<std::pair<std::string, MultiPlayerRecord>> rows(table_.records().begin(), table_.records().end());
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return a.second.average_score() > b.second.average_score(); });
    int rank = 0;
    for (const auto& [name, r] : rows) {
        char line[160];
        std::snprintf(line, sizeof line, "%4d  %-25.25s %6llu  %9.3f  %5.1f%%\n", ++rank, name.c_str(),
                      static_cast<unsigned long long>(r.games), r.average_place(), 100 * r.average_score());
        out << line;
    }
    print_progress(out);
}

std::string Standings::json() const {
    std::ostringstream j;
    j << "{\"games\":" << games_ << ",\"engines\":[";
    bool first = true;
    for (const auto& [name, r] : table_.records()) {
        j << (first ? "" : ",") << "{\"name\":\"" << escaped(name) << "\",\"games\":" << r.games
          << ",\"average_place\":" << number(r.average_place()) << ",\"average_score\":" << number(r.average_score())
          << "}";
        first = false;
    }
    j << "]";
    if (head_to_head_) {
        const MatchResults r = results();
        const EloEstimate elo = trinomial_elo(r), pelo = pentanomial_elo(paired_.pairs);
        j << ",\"match\":{\"engine\":\"" << escaped(names_[0]) << "\",\"opponent\":\"" << escaped(names_[1])
          << "\",\"wins\":" << r.wins << ",\"draws\":" << r.draws << ",\"losses\":" << r.losses
          << ",\"pentanomial\":[";
        for (std::size_t i = 0; i < 5; ++i) j << (i ? "," : "") << paired_.pairs[i];
        j << "],\"elo\":" << number(elo.elo) << ",\"elo_margin\":" << number(elo.margin)
          << ",\"pentanomial_elo\":" << number(pelo.elo) << ",\"pentanomial_elo_margin\":" << number(pelo.margin)
          << ",\"los\":" << number(likelihood_of_superiority(r)) << ",\"draw_ratio\":" << number(draw_ratio(r));
        if (auto s = sprt()) {
            const char* decision = s->decision == SprtDecision::AcceptH1   ? "H1"
                                   : s->decision == SprtDecision::AcceptH0 ? "H0"
                                                                           : "continue";
            j << ",\"sprt\":{\"elo0\":" << sprt_->elo0 << ",\"elo1\":" << sprt_->elo1 << ",\"alpha\":" << sprt_->alpha
              << ",\"beta\":" << sprt_->beta << ",\"llr\":" << number(s->llr) << ",\"lower\":" << number(s->lower)
              << ",\"upper\":" << number(s->upper) << ",\"decision\":\"" << decision << "\"}";
        }
        j << "}";
    }
    j << "}\n";
    return j.str();
}

}  // namespace damier::match
