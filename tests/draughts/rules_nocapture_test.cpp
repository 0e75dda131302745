// Hand-built rule tests for the `nocapture` house rule (seed 003) on the 8x8 rule
// sets: capturing is optional, but when a player captures, the rule set's own
// choice rule still applies among the captures.
#include <gtest/gtest.h>

#include "engine/draughts/variant_list.hpp"
#include "tests/draughts/test_helpers.hpp"

namespace damier::draughts {
namespace {

using testing::legal_moves;
using testing::sorted;

TEST(NoCaptureRules, QuietMovesBesideCaptures) {
    // Brazilian squares: c3=22, d4=18, e5=15, b4=17, h2=28, g3=24.
    EXPECT_EQ(legal_moves<OptionalCapture<Brazilian>>("W:Wc3,h2:Bd4"), sorted({"22x15x18", "22-17", "28-24"}));
    // The parent keeps the capture mandatory.
    EXPECT_EQ(legal_moves<Brazilian>("W:Wc3,h2:Bd4"), sorted({"22x15x18"}));
    // American: 22x15 or any quiet move of 22 and 32.
    EXPECT_EQ(legal_moves<OptionalCapture<American>>("W:W22,32:B18"), sorted({"22x15x18", "22-17", "32-27", "32-28"}));
}

TEST(NoCaptureRules, MaximumCaptureStillAppliesAmongCaptures) {
    // Brazilian: c3xg7 (two) is allowed, h2xf4 (one) is not; quiet c3-b4 is allowed.
    EXPECT_EQ(legal_moves<OptionalCapture<Brazilian>>("W:Wc3,h2:Bd4,f6,g3"), sorted({"22x8x11x18", "22-17"}));
}

TEST(NoCaptureRules, FreeChoiceStaysFree) {
    // Russian: both captures and the quiet move.
    EXPECT_EQ(legal_moves<OptionalCapture<Russian>>("W:Wc3,h2:Bd4,f6,g3"),
              sorted({"22x8x11x18", "28x19x24", "22-17"}));
}

TEST(NoCaptureRules, CzechKingFirstStillApplies) {
    // Only the king's capture h8xe5 among the captures; quiet c3-b4 and h8-g7 too.
    EXPECT_EQ(legal_moves<OptionalCapture<Czech>>("W:Wc3,Kh8:Bd4,f6"), sorted({"4x15x11", "22-17", "4-8"}));
}

TEST(NoCaptureRules, SpanishKingsStillCount) {
    // Spanish numbering: 9x27 (man + king) beats 11x27 (two men); 11-14 is a quiet move.
    EXPECT_EQ(legal_moves<OptionalCapture<Spanish>>("W:W9,11:B13,K22,15,23"), sorted({"9x27x13x22", "11-14"}));
}

TEST(NoCaptureRules, ItalianPrecedenceStillApplies) {
    // Italian numbering: the king must be the one to capture (22x13), 27x20 is out; the
    // quiet king moves 22-19 and 22-26 are allowed (27 has none: 22 and 23 are occupied).
    EXPECT_EQ(legal_moves<OptionalCapture<Italian>>("W:W27,K22:B23,18"), sorted({"22x13x18", "22-19", "22-26"}));
}

TEST(NoCaptureRules, OnlyForEightByEight) {
    bool called = false;
    auto f = [&]<class R>() { called = true; };
    EXPECT_FALSE(with_variant("international", true, f).empty());
    EXPECT_FALSE(with_variant("canadian", true, f).empty());
    EXPECT_FALSE(called);
    bool optional = false;
    EXPECT_TRUE(with_variant("russian", true, [&]<class R>() { optional = !R::capture_mandatory; }).empty());
    EXPECT_TRUE(optional);
}

}  // namespace
}  // namespace damier::draughts
