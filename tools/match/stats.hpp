// Statistics of engine-vs-engine matches, as cutechess-cli, fastchess and fishtest
// compute them: Elo with a 95% interval (trinomial and pentanomial), LOS, draw ratio,
// SPRT on the pentanomial model, and multi-player standings for Chinese checkers.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace damier::match {

// Two-sided 95% quantile of the standard normal distribution.
inline constexpr double kZ95 = 1.959964;

enum class Outcome { Loss, Draw, Win };

// One engine's results against one opponent. A pair is the same opening played with
// colours swapped; its score in half points (0..4 = 0, 0.5, 1, 1.5, 2) indexes `pairs`.
struct MatchResults {
    std::uint64_t wins = 0;
    std::uint64_t draws = 0;
    std::uint64_t losses = 0;
    std::array<std::uint64_t, 5> pairs{};

    // A game outside any pair (an odd last game, or a match played without pairs).
    void add_game(Outcome outcome);
    // Both games of a pair: counts each game and the pair's pentanomial cell.
    void add_pair(Outcome first, Outcome second);

    [[nodiscard]] std::uint64_t games() const { return wins + draws + losses; }
    [[nodiscard]] std::uint64_t pair_count() const;
    // (W + D/2) / N; 0.5 when there are no games.
    [[nodiscard]] double score() const;
};

// Logistic Elo from an expected score: -400 log10(1/s - 1); +inf at s >= 1, -inf at s <= 0.
[[nodiscard]] double elo_from_score(double score);
// Expected score from a logistic Elo difference: 1 / (1 + 10^(-elo/400)).
[[nodiscard]] double score_from_elo(double elo);

// `elo` with its 95% interval [lower, upper]; `margin` is the interval's half width,
// the "+/-" that cutechess prints. `defined` is false when there is no finite estimate:
// no games (elo NaN), or a score of 0% or 100% (elo -inf or +inf). Then lower = upper = elo
// and margin is NaN. A defined estimate may still have an infinite bound or margin
// when the interval of the score leaves (0, 1) after very few games.
struct EloEstimate {
    double elo = 0;
    double lower = 0;
    double upper = 0;
    double margin = 0;
    bool defined = false;
};

// Per-game model: the standard error of the mean score from the variance of the
// per-game outcomes (1, 1/2, 0), mapped through the logistic curve (cutechess-cli).
[[nodiscard]] EloEstimate trinomial_elo(const MatchResults& results);
// Per-pair model: the same from the pairs' mean scores (0, 1/4, ..., 1), N = pairs
// (fastchess, fishtest). Games outside pairs are ignored.
[[nodiscard]] EloEstimate pentanomial_elo(const std::array<std::uint64_t, 5>& pairs);

// Likelihood of superiority: 0.5 (1 + erf((W - L) / sqrt(2 (W + L)))); 0.5 without decisive games.
[[nodiscard]] double likelihood_of_superiority(const MatchResults& results);
// Draws / games; 0 when there are no games.
[[nodiscard]] double draw_ratio(const MatchResults& results);

struct SprtParameters {
    double elo0 = 0;  // H0, logistic Elo
    double elo1 = 5;  // H1, logistic Elo
    double alpha = 0.05;
    double beta = 0.05;
};

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

struct SprtResult {
    double llr = 0;
    double lower = 0;  // ln(beta / (1 - alpha)): accept H0 at or below
    double upper = 0;  // ln((1 - beta) / alpha): accept H1 at or above
    SprtDecision decision = SprtDecision::Continue;
};

[[nodiscard]] double sprt_lower_bound(const SprtParameters& parameters);
[[nodiscard]] double sprt_upper_bound(const SprtParameters& parameters);
// Generalized SPRT log-likelihood ratio on the pentanomial counts (see stats.cpp).
// 0 while the pair scores have no variance (no pairs, one pair, or all pairs equal).
[[nodiscard]] double sprt_llr(const std::array<std::uint64_t, 5>& pairs, const SprtParameters& parameters);
[[nodiscard]] SprtResult sprt(const std::array<std::uint64_t, 5>& pairs, const SprtParameters& parameters);

// Chinese checkers (3 to 6 seats): places 1..n, tied finishers share the mean of the
// places they span (two tied for second in four: 2.5 each).
// From ranks where equal numbers mean a tie (lower is better; only the order matters),
// the averaged places in the same seat order: {1, 2, 2, 3} -> {1, 2.5, 2.5, 4}.
[[nodiscard]] std::vector<double> shared_places(std::span<const int> ranks);

struct SeatPlace {
    std::string engine;
    double place = 1;  // already averaged over ties
};

struct MultiPlayerRecord {
    std::uint64_t games = 0;
    double place_sum = 0;
    double score_sum = 0;  // sum of (n - place) / (n - 1)

    [[nodiscard]] double average_place() const;  // NaN before any game
    [[nodiscard]] double average_score() const;  // NaN before any game
};

class MultiPlayerTable {
public:
    // One finished game: every seat's engine and place. An engine may hold several
    // seats; each seat counts as one game for it. Fewer than two seats are ignored.
    void add_game(std::span<const SeatPlace> seats);
    [[nodiscard]] const std::map<std::string, MultiPlayerRecord>& records() const { return records_; }

private:
    std::map<std::string, MultiPlayerRecord> records_;
};

// "+35.2 +/- 20.1"; "+inf", "-inf" or "n/a" when not defined.
[[nodiscard]] std::string format_elo(const EloEstimate& estimate);
// "Games 100 W-D-L 60-20-20 score 70.0% Elo +147.2 +/- 30.1 LOS 100.0% draws 20.0%",
// with "ptnml Elo ..." added once there are pairs.
[[nodiscard]] std::string format_progress(const MatchResults& results);
// "LLR 1.23 (-2.94, 2.94) [0.00, 5.00]"
[[nodiscard]] std::string format_sprt(const SprtResult& result, const SprtParameters& parameters);

}  // namespace damier::match
