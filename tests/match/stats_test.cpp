// Match statistics against values worked out by hand (arithmetic in the comments) or
// by an independent expression written out in the test.
#include "tools/match/stats.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace m = damier::match;

namespace {

constexpr double kZ = 1.959964;

double logistic_elo(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

m::MatchResults wdl(std::uint64_t wins, std::uint64_t draws, std::uint64_t losses) {
    m::MatchResults r;
    r.wins = wins;
    r.draws = draws;
    r.losses = losses;
    return r;
}

}  // namespace

TEST(MatchResults, PairsFillThePentanomialCellOfTheirScore) {
    m::MatchResults r;
    r.add_pair(m::Outcome::Win, m::Outcome::Draw);   // 1.5 -> cell 3
    r.add_pair(m::Outcome::Win, m::Outcome::Loss);   // 1 -> cell 2
    r.add_pair(m::Outcome::Draw, m::Outcome::Draw);  // 1 -> cell 2
    r.add_pair(m::Outcome::Loss, m::Outcome::Loss);  // 0 -> cell 0
    r.add_game(m::Outcome::Win);                     // unpaired
    EXPECT_EQ(r.pairs, (std::array<std::uint64_t, 5>{1, 0, 2, 1, 0}));
    EXPECT_EQ(r.pair_count(), 4u);
    EXPECT_EQ(r.wins, 3u);
    EXPECT_EQ(r.draws, 3u);
    EXPECT_EQ(r.losses, 3u);
    EXPECT_EQ(r.games(), 9u);
    EXPECT_DOUBLE_EQ(r.score(), 0.5);  // (3 + 3/2) / 9
}

TEST(Elo, SixtyPercentIsSeventyElo) {
    // -400 log10(1/0.6 - 1) = -400 log10(2/3) = 70.4365
    EXPECT_NEAR(m::elo_from_score(0.6), 70.4365, 1e-4);
    EXPECT_DOUBLE_EQ(m::elo_from_score(0.5), 0.0);
    EXPECT_NEAR(m::elo_from_score(0.4), -70.4365, 1e-4);
    EXPECT_NEAR(m::score_from_elo(70.4365036), 0.6, 1e-9);
    // 1 / (1 + 10^(-5/400)) = 0.507195
    EXPECT_NEAR(m::score_from_elo(5), 0.5071951, 1e-7);
    EXPECT_EQ(m::elo_from_score(1.0), INFINITY);
    EXPECT_EQ(m::elo_from_score(0.0), -INFINITY);
}

TEST(Elo, TrinomialIntervalFromTheVarianceOfGames) {
    // W=60 D=20 L=20, N=100: s = (60 + 10) / 100 = 0.7.
    // var = 0.6 (1 - 0.7)^2 + 0.2 (0.5 - 0.7)^2 + 0.2 (0 - 0.7)^2 = 0.054 + 0.008 + 0.098 = 0.16
    // se = sqrt(0.16 / 100) = 0.04; score interval 0.7 -/+ 1.959964 * 0.04 = [0.6216014, 0.7783986]
    const auto e = m::trinomial_elo(wdl(60, 20, 20));
    ASSERT_TRUE(e.defined);
    EXPECT_NEAR(e.elo, logistic_elo(0.7), 1e-9);
    EXPECT_NEAR(e.elo, 147.1907, 1e-4);
    EXPECT_NEAR(e.lower, logistic_elo(0.7 - kZ * 0.04), 1e-9);
    EXPECT_NEAR(e.upper, logistic_elo(0.7 + kZ * 0.04), 1e-9);
    EXPECT_NEAR(e.lower, 86.2250, 1e-4);
    EXPECT_NEAR(e.upper, 218.2518, 1e-4);
    EXPECT_NEAR(e.margin, (218.2518 - 86.2250) / 2, 1e-4);  // 66.0134, the cutechess "+/-"
    EXPECT_EQ(m::format_elo(e), "+147.2 +/- 66.0");
}

TEST(Elo, PentanomialIntervalFromTheVarianceOfPairs) {
    // Pairs [2, 10, 20, 12, 6], N = 50, pair scores per game 0, 1/4, 1/2, 3/4, 1.
    // m = (10 * 0.25 + 20 * 0.5 + 12 * 0.75 + 6 * 1) / 50 = 27.5 / 50 = 0.55
    // var = (2 * 0.55^2 + 10 * 0.3^2 + 20 * 0.05^2 + 12 * 0.2^2 + 6 * 0.45^2) / 50
    //     = (0.605 + 0.9 + 0.05 + 0.48 + 1.215) / 50 = 3.25 / 50 = 0.065
    // se = sqrt(0.065 / 50) = sqrt(0.0013) = 0.0360555
    const double se = std::sqrt(0.0013);
    const auto e = m::pentanomial_elo({2, 10, 20, 12, 6});
    ASSERT_TRUE(e.defined);
    EXPECT_NEAR(e.elo, logistic_elo(0.55), 1e-9);  // 34.8601
    EXPECT_NEAR(e.elo, 34.8601, 1e-4);
    EXPECT_NEAR(e.lower, logistic_elo(0.55 - kZ * se), 1e-9);
    EXPECT_NEAR(e.upper, logistic_elo(0.55 + kZ * se), 1e-9);
    EXPECT_NEAR(e.lower, -14.3694, 1e-4);
    EXPECT_NEAR(e.upper, 85.5356, 1e-4);
    EXPECT_EQ(m::format_elo(e), "+34.9 +/- 50.0");
}

TEST(Elo, DegenerateResultsAreFlaggedNotCrashed) {
    const auto none = m::trinomial_elo(wdl(0, 0, 0));
    EXPECT_FALSE(none.defined);
    EXPECT_TRUE(std::isnan(none.elo));
    EXPECT_EQ(m::format_elo(none), "n/a");

    const auto all_wins = m::trinomial_elo(wdl(10, 0, 0));
    EXPECT_FALSE(all_wins.defined);
    EXPECT_EQ(all_wins.elo, INFINITY);
    EXPECT_EQ(m::format_elo(all_wins), "+inf");

    const auto all_losses = m::trinomial_elo(wdl(0, 0, 7));
    EXPECT_FALSE(all_losses.defined);
    EXPECT_EQ(all_losses.elo, -INFINITY);
    EXPECT_EQ(m::format_elo(all_losses), "-inf");

    EXPECT_FALSE(m::pentanomial_elo({0, 0, 0, 0, 0}).defined);
    EXPECT_TRUE(std::isnan(m::pentanomial_elo({0, 0, 0, 0, 0}).elo));
    EXPECT_EQ(m::pentanomial_elo({0, 0, 0, 0, 3}).elo, INFINITY);

    // All draws: defined at 0 Elo with no spread.
    const auto draws = m::trinomial_elo(wdl(0, 5, 0));
    ASSERT_TRUE(draws.defined);
    EXPECT_DOUBLE_EQ(draws.elo, 0.0);
    EXPECT_DOUBLE_EQ(draws.margin, 0.0);

    // One win, one draw: s = 0.75, var = (0.25^2 + 0.25^2) / 2 = 0.0625, se = 0.1768:
    // the upper score bound 1.0965 leaves (0, 1), so the upper bound is +inf.
    const auto tiny = m::trinomial_elo(wdl(1, 1, 0));
    ASSERT_TRUE(tiny.defined);
    EXPECT_NEAR(tiny.elo, logistic_elo(0.75), 1e-9);
    EXPECT_EQ(tiny.upper, INFINITY);
}

TEST(Los, SixtyWinsFortyLosses) {
    // 0.5 (1 + erf(20 / sqrt(200))) = 0.5 (1 + erf(1.41421)) = 0.97725
    EXPECT_NEAR(m::likelihood_of_superiority(wdl(60, 17, 40)), 0.5 * (1 + std::erf(20 / std::sqrt(200.0))), 1e-12);
    EXPECT_NEAR(m::likelihood_of_superiority(wdl(60, 17, 40)), 0.97725, 1e-5);
    EXPECT_NEAR(m::likelihood_of_superiority(wdl(40, 0, 60)), 1 - 0.97725, 1e-5);
    EXPECT_DOUBLE_EQ(m::likelihood_of_superiority(wdl(5, 5, 5)), 0.5);
    EXPECT_DOUBLE_EQ(m::likelihood_of_superiority(wdl(0, 9, 0)), 0.5);
    EXPECT_DOUBLE_EQ(m::likelihood_of_superiority(wdl(0, 0, 0)), 0.5);
}

TEST(DrawRatio, DrawsOverGames) {
    EXPECT_DOUBLE_EQ(m::draw_ratio(wdl(60, 20, 20)), 0.2);
    EXPECT_DOUBLE_EQ(m::draw_ratio(wdl(0, 0, 0)), 0.0);
}

TEST(Sprt, BoundsForFivePercentErrors) {
    // ln(0.05 / 0.95) = -ln 19 = -2.944439
    const m::SprtParameters p{0, 5, 0.05, 0.05};
    EXPECT_NEAR(m::sprt_lower_bound(p), -std::log(19.0), 1e-12);
    EXPECT_NEAR(m::sprt_upper_bound(p), std::log(19.0), 1e-12);
    EXPECT_NEAR(m::sprt_upper_bound(p), 2.944439, 1e-6);
    // alpha 0.05, beta 0.10: ln(0.1 / 0.95) = -2.2513, ln(0.9 / 0.05) = ln 18 = 2.8904
    const m::SprtParameters q{0, 5, 0.05, 0.10};
    EXPECT_NEAR(m::sprt_lower_bound(q), -2.251292, 1e-6);
    EXPECT_NEAR(m::sprt_upper_bound(q), 2.890372, 1e-6);
}

TEST(Sprt, LogLikelihoodRatioOfPentanomialCounts) {
    // [2, 10, 20, 12, 6]: N = 50, m = 0.55, var = 0.065 (see the pentanomial Elo test).
    // s0 = 1 / (1 + 10^0) = 0.5, s1 = 1 / (1 + 10^(-5/400)) = 0.5071951
    // fishtest: LLR = N (s1 - s0) (2m - s0 - s1) / (2 var) = 50 * 0.0071951 * 0.0928049 / 0.13 = 0.25682.
    // With the pseudo-pair (weight 1/51, mean 0.5): pseudo mean 0.549020,
    // v = (50 (0.065 + 0.000980^2) + 0.125 + 0.049020^2) / 51 = 0.066225, LLR 0.252074.
    const double s0 = 0.5;
    const double s1 = 1.0 / (1.0 + std::pow(10.0, -5.0 / 400.0));
    const double fishtest = 50 * (s1 - s0) * (2 * 0.55 - s0 - s1) / (2 * 0.065);
    EXPECT_NEAR(fishtest, 0.25682, 1e-5);
    const double pseudo_mean = (0.55 * 50 + 0.5) / 51;
    const double v = (50 * (0.065 + (0.55 - pseudo_mean) * (0.55 - pseudo_mean)) + 0.125 +
                      (0.5 - pseudo_mean) * (0.5 - pseudo_mean)) /
                     51;
    const m::SprtParameters p{0, 5, 0.05, 0.05};
    EXPECT_NEAR(m::sprt_llr({2, 10, 20, 12, 6}, p), 50 * (s1 - s0) * (2 * 0.55 - s0 - s1) / (2 * v), 1e-12);
    EXPECT_NEAR(m::sprt_llr({2, 10, 20, 12, 6}, p), 0.252074, 1e-6);
    // The pseudo-pair fades: a hundred times the counts give fishtest's LLR within 0.02%.
    EXPECT_NEAR(m::sprt_llr({200, 1000, 2000, 1200, 600}, p), 100 * fishtest, 100 * fishtest * 2e-4);

    // The approximation stays close to the GSPRT it approximates, N/2 ln(r0 / r1) with
    // r = E[(x - s)^2] (fishtest's LLR_alt): 0.24854 here.
    const std::vector<double> values{0, 0.25, 0.5, 0.75, 1}, counts{2, 10, 20, 12, 6};
    double r0 = 0, r1 = 0;
    for (std::size_t i = 0; i < 5; ++i) {
        r0 += counts[i] / 50 * (values[i] - s0) * (values[i] - s0);
        r1 += counts[i] / 50 * (values[i] - s1) * (values[i] - s1);
    }
    EXPECT_NEAR(m::sprt_llr({2, 10, 20, 12, 6}, p), 25 * std::log(r0 / r1), 0.01);

    // Mirrored counts: m = 0.45, the same v; LLR = 50 * 0.0071951 * (0.9 - 1.0071951) / (2 v).
    EXPECT_NEAR(m::sprt_llr({6, 12, 20, 10, 2}, p), 50 * (s1 - s0) * (0.9 - s0 - s1) / (2 * v), 1e-12);
    EXPECT_NEAR(m::sprt_llr({6, 12, 20, 10, 2}, p), -0.291160, 1e-6);
}

// A draughts SPRT at 86% draws: 15 pairs, 14 of them drawn twice and one lost by a
// game. The pairs' own spread (v = 0.0039) gave LLR -3.44 for [0, 20], an H0 after
// 31 games; with the pseudo-pair it is -1.17, and the test goes on.
TEST(Sprt, FewPairsAtAHighDrawRateDoNotDecide) {
    const m::SprtParameters p{0, 20, 0.05, 0.05};
    EXPECT_NEAR(m::sprt_llr({0, 1, 14, 0, 0}, p), -1.17, 0.01);
    EXPECT_EQ(m::sprt({0, 1, 14, 0, 0}, p).decision, m::SprtDecision::Continue);
    // Ten times the pairs are evidence enough.
    EXPECT_EQ(m::sprt({0, 10, 140, 0, 0}, p).decision, m::SprtDecision::AcceptH0);
}

TEST(Sprt, DecisionsAtTheBounds) {
    const m::SprtParameters p{0, 5, 0.05, 0.05};
    EXPECT_EQ(m::sprt({2, 10, 20, 12, 6}, p).decision, m::SprtDecision::Continue);
    // A hundred times the counts: LLR 25.68 >= 2.94, and -29.66 <= -2.94.
    EXPECT_EQ(m::sprt({200, 1000, 2000, 1200, 600}, p).decision, m::SprtDecision::AcceptH1);
    EXPECT_EQ(m::sprt({600, 1200, 2000, 1000, 200}, p).decision, m::SprtDecision::AcceptH0);

    // Errors chosen so that a bound sits a hair either side of the LLR:
    // upper = ln(0.95 / alpha) = llr (1 -/+ 1e-9) for alpha = 0.95 exp(-llr (1 -/+ 1e-9)).
    const double up = m::sprt_llr({2, 10, 20, 12, 6}, p);
    EXPECT_EQ(m::sprt({2, 10, 20, 12, 6}, {0, 5, 0.95 * std::exp(-up * (1 - 1e-9)), 0.05}).decision,
              m::SprtDecision::AcceptH1);
    EXPECT_EQ(m::sprt({2, 10, 20, 12, 6}, {0, 5, 0.95 * std::exp(-up * (1 + 1e-9)), 0.05}).decision,
              m::SprtDecision::Continue);
    // lower = ln(beta / 0.95) = llr (1 -/+ 1e-9) for beta = 0.95 exp(llr (1 -/+ 1e-9)), llr < 0.
    const double down = m::sprt_llr({6, 12, 20, 10, 2}, p);
    EXPECT_EQ(m::sprt({6, 12, 20, 10, 2}, {0, 5, 0.05, 0.95 * std::exp(down * (1 - 1e-9))}).decision,
              m::SprtDecision::AcceptH0);
    EXPECT_EQ(m::sprt({6, 12, 20, 10, 2}, {0, 5, 0.05, 0.95 * std::exp(down * (1 + 1e-9))}).decision,
              m::SprtDecision::Continue);
}

TEST(Sprt, IdenticalPairsTakeTheirSpreadFromOnePseudoPair) {
    const m::SprtParameters p{0, 5, 0.05, 0.05};
    EXPECT_EQ(m::sprt_llr({0, 0, 0, 0, 0}, p), 0.0);
    // One won pair: the counts plus a fifth of a pair in each cell, weight 2:
    // mean 0.75, v = (1.2 * 0.25^2 + 0.2 * (0.75^2 + 0.5^2 + 0.25^2)) / 2 = 0.125,
    // LLR = 1 * 0.0071951 * (2 - 1.0071951) / 0.25 = 0.028573 (the real mean, 1, in the formula).
    EXPECT_NEAR(m::sprt_llr({0, 0, 0, 0, 1}, p), 0.028573, 1e-6);
    EXPECT_NEAR(m::sprt_llr({1, 0, 0, 0, 0}, p), -0.028987, 1e-6);
    // A one-sided match decides, and not at once: H1 after 17 won pairs, H0 after 17 lost.
    auto first_decisive = [&](std::size_t cell) {
        for (std::uint64_t n = 1; n < 1000; ++n) {
            std::array<std::uint64_t, 5> pairs{};
            pairs[cell] = n;
            if (m::sprt(pairs, p).decision != m::SprtDecision::Continue) return n;
        }
        return std::uint64_t{0};
    };
    EXPECT_EQ(first_decisive(4), 17u);
    EXPECT_EQ(m::sprt({0, 0, 0, 0, 17}, p).decision, m::SprtDecision::AcceptH1);
    EXPECT_EQ(first_decisive(0), 17u);
    EXPECT_EQ(m::sprt({17, 0, 0, 0, 0}, p).decision, m::SprtDecision::AcceptH0);
    // Only draws: no sign of the gain H1 asks for, so slowly towards H0.
    EXPECT_LT(m::sprt_llr({0, 0, 50, 0, 0}, p), 0.0);
    EXPECT_EQ(m::sprt({0, 0, 400, 0, 0}, p).decision, m::SprtDecision::AcceptH0);
    // Two different pairs: [0, 0, 0, 1, 1], m = 0.875, var = 0.125^2 = 0.015625, with the
    // pseudo-pair mean 0.75 and v = (2 (0.015625 + 0.125^2) + 0.1875) / 3 = 0.083333:
    // LLR = 2 * 0.0071951 * (1.75 - 1.0071951) / 0.166667 = 0.064134
    EXPECT_NEAR(m::sprt_llr({0, 0, 0, 1, 1}, p), 0.064134, 1e-5);
}

TEST(Format, SprtAndProgressLines) {
    const m::SprtParameters p{0, 5, 0.05, 0.05};
    const auto r = m::sprt({2, 10, 20, 12, 6}, p);
    EXPECT_EQ(m::format_sprt(r, p), "LLR 0.25 (-2.94, 2.94) [0.00, 5.00]");
    EXPECT_EQ(m::format_elo({-12.34, -20, -4, 8.04, true}), "-12.3 +/- 8.0");
    // LOS 0.5 (1 + erf(40 / sqrt(160))) = 0.999992 -> 100.0%
    EXPECT_EQ(m::format_progress(wdl(60, 20, 20)),
              "Games 100 W-D-L 60-20-20 score 70.0% Elo +147.2 +/- 66.0 LOS 100.0% draws 20.0%");
    m::MatchResults paired;
    paired.add_pair(m::Outcome::Win, m::Outcome::Draw);
    paired.add_pair(m::Outcome::Draw, m::Outcome::Draw);
    // 1 win, 3 draws: score 62.5%, LOS 0.5 (1 + erf(1 / sqrt 2)) = 84.1%; pairs [0,0,1,1,0].
    EXPECT_EQ(m::format_progress(paired).substr(0, 25), "Games 4 W-D-L 1-3-0 score");
    EXPECT_NE(m::format_progress(paired).find("LOS 84.1% draws 75.0% ptnml Elo +88.7 +/- "), std::string::npos);
    EXPECT_EQ(m::format_progress(wdl(0, 0, 0)),
              "Games 0 W-D-L 0-0-0 score 50.0% Elo n/a LOS 50.0% draws 0.0%");
}

TEST(MultiPlayer, SharedPlacesAreAveraged) {
    const std::vector<int> two_tied{1, 2, 2, 3};
    EXPECT_EQ(m::shared_places(two_tied), (std::vector<double>{1, 2.5, 2.5, 4}));
    const std::vector<int> all_tied{7, 7, 7};
    EXPECT_EQ(m::shared_places(all_tied), (std::vector<double>{2, 2, 2}));
    const std::vector<int> shuffled{3, 1, 2, 1, 9, 9};  // places 4, 1.5, 3, 1.5, 5.5, 5.5
    EXPECT_EQ(m::shared_places(shuffled), (std::vector<double>{4, 1.5, 3, 1.5, 5.5, 5.5}));
}

TEST(MultiPlayer, AveragePlaceAndScorePerEngine) {
    m::MultiPlayerTable table;
    // Four seats: A 1, B 2.5, C 2.5, D 4; scores (4 - place) / 3 = 1, 0.5, 0.5, 0.
    const std::vector<m::SeatPlace> four{{"A", 1}, {"B", 2.5}, {"C", 2.5}, {"D", 4}};
    table.add_game(four);
    // Three seats: B 1, A 2.5, C 2.5 ... A and C tied; scores (3 - place) / 2 = 1, 0.25, 0.25.
    const std::vector<m::SeatPlace> three{{"B", 1}, {"A", 2.5}, {"C", 2.5}};
    table.add_game(three);
    // Three seats, A holding two: A 1, A 2, B 3; scores 1, 0.5, 0.
    const std::vector<m::SeatPlace> doubled{{"A", 1}, {"A", 2}, {"B", 3}};
    table.add_game(doubled);
    table.add_game(std::span<const m::SeatPlace>{});  // ignored

    const auto& r = table.records();
    ASSERT_EQ(r.size(), 4u);
    // A: places 1, 2.5, 1, 2 -> 6.5 / 4 = 1.625; scores 1, 0.25, 1, 0.5 -> 2.75 / 4 = 0.6875
    EXPECT_EQ(r.at("A").games, 4u);
    EXPECT_DOUBLE_EQ(r.at("A").average_place(), 1.625);
    EXPECT_DOUBLE_EQ(r.at("A").average_score(), 0.6875);
    // B: places 2.5, 1, 3 -> 6.5 / 3; scores 0.5, 1, 0 -> 1.5 / 3 = 0.5
    EXPECT_DOUBLE_EQ(r.at("B").average_place(), 6.5 / 3);
    EXPECT_DOUBLE_EQ(r.at("B").average_score(), 0.5);
    // C: places 2.5, 2.5 -> 2.5; scores 0.5, 0.25 -> 0.375
    EXPECT_DOUBLE_EQ(r.at("C").average_place(), 2.5);
    EXPECT_DOUBLE_EQ(r.at("C").average_score(), 0.375);
    // D: one game, last of four.
    EXPECT_DOUBLE_EQ(r.at("D").average_place(), 4.0);
    EXPECT_DOUBLE_EQ(r.at("D").average_score(), 0.0);
    EXPECT_TRUE(std::isnan(m::MultiPlayerRecord{}.average_place()));
}
