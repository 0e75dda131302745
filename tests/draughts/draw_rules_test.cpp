// Hand-built tests of the end-of-game rules with Game<R>: threefold repetition, the
// no-progress move counts of each rule set, the FMJD lone-king endings, and "a side
// without a legal move loses".
//
// The long quiet sequences below are king walks chosen so that no position occurs
// twice and no capture ever becomes possible; the expected outcome (ongoing until the
// last ply, then a draw) follows from the rule page's move counts.
#include <gtest/gtest.h>

#include "tests/draughts/test_helpers.hpp"

namespace damier::draughts {
namespace {

using testing::play_all;
using testing::position;

// Plays `moves` one at a time; the game must stay undecided until the last one, after
// which it must be drawn with a reason mentioning `reason`.
template <class R>
void expect_draw_exactly_after(const std::string& fen, const std::vector<std::string>& moves,
                               const std::string& reason) {
    Game<R> g(position<R>(fen));
    for (std::size_t i = 0; i < moves.size(); ++i) {
        ASSERT_EQ(g.result().outcome, Outcome::Ongoing)
            << "decided (" << g.result().reason << ") after " << i << " plies, in " << Notation<R>::fen(g.position());
        play_all(g, {moves[i]});
        if (::testing::Test::HasFailure()) return;
    }
    EXPECT_EQ(g.ply(), static_cast<int>(moves.size()));
    EXPECT_EQ(g.repetitions(), 1);
    auto r = g.result();
    EXPECT_EQ(r.outcome, Outcome::Draw) << r.reason;
    EXPECT_NE(r.reason.find(reason), std::string::npos) << r.reason;
    // One ply back, the game is still on.
    g.undo();
    EXPECT_EQ(g.result().outcome, Outcome::Ongoing) << g.result().reason;
}

// ---- threefold repetition ------------------------------------------------------

TEST(DrawRules, InternationalThreefoldRepetition) {
    Game<International> g(position<International>("W:WK46,50:BK1,5"));
    play_all(g, {"46-41", "1-6", "41-46", "6-1"});
    EXPECT_EQ(g.repetitions(), 2);
    EXPECT_EQ(g.result().outcome, Outcome::Ongoing);
    play_all(g, {"46-41", "1-6", "41-46"});
    EXPECT_EQ(g.repetitions(), 2);  // white on 46, black king on 6, black to move: second time
    EXPECT_EQ(g.result().outcome, Outcome::Ongoing);
    play_all(g, {"6-1"});
    EXPECT_EQ(g.repetitions(), 3);
    auto r = g.result();
    EXPECT_EQ(r.outcome, Outcome::Draw);
    EXPECT_NE(r.reason.find("repetition"), std::string::npos) << r.reason;
    g.undo();
    EXPECT_EQ(g.repetitions(), 2);
    EXPECT_EQ(g.result().outcome, Outcome::Ongoing);
}

TEST(DrawRules, RepetitionNeedsTheSameSideToMove) {
    // The same piece placement with the other side to move is another position.
    Game<International> g(position<International>("W:WK46,50:BK1,5"));
    // White goes round 46-41-37-46 (three moves), black 1-6-1 (two).
    play_all(g, {"46-41", "1-6", "41-37", "6-1", "37-46"});
    // The start placement again, but with black to move: a first occurrence.
    EXPECT_EQ(g.repetitions(), 1);
    EXPECT_EQ(g.result().outcome, Outcome::Ongoing);
}

TEST(DrawRules, AmericanThreefoldRepetition) {
    Game<American> g(position<American>("B:WK30:BK3"));
    play_all(g, {"3-7", "30-26", "7-3", "26-30", "3-7", "30-26", "7-3", "26-30"});
    EXPECT_EQ(g.repetitions(), 3);
    EXPECT_EQ(g.result().outcome, Outcome::Draw);
}

// ---- no-progress counters -------------------------------------------------------

TEST(DrawRules, InternationalTwentyFiveKingMovesEach) {
    expect_draw_exactly_after<International>(
        "W:WK46,50:BK1,5",
        {"46-37", "1-40",  "37-19", "40-29", "19-14", "29-33", "14-37", "33-29", "37-41", "29-42",
         "41-23", "42-47", "23-14", "47-24", "14-41", "24-13", "41-28", "13-2",  "28-44", "2-24",
         "44-49", "24-29", "49-35", "29-47", "35-8",  "47-15", "8-30",  "15-10", "30-2",  "10-23",
         "2-30",  "23-12", "30-24", "12-40", "24-42", "40-45", "42-37", "45-12", "37-32", "12-7",
         "32-19", "7-12",  "19-13", "12-21", "13-22", "21-8",  "22-4",  "8-26",  "4-18",  "26-48"},
        "25 moves");
}

TEST(DrawRules, InternationalCounterResetByManMoveAndCapture) {
    Game<International> g(position<International>("W:WK46,50:BK1,5"));
    play_all(g, {"46-41", "1-6"});
    EXPECT_EQ(g.quiet_plies(), 2);
    play_all(g, {"50-44"});  // a man move
    EXPECT_EQ(g.quiet_plies(), 0);
    play_all(g, {"6x50x44"});  // black king takes 44 from afar (the only legal move)
    EXPECT_EQ(g.quiet_plies(), 0);
    play_all(g, {"41-46"});
    EXPECT_EQ(g.quiet_plies(), 1);
}

TEST(DrawRules, UndoRestoresCounters) {
    Game<International> g(position<International>("W:WK46,50:BK1,5"));
    play_all(g, {"46-41", "1-6", "50-44"});
    EXPECT_EQ(g.quiet_plies(), 0);
    g.undo();
    EXPECT_EQ(g.quiet_plies(), 2);
    EXPECT_EQ(g.ply(), 2);
    g.undo();
    g.undo();
    EXPECT_EQ(g.ply(), 0);
    EXPECT_EQ(g.position(), position<International>("W:WK46,50:BK1,5"));
    g.undo();  // nothing left to undo
    EXPECT_EQ(g.ply(), 0);
}

TEST(DrawRules, RussianFifteenKingMovesEach) {
    expect_draw_exactly_after<Russian>(
        "W:WKc1:BKf8",
        {"30-21", "3-12", "21-14", "12-8",  "14-17", "8-25",  "17-3",  "25-21", "3-12",  "21-10",
         "12-30", "10-6", "30-26", "6-2",   "26-30", "2-9",   "30-16", "9-14",  "16-19", "14-27",
         "19-26", "27-5", "26-22", "5-1",   "22-25", "1-5",   "25-15", "5-32",  "15-22", "32-23"},
        "15 moves");
}

TEST(DrawRules, AmericanFortyMovesEach) {
    expect_draw_exactly_after<American>(
        "W:WK30:BK3",
        {"30-26", "3-8",   "26-31", "8-11",  "31-27", "11-7",  "27-31", "7-2",   "31-27", "2-6",
         "27-24", "6-2",   "24-20", "2-7",   "20-16", "7-10",  "16-12", "10-6",  "12-16", "6-2",
         "16-12", "2-7",   "12-8",  "7-10",  "8-11",  "10-6",  "11-15", "6-1",   "15-18", "1-6",
         "18-14", "6-2",   "14-17", "2-7",   "17-22", "7-10",  "22-17", "10-6",  "17-21", "6-2",
         "21-25", "2-6",   "25-30", "6-9",   "30-25", "9-14",  "25-29", "14-17", "29-25", "17-21",
         "25-30", "21-17", "30-26", "17-14", "26-31", "14-18", "31-27", "18-14", "27-23", "14-10",
         "23-27", "10-15", "27-32", "15-10", "32-28", "10-6",  "28-32", "6-9",   "32-27", "9-13",
         "27-24", "13-17", "24-19", "17-22", "19-24", "22-18", "24-28", "18-14", "28-32", "14-17"},
        "40 moves");
}

TEST(DrawRules, AmericanManMoveResetsCounter) {
    Game<American> g(position<American>("W:WK30,22:BK3"));
    play_all(g, {"30-26", "3-8"});
    EXPECT_EQ(g.quiet_plies(), 2);
    play_all(g, {"22-18"});
    EXPECT_EQ(g.quiet_plies(), 0);
}

TEST(DrawRules, ItalianFortyMovesEach) {
    expect_draw_exactly_after<Italian>(
        "W:WK30:BK3",
        {"30-27", "3-7",   "27-31", "7-11",  "31-28", "11-6",  "28-31", "6-2",   "31-28", "2-5",
         "28-24", "5-2",   "24-20", "2-6",   "20-15", "6-2",   "15-11", "2-5",   "11-15", "5-1",
         "15-20", "1-5",   "20-16", "5-1",   "16-12", "1-5",   "12-7",  "5-2",   "7-12",  "2-6",
         "12-16", "6-10",  "16-12", "10-14", "12-7",  "14-10", "7-4",   "10-14", "4-8",   "14-11",
         "8-4",   "11-6",  "4-8",   "6-2",   "8-4",   "2-5",   "4-8",   "5-9",   "8-4",   "9-13",
         "4-8",   "13-18", "8-12",  "18-21", "12-15", "21-18", "15-11", "18-13", "11-14", "13-17",
         "14-19", "17-13", "19-22", "13-9",  "22-19", "9-5",   "19-22", "5-1",   "22-18", "1-5",
         "18-13", "5-1",   "13-17", "1-5",   "17-21", "5-2",   "21-25", "2-5",   "25-29", "5-1"},
        "40 moves");
}

TEST(DrawRules, CzechFortyMovesEach) {
    expect_draw_exactly_after<Czech>(
        "W:WKc1,a3:BKf8,h6",
        {"30-23", "3-10",  "23-26", "10-3",  "26-31", "3-14",  "31-13", "14-23", "13-2",  "23-18",
         "2-6",   "18-4",  "6-10",  "4-29",  "10-3",  "29-8",  "3-17",  "8-11",  "17-3",  "11-16",
         "3-17",  "16-20", "17-10", "20-11", "10-19", "11-18", "19-10", "18-4",  "10-6",  "4-11",
         "6-2",   "11-22", "2-9",   "22-13", "9-14",  "13-31", "14-18", "31-13", "18-5",  "13-31",
         "5-23",  "31-22", "23-5",  "22-13", "5-18",  "13-26", "18-29", "26-23", "29-4",  "23-14",
         "4-8",   "14-7",  "8-3",   "7-2",   "3-14",  "2-16",  "14-9",  "16-20", "9-14",  "20-24",
         "14-9",  "24-1",  "9-2",   "1-19",  "2-16",  "19-15", "16-30", "15-10", "30-25", "10-3",
         "25-8",  "3-10",  "8-4",   "10-3",  "4-18",  "3-10",  "18-8",  "10-3",  "8-4",   "3-8"},
        "40 moves");
}

TEST(DrawRules, CzechManMoveDoesNotResetButPromotionDoes) {
    // Czech counts moves without capture or promotion: a plain man move goes on counting.
    Game<Czech> g(position<Czech>("W:Wa5,Kg1:BKh8"));
    play_all(g, {"32-28", "4-8", "13-9"});  // Kg1-h2, Kh8-g7, a5-b6
    EXPECT_EQ(g.quiet_plies(), 3);
    Game<Czech> h(position<Czech>("W:Wa7,Kg1:BKh8"));
    play_all(h, {"32-28", "4-8"});
    EXPECT_EQ(h.quiet_plies(), 2);
    play_all(h, {"5-1"});  // a7-b8 crowns
    EXPECT_EQ(h.quiet_plies(), 0);
    // Under the american-style count a man move resets (Russian counts king moves only).
    Game<Russian> r(position<Russian>("W:Wa5,Kg1:BKh8"));
    play_all(r, {"32-28", "4-8", "13-9"});
    EXPECT_EQ(r.quiet_plies(), 0);
}

TEST(DrawRules, SpanishFortyMovesEach) {
    expect_draw_exactly_after<Spanish>(
        "W:WK3,9:BK30,24",
        {"3-16",  "30-21", "16-30", "21-4",  "30-17", "4-25",  "17-26", "25-29", "26-21", "29-15",
         "21-14", "15-20", "14-32", "20-15", "32-28", "15-29", "28-1",  "29-15", "1-10",  "15-26",
         "10-3",  "26-21", "3-16",  "21-11", "16-3",  "11-4",  "3-13",  "4-25",  "13-10", "25-4",
         "10-23", "4-11",  "23-5",  "11-4",  "5-28",  "4-7",   "28-1",  "7-25",  "1-32",  "25-21",
         "32-1",  "21-7",  "1-5",   "7-12",  "5-2",   "12-29", "2-5",   "29-26", "5-32",  "26-29",
         "32-10", "29-12", "10-3",  "12-15", "3-16",  "15-26", "16-30", "26-17", "30-23", "17-3",
         "23-16", "3-17",  "16-27", "17-3",  "27-23", "3-12",  "23-32", "12-3",  "32-14", "3-6",
         "14-1",  "6-20",  "1-14",  "20-16", "14-10", "16-27", "10-32", "27-31", "32-14", "31-28"},
        "40 moves");
}

TEST(DrawRules, SpanishManMoveDoesNotReset) {
    // Spanish numbering: white man 9 steps to 13; white king 3, black king 30.
    Game<Spanish> g(position<Spanish>("W:WK3,9:BK30,24"));
    play_all(g, {"3-16", "30-21", "9-13"});
    EXPECT_EQ(g.quiet_plies(), 3);
}

// ---- FMJD lone-king endings -----------------------------------------------------

TEST(DrawRules, InternationalTwoPiecesAgainstLoneKingFiveMovesEach) {
    expect_draw_exactly_after<International>(
        "W:WK28,K47:BK5", {"28-39", "5-14", "47-33", "14-10", "33-42", "10-15", "42-26", "15-47", "26-17", "47-33"},
        "5 moves");
}

TEST(DrawRules, InternationalThreePiecesAgainstLoneKingSixteenMovesEach) {
    expect_draw_exactly_after<International>(
        "W:WK28,47,48:BK5",
        {"28-39", "5-19",  "39-22", "19-8",  "22-33", "8-21",  "33-44", "21-16", "44-40", "16-27",
         "40-44", "27-9",  "44-40", "9-22",  "40-1",  "22-50", "1-12",  "50-33", "12-18", "33-50",
         "18-27", "50-33", "27-9",  "33-28", "9-18",  "28-32", "18-45", "32-27", "45-34", "27-31",
         "34-39", "31-4"},
        "16 moves");
}

TEST(DrawRules, InternationalLoneKingCountRestartsAfterCapture) {
    // Three pieces (king 1, men 33 and 47) against king 50: the 16-move count runs.
    Game<International> g(position<International>("W:WK1,33,47:BK50"));
    EXPECT_EQ(Game<International>::endgame_limit(g.position()), 32);
    play_all(g, {"1-45"});
    EXPECT_EQ(g.endgame_plies(), 1);
    // Black takes 33 (landing 28, 22, 17, 11 or 6; king 45 sits on the edge and cannot
    // be taken): now two pieces against one, and the count starts again from zero.
    play_all(g, {"50x11x33"});
    EXPECT_EQ(g.endgame_plies(), 0);
    EXPECT_EQ(Game<International>::endgame_limit(g.position()), 10);
    const std::vector<std::string> walk = {"45-34", "11-28", "34-18", "28-14", "18-31",
                                           "14-28", "31-48", "28-22", "48-42", "22-13"};
    for (std::size_t i = 0; i < walk.size(); ++i) {
        ASSERT_EQ(g.result().outcome, Outcome::Ongoing) << g.result().reason << " after " << i << " plies";
        play_all(g, {walk[i]});
        if (HasFailure()) return;
    }
    EXPECT_EQ(g.endgame_plies(), 10);
    EXPECT_EQ(g.result().outcome, Outcome::Draw) << g.result().reason;
    EXPECT_NE(g.result().reason.find("5 moves"), std::string::npos) << g.result().reason;
}

TEST(DrawRules, NoLoneKingRuleWithoutAKing) {
    // Two men against a lone king are not a FMJD ending; nor is a king against men.
    EXPECT_EQ(Game<International>::endgame_limit(position<International>("W:W33,47:BK50")), 0);
    EXPECT_EQ(Game<International>::endgame_limit(position<International>("W:WK33:B1,2")), 0);
    EXPECT_EQ(Game<International>::endgame_limit(position<International>("W:WK33,34,35,36:BK1")), 0);
    EXPECT_EQ(Game<International>::endgame_limit(position<International>("W:WK33:BK1")), 10);
    EXPECT_EQ(Game<International>::endgame_limit(position<International>("B:WK1:BK33,40,41")), 32);
}

TEST(DrawRules, BrazilianTwoKingsAgainstLoneKing) {
    expect_draw_exactly_after<Brazilian>(
        "W:WKc1,Ke1:BKf8", {"31-27", "3-21", "27-20", "21-3", "20-2", "3-12", "2-7", "12-3", "7-20", "3-12"},
        "5 moves");
}

TEST(DrawRules, NoLoneKingRuleOutsideFmjdRuleSets) {
    // Russian: two kings against one are not drawn after 5 moves each.
    Game<Russian> g(position<Russian>("W:WKc1,Ke1:BKf8"));
    play_all(g, {"31-27", "3-21", "27-20", "21-3", "20-2", "3-12", "2-7", "12-3", "7-20", "3-12"});
    EXPECT_EQ(g.result().outcome, Outcome::Ongoing) << g.result().reason;
}

// ---- no legal move --------------------------------------------------------------

TEST(DrawRules, NoPiecesLoses) {
    Game<International> w(position<International>("W:W:B1"));
    EXPECT_EQ(w.result().outcome, Outcome::BlackWins);
    EXPECT_NE(w.result().reason.find("no legal move"), std::string::npos);
    Game<International> b(position<International>("B:W46:B"));
    EXPECT_EQ(b.result().outcome, Outcome::WhiteWins);
}

TEST(DrawRules, AllPiecesBlockedLoses) {
    // International: white 46 faces black 41 with 37 behind it.
    Game<International> i(position<International>("W:W46:B41,37"));
    EXPECT_EQ(i.result().outcome, Outcome::BlackWins);
    // American, black to move: black 25 faces white 29 and 30 on the last row.
    Game<American> a(position<American>("B:W29,30:B25"));
    EXPECT_EQ(a.result().outcome, Outcome::WhiteWins);
    // Russian: white a1 faces b2 with c3 behind it.
    Game<Russian> r(position<Russian>("W:Wa1:Bb2,c3"));
    EXPECT_EQ(r.result().outcome, Outcome::BlackWins);
    // Having a move is not losing.
    Game<Russian> s(position<Russian>("W:Wa1:Bb2"));
    EXPECT_EQ(s.result().outcome, Outcome::Ongoing);
}

TEST(DrawRules, CaptureToTheLastPieceWins) {
    Game<International> g(position<International>("W:W32:B28"));
    play_all(g, {"32x23x28"});
    EXPECT_EQ(g.result().outcome, Outcome::WhiteWins);
}

}  // namespace
}  // namespace damier::draughts
