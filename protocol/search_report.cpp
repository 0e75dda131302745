#include "protocol/search_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "protocol/hub_line.hpp"

namespace damier::hub {

namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const auto& w : words) (text += text.empty() ? "" : " ") += w;
    return text;
}

}  // namespace

std::string format_score(search::Score score) {
    char text[32];
    if (search::is_decisive(score)) {
        const int plies = search::Win - std::abs(score);
        const double men = 100.0 - std::min(plies, 999) / 100.0;
        std::snprintf(text, sizeof text, "%.2f", score > 0 ? men : -men);
    } else {
        std::snprintf(text, sizeof text, "%.2f", score / 100.0);
    }
    return text;
}

std::string info_line(const SearchInfo& info) {
    char text[160];
    int n = std::snprintf(text, sizeof text, "info depth=%d", info.depth);
    auto rest = [&] { return sizeof text - static_cast<std::size_t>(n); };
    if (info.mean_depth > 0) n += std::snprintf(text + n, rest(), " mean-depth=%.1f", info.mean_depth);
    n += std::snprintf(text + n, rest(), " score=%s nodes=%llu", format_score(info.score).c_str(),
                       static_cast<unsigned long long>(info.nodes));
    if (info.seconds >= 0.001) n += std::snprintf(text + n, rest(), " time=%.3f", info.seconds);
    if (info.seconds >= 0.01)
        std::snprintf(text + n, rest(), " nps=%.1f", static_cast<double>(info.nodes) / info.seconds / 1e6);
    std::string line = text;
    if (!info.scores.empty()) {
        std::string scores;
        for (const auto& s : info.scores)
            (scores += scores.empty() ? "" : " ") += std::to_string(s.camp) + ":" + format_score(s.score);
        line += " scores=" + format_value(scores);
    }
    return line + " pv=" + format_value(joined(info.pv));
}

std::string done_line(const SearchResult& result) {
    if (result.best.empty()) return "done move=none";
    std::string line = "done move=" + result.best;
    if (!result.ponder.empty()) line += " ponder=" + result.ponder;
    return line;
}

}  // namespace damier::hub
