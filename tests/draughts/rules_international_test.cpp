// Hand-built rule tests for international draughts (FMJD, 10x10).
//
// Board (white at the bottom, moving up), square numbers:
//      01  02  03  04  05
//    06  07  08  09  10
//      11  12  13  14  15
//    16  17  18  19  20
//      21  22  23  24  25
//    26  27  28  29  30
//      31  32  33  34  35
//    36  37  38  39  40
//      41  42  43  44  45
//    46  47  48  49  50
#include <gtest/gtest.h>

#include "tests/draughts/test_helpers.hpp"

namespace damier::draughts {
namespace {

using R = International;
using N = Notation<R>;
using testing::crowns;
using testing::legal_moves;
using testing::position;
using testing::sorted;

TEST(InternationalRules, CaptureIsMandatory) {
    // Man 32 can take 28 (landing 23); man 40 and man 32 also have quiet moves,
    // which are not allowed while a capture exists.
    EXPECT_EQ(legal_moves<R>("W:W32,40:B28"), sorted({"32x23x28"}));
}

TEST(InternationalRules, KingCaptureIsMandatoryToo) {
    // King 50 takes 44 (landing 39, 33, 28, 22, 17, 11 or 6); man 36 could move quietly.
    EXPECT_EQ(legal_moves<R>("W:W36,K50:B44"),
              sorted({"50x39x44", "50x33x44", "50x28x44", "50x22x44", "50x17x44", "50x11x44", "50x6x44"}));
}

TEST(InternationalRules, BlackCapturesToo) {
    // Black man 19 takes white 23 (landing 28); black men move down the board.
    EXPECT_EQ(legal_moves<R>("B:W23,45:B19,10"), sorted({"19x28x23"}));
}

TEST(InternationalRules, QuietMovesOfMen) {
    // White man 33 goes to 28 or 29; black man 18 goes to 22 or 23; no backward steps.
    EXPECT_EQ(legal_moves<R>("W:W33:B18"), sorted({"33-28", "33-29"}));
    EXPECT_EQ(legal_moves<R>("B:W33:B18"), sorted({"18-22", "18-23"}));
    // A man on the edge has a single step.
    EXPECT_EQ(legal_moves<R>("W:W36:B5"), sorted({"36-31"}));
}

TEST(InternationalRules, MenCaptureBackwards) {
    // White man 23 takes 28 behind it, landing on 32.
    EXPECT_EQ(legal_moves<R>("W:W23:B28"), sorted({"23x32x28"}));
    // Black man 28 takes 22 behind it (upwards), landing on 17.
    EXPECT_EQ(legal_moves<R>("B:W22:B28"), sorted({"28x17x22"}));
}

TEST(InternationalRules, MaximumCaptureMorePiecesWins) {
    // 32x28x19 (two men, ends on 14) against 37x31 (one man, ends on 26).
    EXPECT_EQ(legal_moves<R>("W:W32,37:B19,28,31"), sorted({"32x14x19x28"}));
}

TEST(InternationalRules, MaximumCaptureTwoMenBeatOneKing) {
    // A king counts as one piece: taking king 31 alone loses to taking men 28 and 19.
    EXPECT_EQ(legal_moves<R>("W:W32,37:B19,28,K31"), sorted({"32x14x19x28"}));
}

TEST(InternationalRules, MaximumCaptureKingIsNotWorthMore) {
    // King 31 + man 21 (37x26x17) against men 28 + 19 (32x23x14): two pieces each, both legal.
    EXPECT_EQ(legal_moves<R>("W:W32,37:B19,21,28,K31"), sorted({"32x14x19x28", "37x17x21x31"}));
}

TEST(InternationalRules, MaximumCaptureAppliesToKingAgainstMan) {
    // King 46 can take only 41 (landing 37, stopped by own man 32); man 32 takes 28 and 19.
    EXPECT_EQ(legal_moves<R>("W:W32,K46:B19,28,41"), sorted({"32x14x19x28"}));
}

TEST(InternationalRules, FlyingKingQuietMoves) {
    // King 28 on an otherwise empty board (black man 1 is off its diagonals).
    EXPECT_EQ(legal_moves<R>("W:WK28:B1"),
              sorted({"28-22", "28-17", "28-11", "28-6", "28-23", "28-19", "28-14", "28-10", "28-5", "28-32",
                      "28-37", "28-41", "28-46", "28-33", "28-39", "28-44", "28-50"}));
}

TEST(InternationalRules, FlyingKingQuietMovesStopAtPieces) {
    // King 28 with own man 39 and black man 17 two squares off (17 is followed by 11, empty,
    // so that would be a capture: put black 11 too so 17 cannot be taken).
    EXPECT_EQ(legal_moves<R>("W:WK28,39:B11,17"),
              sorted({"28-22", "28-23", "28-19", "28-14", "28-10", "28-5", "28-32", "28-37", "28-41", "28-46",
                      "28-33", "39-33", "39-34"}));
}

TEST(InternationalRules, FlyingKingCapturesFromAfarWithSeveralLandings) {
    // King 46 takes 32 at distance, and may land on any empty square beyond it.
    EXPECT_EQ(legal_moves<R>("W:WK46:B32"),
              sorted({"46x28x32", "46x23x32", "46x19x32", "46x14x32", "46x10x32", "46x5x32"}));
}

TEST(InternationalRules, FlyingKingCannotJumpTwoPiecesInARow) {
    // Black 32 and 28 stand next to each other on the king's diagonal: no capture.
    EXPECT_EQ(legal_moves<R>("W:WK46:B28,32"), sorted({"46-41", "46-37"}));
}

TEST(InternationalRules, ManEndingOnCrowningRowIsCrowned) {
    EXPECT_EQ(legal_moves<R>("W:W12:B8"), sorted({"12x3x8"}));
    EXPECT_TRUE(crowns<R>("W:W12:B8", "12x3x8"));
    auto p = position<R>("W:W12:B8");
    auto after = p.after(testing::find_move<R>(p, "12x3x8"));
    EXPECT_EQ(N::fen(after), "B:WK3:B");
    // A quiet step onto the last row crowns as well.
    EXPECT_TRUE(crowns<R>("W:W7:BK50", "7-1"));
    EXPECT_TRUE(crowns<R>("B:WK1:B44", "44-50"));
}

TEST(InternationalRules, ManPassingThroughCrowningRowStaysAMan) {
    // 12x8 lands on 3 (crowning row), then goes on as a man: 3x9 lands on 14.
    EXPECT_EQ(legal_moves<R>("W:W12:B8,9"), sorted({"12x14x8x9"}));
    EXPECT_FALSE(crowns<R>("W:W12:B8,9", "12x14x8x9"));
    auto p = position<R>("W:W12:B8,9");
    auto after = p.after(testing::find_move<R>(p, "12x14x8x9"));
    EXPECT_EQ(N::fen(after), "B:W14:B");
}

TEST(InternationalRules, TurkishStrikeCapturedPieceStillBlocks) {
    // King 46 takes 32 (lands 19), 13 (lands 8), 17 (lands 21 or 26). From 21 the way
    // down-right runs 27, then 32, which was taken but is still on the board: it blocks,
    // so 43 cannot be reached (it could if 32 were removed at once).
    EXPECT_EQ(legal_moves<R>("W:WK46:B13,17,32,43"), sorted({"46x21x13x17x32", "46x26x13x17x32"}));
}

TEST(InternationalRules, TurkishStrikeNoPieceJumpedTwice) {
    // Man 32 takes 28, 19, 20, 30, 29 round a loop and is back on 23, next to 28 again with
    // 32 empty behind it: 28 may not be jumped a second time. Both directions round the
    // loop give the same move.
    EXPECT_EQ(legal_moves<R>("W:W32:B19,20,28,29,30"), sorted({"32x23x19x20x28x29x30"}));
}

TEST(InternationalRules, SameCaptureByTwoPathsIsOneMove) {
    // Man 32 goes round 28, 18, 17, 27 (or the other way round) and is back on 32.
    EXPECT_EQ(legal_moves<R>("W:W32:B17,18,27,28"), sorted({"32x32x17x18x27x28"}));
}

TEST(InternationalRules, FlyingKingCrossesItsOwnSquare) {
    // King 28 takes 23, 13, 12, 22 round a ring (or the other way round: 22, 12, 13, 23)
    // and comes back over its own, now empty, square 28: it may stop on 28 or run on to
    // 33, 39, 44, 50 (or 32, 37, 41, 46 going round the other way).
    EXPECT_EQ(legal_moves<R>("W:WK28:B12,13,22,23"),
              sorted({"28x28x12x13x22x23", "28x33x12x13x22x23", "28x39x12x13x22x23", "28x44x12x13x22x23",
                      "28x50x12x13x22x23", "28x32x12x13x22x23", "28x37x12x13x22x23", "28x41x12x13x22x23",
                      "28x46x12x13x22x23"}));
}

TEST(InternationalRules, NoLegalMoveGivesEmptyList) {
    // White man 46 has only the step to 41, where a black man stands with 37 behind it
    // occupied: no capture, no move. And a side without pieces has no move.
    EXPECT_TRUE(legal_moves<R>("W:W46:B41,37").empty());
    EXPECT_TRUE(legal_moves<R>("W:W:B41").empty());
}

// ---- notation ----------------------------------------------------------------

TEST(InternationalNotation, StartPosition) {
    EXPECT_EQ(N::hub_position(N::start()), "W" + std::string(20, 'b') + std::string(10, 'e') + std::string(20, 'w'));
    auto r = N::parse_fen("W:W31-50:B1-20");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(*r, N::start());
    EXPECT_EQ(legal_moves<R>("W:W31-50:B1-20"),
              sorted({"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}));
}

TEST(InternationalNotation, FenRoundTrip) {
    for (const char* fen : {"W:W31,32,K45:B12,19", "B:WK1,50:B5,23,K46", "W:W:B1", "B:W45:B"}) {
        auto r = N::parse_fen(fen);
        ASSERT_TRUE(r.ok()) << fen << ": " << r.error();
        EXPECT_EQ(N::fen(*r), fen);
        auto again = N::parse_fen(N::fen(*r));
        ASSERT_TRUE(again.ok());
        EXPECT_EQ(*again, *r);
    }
}

TEST(InternationalNotation, FenRangesAndKings) {
    auto r = N::parse_fen("B:W31-33,K45:BK1-3,10");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->side, Color::Black);
    EXPECT_EQ(N::fen(*r), "B:W31,32,33,K45:BK1,K2,K3,10");
    // Hub string: square 1..3 black kings, 10 black man, 31-33 white men, 45 white king.
    std::string hub = "B" + std::string(50, 'e');
    hub[1] = hub[2] = hub[3] = 'B';
    hub[10] = 'b';
    hub[31] = hub[32] = hub[33] = 'w';
    hub[45] = 'W';
    EXPECT_EQ(N::hub_position(*r), hub);
    auto back = N::parse_hub_position(hub);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(*back, *r);
}

TEST(InternationalNotation, BadFenIsAnError) {
    for (const char* fen : {"", "garbage", "X:W31:B1", "W:W51:B1", "W:W0:B1", "W:W31,31:B1", "W:W31:B31",
                            "W:Wx:B1", "W:W3:B1",        // white man on its crowning row
                            "W:W31:B47",                  // black man on its crowning row
                            "W:W21-50:B",                 // too many pieces
                            "W:W31-52:B1", "W:W40-31:B1", "W:W31:B1:W32"}) {
        auto r = N::parse_fen(fen);
        EXPECT_FALSE(r.ok()) << "accepted bad FEN \"" << fen << "\"";
        if (!r.ok()) {
            EXPECT_FALSE(r.error().empty());
        }
    }
}

TEST(InternationalNotation, BadHubPositionIsAnError) {
    std::string good = "W" + std::string(20, 'b') + std::string(10, 'e') + std::string(20, 'w');
    ASSERT_TRUE(N::parse_hub_position(good).ok());
    std::vector<std::string> bad = {"", good.substr(0, 50), good + "e", "X" + good.substr(1)};
    std::string bad_char = good;
    bad_char[25] = 'x';
    bad.push_back(bad_char);
    std::string crowned_man = good;
    crowned_man[1] = 'w';  // white man on square 1
    bad.push_back(crowned_man);
    std::string too_many = "W" + std::string(21, 'W') + std::string(29, 'e');
    bad.push_back(too_many);
    for (const auto& s : bad) {
        auto r = N::parse_hub_position(s);
        EXPECT_FALSE(r.ok()) << "accepted bad position \"" << s << "\"";
        if (!r.ok()) {
            EXPECT_FALSE(r.error().empty());
        }
    }
}

TEST(InternationalNotation, ParseMoves) {
    auto p = position<R>("W:W32,40:B19,28");
    // Captured squares in any order, and the bare form when unambiguous.
    for (const char* text : {"32x14x19x28", "32x14x28x19", "32x14", "32:14"}) {
        auto m = N::parse_move(p, text);
        ASSERT_TRUE(m.ok()) << text << ": " << m.error();
        EXPECT_EQ(N::hub_move(*m), "32x14x19x28");
    }
    // PDN path form.
    auto path = N::parse_move(p, "32x23x14");
    ASSERT_TRUE(path.ok()) << path.error();
    EXPECT_EQ(N::hub_move(*path), "32x14x19x28");
    // Illegal (a quiet move while a capture is due, a partial capture, a wrong captured
    // set) and garbage.
    for (const char* text : {"40-34", "32x23", "32x14x19", "32x14x19x27", "32-14", "", "x", "32", "32-", "-32",
                             "abc", "32x99", "51-46", "32--28", "32x14x19x28x", "0-5"}) {
        auto m = N::parse_move(p, text);
        EXPECT_FALSE(m.ok()) << "accepted \"" << text << "\"";
        if (!m.ok()) {
            EXPECT_FALSE(m.error().empty());
        }
    }
    auto q = position<R>("W:W32,40:B1");
    auto quiet = N::parse_move(q, "32-28");
    ASSERT_TRUE(quiet.ok()) << quiet.error();
    EXPECT_EQ(N::hub_move(*quiet), "32-28");
    EXPECT_FALSE(N::parse_move(q, "32-22").ok());
    EXPECT_FALSE(N::parse_move(q, "32x28").ok());
}

TEST(InternationalNotation, PdnMoves) {
    auto p = position<R>("W:W32,40:B19,28");
    EXPECT_EQ(N::pdn_move(p, testing::find_move<R>(p, "32x14x19x28")), "32x14");
    auto q = position<R>("W:W32,40:B1");
    EXPECT_EQ(N::pdn_move(q, testing::find_move<R>(q, "32-28")), "32-28");
    // The ring capture from 28 back to 28 reads back from its PDN form.
    auto ring = position<R>("W:WK28:B12,13,22,23");
    auto m = N::parse_move(ring, "28x28x23x13x12x22");
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(N::hub_move(*m), "28x28x12x13x22x23");
    auto bare = N::parse_move(ring, "28x28");
    ASSERT_TRUE(bare.ok()) << bare.error();
    EXPECT_EQ(*bare, *m);
}

TEST(InternationalNotation, BareCaptureOfAFlyingKing) {
    // King 46 takes 32 and chooses its landing square: "46x5" names one move.
    auto p = position<R>("W:WK46:B32");
    auto m = N::parse_move(p, "46x5");
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(N::hub_move(*m), "46x5x32");
}

}  // namespace
}  // namespace damier::draughts
