#include "tools/match/stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

namespace damier::match {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Half points of an outcome: the pentanomial cell of a pair is the sum of its two games.
std::size_t half_points(Outcome outcome) {
    switch (outcome) {
        case Outcome::Loss: return 0;
        case Outcome::Draw: return 1;
        case Outcome::Win: return 2;
    }
    return 0;
}

// Mean and variance of a discrete distribution of scores given as counts.
struct Moments {
    double count = 0;
    double mean = 0;
    double variance = 0;
};

template <std::size_t Cells>
Moments moments(const std::array<std::uint64_t, Cells>& counts, const std::array<double, Cells>& values) {
    Moments m;
    for (const auto c : counts) m.count += static_cast<double>(c);
    if (m.count == 0) return m;
    for (std::size_t i = 0; i < Cells; ++i) m.mean += static_cast<double>(counts[i]) * values[i];
    m.mean /= m.count;
    for (std::size_t i = 0; i < Cells; ++i) {
        const double deviation = values[i] - m.mean;
        m.variance += static_cast<double>(counts[i]) * deviation * deviation;
    }
    m.variance /= m.count;
    return m;
}

// The interval of the mean score, mean +/- z * sqrt(variance / n), mapped to Elo.
EloEstimate estimate(const Moments& m) {
    EloEstimate e;
    if (m.count == 0) {
        e.elo = e.lower = e.upper = e.margin = kNaN;
        return e;
    }
    e.elo = elo_from_score(m.mean);
    if (!std::isfinite(e.elo)) {
        e.lower = e.upper = e.elo;
        e.margin = kNaN;
        return e;
    }
    const double standard_error = std::sqrt(m.variance / m.count);
    e.lower = elo_from_score(m.mean - kZ95 * standard_error);
    e.upper = elo_from_score(m.mean + kZ95 * standard_error);
    e.margin = (e.upper - e.lower) / 2;
    e.defined = true;
    return e;
}

constexpr std::array<double, 5> kPairScores{0.0, 0.25, 0.5, 0.75, 1.0};  // per game

}  // namespace

void MatchResults::add_game(Outcome outcome) {
    switch (outcome) {
        case Outcome::Loss: ++losses; break;
        case Outcome::Draw: ++draws; break;
        case Outcome::Win: ++wins; break;
    }
}

void MatchResults::add_pair(Outcome first, Outcome second) {
    add_game(first);
    add_game(second);
    ++pairs[half_points(first) + half_points(second)];
}

std::uint64_t MatchResults::pair_count() const { return std::accumulate(pairs.begin(), pairs.end(), std::uint64_t{0}); }

double MatchResults::score() const {
    const auto n = games();
    if (n == 0) return 0.5;
    return (static_cast<double>(wins) + static_cast<double>(draws) / 2) / static_cast<double>(n);
}

double elo_from_score(double score) {
    if (std::isnan(score)) return kNaN;
    if (score <= 0) return -kInf;
    if (score >= 1) return kInf;
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate trinomial_elo(const MatchResults& results) {
    return estimate(moments<3>({results.losses, results.draws, results.wins}, {0.0, 0.5, 1.0}));
}

EloEstimate pentanomial_elo(const std::array<std::uint64_t, 5>& pairs) { return estimate(moments(pairs, kPairScores)); }

double likelihood_of_superiority(const MatchResults& results) {
    const double wins = static_cast<double>(results.wins);
    const double losses = static_cast<double>(results.losses);
    if (wins + losses == 0) return 0.5;
    return 0.5 * (1.0 + std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses))));
}

double draw_ratio(const MatchResults& results) {
    const auto n = results.games();
    return n == 0 ? 0.0 : static_cast<double>(results.draws) / static_cast<double>(n);
}

double sprt_lower_bound(const SprtParameters& p) { return std::log(p.beta / (1.0 - p.alpha)); }
double sprt_upper_bound(const SprtParameters& p) { return std::log((1.0 - p.beta) / p.alpha); }

