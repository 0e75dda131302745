// Hand-built rule tests for canadian draughts: international rules on 12x12.
//
// Squares 1..72 row by row from the top, six per row; even rows (0, 2, ...) start on
// the second column, odd rows on the first. White at the bottom (43-72), moving up.
#include <gtest/gtest.h>

#include "tests/draughts/test_helpers.hpp"

namespace damier::draughts {
namespace {

using R = Canadian;
using N = Notation<R>;
using testing::crowns;
using testing::legal_moves;
using testing::sorted;

TEST(CanadianRules, StartPosition) {
    EXPECT_EQ(N::hub_position(N::start()), "W" + std::string(30, 'b') + std::string(12, 'e') + std::string(30, 'w'));
    auto r = N::parse_fen("W:W43-72:B1-30");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(*r, N::start());
    // Men 43..48 (row 7, first column is 43) step to 37..42.
    EXPECT_EQ(legal_moves<R>("W:W43-72:B1-30"), sorted({"43-37", "44-37", "44-38", "45-38", "45-39", "46-39", "46-40",
                                                        "47-40", "47-41", "48-41", "48-42"}));
}

TEST(CanadianRules, CaptureIsMandatoryAndMenCaptureBackwards) {
    // Man 27 takes 33 behind it, landing on 38; its quiet steps (21, 22) are not allowed.
    EXPECT_EQ(legal_moves<R>("W:W27:B33"), sorted({"27x38x33"}));
}

TEST(CanadianRules, MaximumCapture) {
    // 27x22x11 (two men, ending on 5, crowned) beats 27x33 (one man).
    EXPECT_EQ(legal_moves<R>("W:W27:B11,22,33"), sorted({"27x5x11x22"}));
    EXPECT_TRUE(crowns<R>("W:W27:B11,22,33", "27x5x11x22"));
    // Without 11 both single captures are legal.
    EXPECT_EQ(legal_moves<R>("W:W27:B22,33"), sorted({"27x16x22", "27x38x33"}));
}

TEST(CanadianRules, FlyingKingOnTheLongDiagonal) {
    // King 67 (bottom-left corner) takes 50 and lands anywhere up to 6.
    EXPECT_EQ(legal_moves<R>("W:WK67:B50"),
              sorted({"67x45x50", "67x39x50", "67x34x50", "67x28x50", "67x23x50", "67x17x50", "67x12x50", "67x6x50"}));
}

TEST(CanadianRules, ManPassingThroughCrowningRowStaysAMan) {
    // 14x9 lands on 3, then 3x10 lands on 16: not crowned.
    EXPECT_EQ(legal_moves<R>("W:W14:B9,10"), sorted({"14x16x9x10"}));
    EXPECT_FALSE(crowns<R>("W:W14:B9,10", "14x16x9x10"));
}

TEST(CanadianNotation, FenRoundTripAndErrors) {
    auto r = N::parse_fen("B:W43,K72:BK1,30");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(N::fen(*r), "B:W43,K72:BK1,30");
    for (const char* fen : {"W:W73:B1", "W:W1:B40", "W:W40:B67", "W:WK1-31:B"}) EXPECT_FALSE(N::parse_fen(fen).ok()) << fen;
    EXPECT_FALSE(N::parse_hub_position("W" + std::string(50, 'e')).ok());
}

}  // namespace
}  // namespace damier::draughts
