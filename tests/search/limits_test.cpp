// The clock turned into time budgets.
#include <gtest/gtest.h>

#include "search/limits.hpp"

namespace damier::search {
namespace {

TEST(TimeBudget, AClockShorterThanTheOverheadStillBoundsTheSearch) {
    for (double time : {0.001, 0.01, 0.03, 0.05}) {
        Limits limits;
        limits.time = time;
        const auto b = TimeBudget::from(limits);
        EXPECT_GE(b.soft, 0.001) << time;
        EXPECT_GE(b.hard, b.soft) << time;
        EXPECT_LE(b.hard, std::max(0.001, time)) << time;
    }
}

TEST(TimeBudget, AClockSpendsAShareAndNeverHalfOfIt) {
    Limits limits;
    limits.time = 60;
    auto b = TimeBudget::from(limits);
    EXPECT_NEAR(b.soft, (60 - 0.03 * 30) / 30, 1e-9);
    EXPECT_NEAR(b.hard, 4 * b.soft, 1e-9);
    limits.increment = 1;
    EXPECT_GT(TimeBudget::from(limits).soft, b.soft);
    limits = {};
    limits.time = 1;
    limits.moves_to_go = 1;
    b = TimeBudget::from(limits);
    EXPECT_LE(b.hard, 0.9 * (1 - 0.03) + 1e-9);
    limits = {};
    limits.move_time = 0.5;
    b = TimeBudget::from(limits);
    EXPECT_TRUE(b.fixed);
    EXPECT_NEAR(b.hard, 0.475, 1e-9);  // 5% of 0.5 s kept back
    // A short move time is spent nearly whole: 5% of it kept back.
    limits.move_time = 0.1;
    EXPECT_NEAR(TimeBudget::from(limits).hard, 0.095, 1e-9);
    limits.infinite = true;
    EXPECT_EQ(TimeBudget::from(limits).hard, 0);
}

}  // namespace
}  // namespace damier::search