// fishtest's logistic-Elo SPRT (server/fishtest/stats/LLRcalc.py, LLR_logistic with
// LLR_alt2; Michel Van den Bergh, "A practical introduction to the GSPRT"):
//   LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)
// N pairs; m and v the mean and variance of a pair's score per game (0, 1/4, ..., 1);
// s0, s1 the per-game scores expected at elo0, elo1. v is the spread of one pair, not
// of the mean, so N appears once.
//
// v is estimated from the pairs played, and with few of them it can be far too
// small: at a draughts draw rate one decisive pair among 15 drawn ones gave v = 0.0039
// and an H0 after 31 games; when every pair so far scored the same, v = 0 and the
// formula divides by zero (fishtest then puts 1e-3 in each empty cell, which accepts
// H1 after one won pair). So v always comes from the counts plus one pseudo-pair
// spread evenly over the five outcomes (the mean stays the observed one): its weight,
// 1 / (N + 1), fades as pairs come in (the LLR of 50 pairs moves by about 2%), a
// one-sided match decides after 17 identical pairs for [0, 5] and about 9 for [0, 20],
// and a run of draws drifts towards H0.
double sprt_llr(const std::array<std::uint64_t, 5>& pairs, const SprtParameters& p) {
    const Moments m = moments(pairs, kPairScores);
    if (m.count == 0) return 0.0;
    const double weight = m.count + 1.0;
    double pseudo_mean = m.mean * m.count / weight;
    for (const double score : kPairScores) pseudo_mean += score / 5.0 / weight;
    double variance = m.count * (m.variance + (m.mean - pseudo_mean) * (m.mean - pseudo_mean));
    for (const double score : kPairScores) variance += (score - pseudo_mean) * (score - pseudo_mean) / 5.0;
    variance /= weight;
    const double s0 = score_from_elo(p.elo0);
    const double s1 = score_from_elo(p.elo1);
    return m.count * (s1 - s0) * (2.0 * m.mean - s0 - s1) / (2.0 * variance);
}

SprtResult sprt(const std::array<std::uint64_t, 5>& pairs, const SprtParameters& p) {
    SprtResult r;
    r.llr = sprt_llr(pairs, p);
    r.lower = sprt_lower_bound(p);
    r.upper = sprt_upper_bound(p);
    if (r.llr >= r.upper) r.decision = SprtDecision::AcceptH1;
    else if (r.llr <= r.lower) r.decision = SprtDecision::AcceptH0;
    return r;
}

std::vector<double> shared_places(std::span<const int> ranks) {
    std::vector<double> places(ranks.size());
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        std::size_t better = 0, tied = 0;
        for (const int other : ranks) {
            better += other < ranks[i] ? 1 : 0;
            tied += other == ranks[i] ? 1 : 0;
        }
        // The tied group spans places better + 1 .. better + tied; their mean.
        places[i] = static_cast<double>(better) + static_cast<double>(tied + 1) / 2.0;
    }
    return places;
}

double MultiPlayerRecord::average_place() const {
    return games == 0 ? kNaN : place_sum / static_cast<double>(games);
}

double MultiPlayerRecord::average_score() const {
    return games == 0 ? kNaN : score_sum / static_cast<double>(games);
}

void MultiPlayerTable::add_game(std::span<const SeatPlace> seats) {
    if (seats.size() < 2) return;
    const double n = static_cast<double>(seats.size());
    for (const auto& seat : seats) {
        MultiPlayerRecord& record = records_[seat.engine];
        ++record.games;
        record.place_sum += seat.place;
        record.score_sum += (n - seat.place) / (n - 1);
    }
}

std::string format_elo(const EloEstimate& e) {
    if (!e.defined) {
        if (std::isnan(e.elo)) return "n/a";
        return e.elo > 0 ? "+inf" : "-inf";
    }
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%+.1f +/- %.1f", e.elo, e.margin);
    return buffer;
}

std::string format_progress(const MatchResults& r) {
    char buffer[160];
    std::snprintf(buffer, sizeof buffer, "Games %llu W-D-L %llu-%llu-%llu score %.1f%% Elo %s LOS %.1f%% draws %.1f%%",
                  static_cast<unsigned long long>(r.games()), static_cast<unsigned long long>(r.wins),
                  static_cast<unsigned long long>(r.draws), static_cast<unsigned long long>(r.losses),
                  100.0 * r.score(), format_elo(trinomial_elo(r)).c_str(), 100.0 * likelihood_of_superiority(r),
                  100.0 * draw_ratio(r));
    std::string line = buffer;
    if (r.pair_count() > 0) line += " ptnml Elo " + format_elo(pentanomial_elo(r.pairs));
    return line;
}

std::string format_sprt(const SprtResult& r, const SprtParameters& p) {
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "LLR %.2f (%.2f, %.2f) [%.2f, %.2f]", r.llr, r.lower, r.upper, p.elo0,
                  p.elo1);
    return buffer;
}

}  // namespace damier::match
