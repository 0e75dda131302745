// Hand-made positions for every rule option and every Japanese (diamond) rule.
// Cells are the numbers 1..121 of the rules page; camps 1..6 (index 0..5 in code).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/halma/notation.hpp"
#include "engine/halma/perft.hpp"
#include "tests/halma/test_helpers.hpp"

namespace {

namespace h = damier::halma;
using damier::halma::testing::make_rules;
using damier::u128;


// A position string from explicit pieces ('1'..'6' men, 'A'..'F' kings, on cells
// 1..121); missing pieces of seated camps are parked on free cells of their own
// camp, then on free cells from 40 upwards.
std::string board(const h::Rules& rules, int side, const std::vector<std::pair<char, std::vector<int>>>& pieces) {
    std::string cells(121, 'e');
    for (const auto& [c, list] : pieces)
        for (int n : list) cells[static_cast<std::size_t>(n - 1)] = c;
    for (int i = 0; i < rules.seat_count(); ++i) {
        int camp = rules.seat(i);
        char man = static_cast<char>('1' + camp), king = static_cast<char>('A' + camp);
        bool has_king = cells.find(king) != std::string::npos;
        int missing = rules.pieces_per_player() - static_cast<int>(std::count(cells.begin(), cells.end(), man)) -
                      (has_king ? 1 : 0);
        std::vector<int> parking;
        for (u128 b = rules.home(camp); b;) parking.push_back(damier::pop_lowest(b));
        for (int n = 39; n < 121; ++n) parking.push_back(n);
        for (int cell : parking) {
            if (missing <= 0) break;
            if (cells[static_cast<std::size_t>(cell)] != 'e') continue;
            if (rules.diamond() && !has_king) {
                cells[static_cast<std::size_t>(cell)] = king;
                has_king = true;
            } else {
                cells[static_cast<std::size_t>(cell)] = man;
            }
            --missing;
        }
    }
    return std::string(1, static_cast<char>('0' + side)) + cells;
}

h::Position read(const h::Rules& rules, const std::string& text) {
    auto p = h::parse_position(rules, text);
    EXPECT_TRUE(p.ok()) << p.error();
    return p.ok() ? *p : h::start_position(rules);
}

// Moves from one cell (1-based numbers), as "to" numbers.
std::vector<int> targets(const h::Rules& rules, const h::Position& p, int from) {
    h::MoveList list;
    h::MoveGen::generate(rules, p, list);
    std::vector<int> out;
    for (const auto& m : list)
        if (!m.is_pass() && m.from == from - 1) out.push_back(m.to + 1);
    std::sort(out.begin(), out.end());
    return out;
}

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

h::Position play(const h::Rules& rules, const h::Position& p, const std::string& move) {
    auto m = h::parse_move(rules, p, move);
    EXPECT_TRUE(m.ok()) << move << ": " << m.error();
    return m.ok() ? h::play(rules, p, *m) : p;
}

double place(const h::Position& p, int camp) { return p.place2[camp - 1] / 2.0; }

}  // namespace

// ---- finishing and anti-blocking ------------------------------------------------

TEST(halma_rules, AntiBlockingOnFinishesWithABlockerInTheGoal) {
    for (bool anti_blocking : {true, false}) {
        auto rules = make_rules(2, h::Variant::Chinese, {{"anti-blocking", anti_blocking ? "true" : "false"}});
        // Camp 4's piece never left cell 1 of camp 1's goal; camp 1 fills the rest.
        auto text = board(rules, 1,
                          {{'1', {2, 3, 4, 5, 6, 7, 8, 9, 19, 61}},
                           {'4', {1, 112, 113, 114, 115, 116, 117, 118, 119, 120}}});
        auto p = read(rules, text);
        EXPECT_FALSE(p.over);
        EXPECT_EQ(p.finished, 0);
        auto after = play(rules, p, "19-10");
        if (anti_blocking) {
            EXPECT_TRUE(after.over);
            EXPECT_EQ(place(after, 1), 1.0);
            EXPECT_EQ(place(after, 4), 2.0);
            auto s = h::standings(rules, after);
            EXPECT_EQ(s[0].score, 1.0);
            EXPECT_EQ(s[1].score, 0.0);
            EXPECT_EQ(h::perft(rules, after, 1), 0u);  // a finished game has no moves
        } else {
            EXPECT_FALSE(after.over);
            EXPECT_EQ(after.finished, 0);
            EXPECT_EQ(after.side, 3);
        }
    }
}

TEST(halma_rules, AntiBlockingNeedsOneOwnPieceInTheGoal) {
    auto rules = make_rules(3);
    // Camp 1's goal (1..10) is full of camp 3's and camp 5's pieces only: nobody finished.
    auto text = board(rules, 1, {{'3', {1, 2, 3, 4, 5}}, {'5', {6, 7, 8, 9, 10}}});
    auto p = read(rules, text);
    EXPECT_EQ(p.finished, 0);
    EXPECT_FALSE(h::goal_reached(rules, p, 0));
}

TEST(halma_rules, PlayToEndWithThreePlayers) {
    for (bool to_end : {true, false}) {
        auto rules = make_rules(3, h::Variant::Chinese, {{"play-to-end", to_end ? "true" : "false"}});
        auto text = board(rules, 1, {{'1', {1, 2, 3, 4, 5, 6, 7, 8, 9, 19}}});
        auto after = play(rules, read(rules, text), "19-10");
        EXPECT_EQ(place(after, 1), 1.0);
        if (to_end) {
            EXPECT_FALSE(after.over);
            EXPECT_EQ(after.side, 2);  // camp 3 next
        } else {
            EXPECT_TRUE(after.over);
            EXPECT_EQ(place(after, 3), 2.5);  // the others share places 2 and 3
            EXPECT_EQ(place(after, 5), 2.5);
        }
    }
}

TEST(halma_rules, FinishedPlayersAreSkipped) {
    auto rules = make_rules(3);
    auto text = board(rules, 1, {{'1', {1, 2, 3, 4, 5, 6, 7, 8, 9, 19}}});
    auto p = play(rules, read(rules, text), "19-10");
    ASSERT_EQ(p.side, 2);
    h::MoveList list;
    h::MoveGen::generate(rules, p, list);
    p = h::play(rules, p, list[0]);
    EXPECT_EQ(p.side, 4);
    h::MoveGen::generate(rules, p, list);
    p = h::play(rules, p, list[0]);
    EXPECT_EQ(p.side, 2);  // camp 1 has finished and is skipped
}

// ---- goal-lock -------------------------------------------------------------------

TEST(halma_rules, GoalLockKeepsPiecesInTheGoal) {
    for (bool lock : {false, true}) {
        auto rules = make_rules(2, h::Variant::Chinese, {{"goal-lock", lock ? "true" : "false"}});
        auto text = board(rules, 1, {{'1', {8, 61}}, {'4', {4, 5, 50, 51, 52, 53, 54, 55, 56, 57}}});
        auto p = read(rules, text);
        auto from8 = targets(rules, p, 8);
        EXPECT_TRUE(contains(from8, 7));
        EXPECT_TRUE(contains(from8, 9));
        EXPECT_TRUE(contains(from8, 3));  // jump over 5, inside the goal
        EXPECT_EQ(contains(from8, 16), !lock);
        EXPECT_EQ(contains(from8, 17), !lock);
        // A piece outside its goal is not affected.
        EXPECT_EQ(targets(rules, p, 61), targets(make_rules(2), p, 61));
    }
}

TEST(halma_rules, GoalLockForbidsAChainThatLeavesTheGoal) {
    // 7 reaches 9 only by 7x27x29x9 (over 15, 28 and 17), landing outside the goal.
    for (bool lock : {false, true}) {
        auto rules = make_rules(2, h::Variant::Chinese, {{"goal-lock", lock ? "true" : "false"}});
        auto text = board(rules, 1, {{'1', {7}}, {'4', {15, 17, 28, 80, 81, 82, 83, 84, 85, 86}}});
        auto p = read(rules, text);
        auto from7 = targets(rules, p, 7);
        EXPECT_EQ(contains(from7, 9), !lock);
        EXPECT_EQ(contains(from7, 27), !lock);
        EXPECT_TRUE(contains(from7, 8));
        if (!lock) {
            auto m = h::parse_move(rules, p, "7x9");
            ASSERT_TRUE(m.ok());
            EXPECT_EQ(h::move_string(rules, p, *m), "7x27x29x9");
        }
    }
}

// ---- swap ------------------------------------------------------------------------

TEST(halma_rules, SwapIntoAnOpponentPieceInTheGoal) {
    for (bool swap : {false, true}) {
        auto rules = make_rules(2, h::Variant::Chinese, {{"swap", swap ? "true" : "false"}});
        auto text = board(rules, 1, {{'1', {32, 60, 20}}, {'4', {10, 19, 61, 80, 81, 82, 83, 84, 85, 86}}});
        auto p = read(rules, text);
        EXPECT_EQ(contains(targets(rules, p, 20), 10), false);  // not adjacent, no chain: no swap
        EXPECT_EQ(contains(targets(rules, p, 32), 10), swap);    // jump over 19 into 10
        EXPECT_FALSE(contains(targets(rules, p, 60), 61));       // 61 is not in the goal
        if (!swap) continue;
        auto m = h::parse_move(rules, p, "32x10");
        ASSERT_TRUE(m.ok()) << m.error();
        EXPECT_EQ(m->kind, h::MoveKind::SwapJump);
        auto after = h::play(rules, p, *m);
        EXPECT_EQ(after.owner(9), 0);   // cell 10: camp 1
        EXPECT_EQ(after.owner(31), 3);  // cell 32: camp 4's piece went to the mover's cell
        EXPECT_EQ(after.key, after.compute_key());
    }
}

TEST(halma_rules, SwapStepAndCounterfactualBoard) {
    auto rules = make_rules(2, h::Variant::Chinese, {{"swap", "true"}});
    // Goal cells 10, 6 and 3 hold camp 4's pieces. 19 steps into 10 by swapping,
    // and jumps over 10 into 6 (only the target cell is emptied: 10 stays a
    // stepping stone). 3 is out of reach: 6 is still occupied when 3 is the target.
    auto text = board(rules, 1, {{'1', {19}}, {'4', {10, 6, 3, 80, 81, 82, 83, 84, 85, 86}}});
    auto p = read(rules, text);
    auto m = h::parse_move(rules, p, "19-10");
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(m->kind, h::MoveKind::SwapStep);
    auto j = h::parse_move(rules, p, "19x6");
    ASSERT_TRUE(j.ok()) << j.error();
    EXPECT_EQ(j->kind, h::MoveKind::SwapJump);
    EXPECT_FALSE(contains(targets(rules, p, 19), 3));
    auto after = h::play(rules, p, *m);
    EXPECT_EQ(after.owner(9), 0);
    EXPECT_EQ(after.owner(18), 3);
    EXPECT_EQ(after.key, after.compute_key());
}

// ---- move limit and stagnation -----------------------------------------------------

TEST(halma_rules, MoveLimitIsADrawForTheUnplaced) {
    auto rules = make_rules(2, h::Variant::Chinese, {{"move-limit", "1"}});
    auto p = h::start_position(rules);
    h::MoveList list;
    h::MoveGen::generate(rules, p, list);
    p = h::play(rules, p, list[0]);
    EXPECT_FALSE(p.over);
    h::MoveGen::generate(rules, p, list);
    p = h::play(rules, p, list[0]);
    EXPECT_TRUE(p.over);
    EXPECT_EQ(place(p, 1), 1.5);
    EXPECT_EQ(place(p, 4), 1.5);
    for (const auto& s : h::standings(rules, p)) EXPECT_EQ(s.score, 0.5);
}

TEST(halma_rules, MoveLimitSharesTheRemainingPlaces) {
    auto rules = make_rules(3, h::Variant::Chinese, {{"move-limit", "2"}});
    auto text = board(rules, 1, {{'1', {1, 2, 3, 4, 5, 6, 7, 8, 9, 19}}});
    auto p = read(rules, text);
    p.ply = 4;  // the limit is 2 x 3 = 6 turns
    p = play(rules, p, "19-10");
    EXPECT_FALSE(p.over);
    h::MoveList list;
    h::MoveGen::generate(rules, p, list);
    p = h::play(rules, p, list[0]);
    EXPECT_TRUE(p.over);
    EXPECT_EQ(place(p, 1), 1.0);
    EXPECT_EQ(place(p, 3), 2.5);
    EXPECT_EQ(place(p, 5), 2.5);
}

namespace {

// A move of the side to move that does not give it a new best distance.
h::Move stalling_move(const h::Rules& rules, const h::Position& p) {
    h::MoveList list;
    h::MoveGen::generate(rules, p, list);
    for (const auto& m : list) {
        auto next = h::play(rules, p, m);
        if (h::remaining_distance(rules, next, p.side) >= p.best[p.side]) return m;
    }
    ADD_FAILURE() << "no stalling move";
    return list[0];
}

}  // namespace

TEST(halma_rules, StagnationRanksByGoalPiecesThenDistance) {
    auto rules = make_rules(2, h::Variant::Chinese, {{"stagnation", "1"}});
    // Camp 1 has one piece in its goal, camp 4 none but a smaller distance.
    auto text = board(rules, 1,
                      {{'1', {5, 60, 61, 62, 63, 64, 65, 57, 58, 59}},
                       {'4', {99, 100, 101, 102, 103, 104, 105, 106, 107, 108}}});
    auto p = read(rules, text);
    EXPECT_GT(h::remaining_distance(rules, p, 0), h::remaining_distance(rules, p, 3));
    p = h::play(rules, p, stalling_move(rules, p));
    EXPECT_FALSE(p.over);  // one turn without progress: R x 2 players = 2 needed
    p = h::play(rules, p, stalling_move(rules, p));
    ASSERT_TRUE(p.over);
    EXPECT_EQ(place(p, 1), 1.0);  // more pieces in the goal beats distance
    EXPECT_EQ(place(p, 4), 2.0);
}

TEST(halma_rules, StagnationTiesAreSharedAndProgressResets) {
    auto rules = make_rules(2, h::Variant::Chinese, {{"stagnation", "1"}});
    auto p = h::start_position(rules);
    p = play(rules, p, "112-103");  // progress
    p = play(rules, p, "10-19");    // progress
    p = play(rules, p, "103-112");  // back: no progress
    EXPECT_FALSE(p.over);
    p = play(rules, p, "19-10");  // back: no progress, two turns
    ASSERT_TRUE(p.over);
    EXPECT_EQ(place(p, 1), 1.5);  // the start position again: equal on both counts
    EXPECT_EQ(place(p, 4), 1.5);

    auto off = make_rules(2, h::Variant::Chinese, {{"stagnation", "0"}});
    auto q = h::start_position(off);
    for (const char* m : {"112-103", "10-19", "103-112", "19-10", "112-103", "10-19", "103-112", "19-10"})
        q = play(off, q, m);
    EXPECT_FALSE(q.over);
}

// ---- resignation -----------------------------------------------------------------

TEST(halma_rules, ResignationWithTwoPlayers) {
    auto rules = make_rules(2);
    auto p = h::resign(rules, h::start_position(rules), 3);
    EXPECT_TRUE(p.over);
    EXPECT_EQ(place(p, 1), 1.0);
    EXPECT_EQ(place(p, 4), 2.0);
    EXPECT_EQ(damier::popcount(p.pieces[3]), 10);
    EXPECT_EQ(p.key, p.compute_key());
}

TEST(halma_rules, ResignationWithThreePlayers) {
    auto rules = make_rules(3);
    auto p = h::resign(rules, h::start_position(rules), 2);
    EXPECT_FALSE(p.over);
    EXPECT_EQ(place(p, 3), 3.0);  // the worst free place
    EXPECT_EQ(p.side, 0);
    EXPECT_EQ(damier::popcount(p.pieces[2]), 10);  // pieces stay as obstacles
    p = play(rules, p, "112-103");
    EXPECT_EQ(p.side, 4);  // camp 3 is skipped
    // The side to move resigns: the turn passes on; one player is left and wins.
    p = h::resign(rules, p, 4);
    EXPECT_TRUE(p.over);
    EXPECT_EQ(place(p, 5), 2.0);
    EXPECT_EQ(place(p, 1), 1.0);
    EXPECT_EQ(p.key, p.compute_key());
    // A resignation read from the protocol arguments.
    auto r = h::parse_position(rules, h::position_string(h::start_position(rules)), 1u << 2);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(place(*r, 3), 3.0);
}

TEST(halma_rules, ResignationWithFourPlayersKeepsGoing) {
    auto rules = make_rules(4);
    auto p = h::resign(rules, h::start_position(rules), 0);  // camp 1, to move
    EXPECT_EQ(place(p, 1), 4.0);
    EXPECT_EQ(p.side, 1);
    p = h::resign(rules, p, 3);
    EXPECT_EQ(place(p, 4), 3.0);
    EXPECT_FALSE(p.over);
    EXPECT_EQ(h::resign(rules, p, 0).place2, p.place2);  // already placed: refused
}

// ---- seating, turn order, pass ------------------------------------------------------

TEST(halma_rules, FivePlayerSeatingAndTurnOrder) {
    auto rules = make_rules(5);
    auto p = h::start_position(rules);
    for (int camp = 0; camp < 5; ++camp) EXPECT_EQ(p.pieces[camp], damier::halma::topology.point[camp]);
    EXPECT_EQ(p.pieces[5], u128{0});
    EXPECT_EQ(p.occupied & damier::halma::topology.point[5], u128{0});  // camp 3's goal is empty
    std::vector<int> sides;
    for (int i = 0; i < 6; ++i) {
        sides.push_back(p.side + 1);
        h::MoveList list;
        h::MoveGen::generate(rules, p, list);
        p = h::play(rules, p, list[0]);
    }
    EXPECT_EQ(sides, (std::vector<int>{1, 2, 3, 4, 5, 1}));
}

TEST(halma_rules, SeatingsPerPlayerCount) {
    const std::vector<std::vector<int>> expected = {{1, 4}, {1, 3, 5}, {1, 2, 4, 5}, {1, 2, 3, 4, 5}, {1, 2, 3, 4, 5, 6}};
    for (int players = 2; players <= 6; ++players) {
        auto rules = make_rules(players);
        std::vector<int> seats;
        for (int i = 0; i < rules.seat_count(); ++i) seats.push_back(rules.seat(i) + 1);
        EXPECT_EQ(seats, expected[static_cast<std::size_t>(players - 2)]);
    }
}

TEST(halma_rules, PassWhenBlocked) {
    auto rules = make_rules(3);
    // Camp 1 sits at home behind a wall: the five cells in front and every landing
    // cell of a jump over them are taken.
    auto text = board(rules, 1,
                      {{'3', {103, 104, 105, 106, 107, 90}}, {'5', {91, 92, 93, 94, 95}}});
    auto p = read(rules, text);
    h::MoveList list;
    h::MoveGen::generate(rules, p, list);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_TRUE(list[0].is_pass());
    EXPECT_EQ(h::perft(rules, p, 1), 1u);
    EXPECT_EQ(h::move_string(rules, p, list[0]), "pass");
    auto after = play(rules, p, "pass");
    EXPECT_EQ(after.side, 2);
    EXPECT_EQ(after.ply, 1u);
    EXPECT_EQ(after.pieces, p.pieces);
    EXPECT_FALSE(h::parse_move(rules, after, "pass").ok());  // camp 3 can move
}

// ---- Japanese variant (diamond) ----------------------------------------------------

TEST(halma_diamond, StartHasFifteenPiecesAndAKingOnTheTip) {
    auto rules = make_rules(2, h::Variant::Diamond);
    auto p = h::start_position(rules);
    auto s = h::position_string(p);
    EXPECT_EQ(s[121], 'A');  // cell 121
    EXPECT_EQ(s[1], 'D');    // cell 1
    for (int cell : {2, 10, 15, 16, 17, 18, 19}) EXPECT_EQ(s[static_cast<std::size_t>(cell)], '4') << cell;
    EXPECT_EQ(std::count(s.begin() + 1, s.end(), '1'), 14);
    EXPECT_EQ(damier::popcount(p.kings), 2);
    auto three = make_rules(3, h::Variant::Diamond);
    EXPECT_EQ(damier::popcount(h::start_position(three).occupied), 45);
}

TEST(halma_diamond, KingJumpsAWholeLineOfMen) {
    auto rules = make_rules(2, h::Variant::Diamond);
    // Row 57..65: a king on 57, men on 58 and 59, 60 empty.
    auto king = read(rules, board(rules, 1, {{'A', {57}}, {'4', {58, 59}}}));
    EXPECT_TRUE(contains(targets(rules, king, 57), 60));
    EXPECT_EQ(h::move_string(rules, king, *h::parse_move(rules, king, "57x60")), "57x60");
    // A man cannot.
    auto man = read(rules, board(rules, 1, {{'1', {57}}, {'4', {58, 59}}, {'A', {121}}}));
    EXPECT_FALSE(contains(targets(rules, man, 57), 60));
}

TEST(halma_diamond, NothingJumpsAKing) {
    auto rules = make_rules(2, h::Variant::Diamond);
    // A line holding a king cannot be jumped, even by a king.
    auto line = read(rules, board(rules, 1, {{'A', {57}}, {'4', {58}}, {'D', {59}}}));
    EXPECT_FALSE(contains(targets(rules, line, 57), 60));
    // A man cannot jump a king; it can jump a man.
    auto over_king = read(rules, board(rules, 1, {{'1', {57}}, {'D', {58}}, {'A', {121}}}));
    EXPECT_FALSE(contains(targets(rules, over_king, 57), 59));
    auto over_man = read(rules, board(rules, 1, {{'1', {57}}, {'4', {58}}, {'A', {121}}}));
    EXPECT_TRUE(contains(targets(rules, over_man, 57), 59));
}

TEST(halma_diamond, OtherCampsAreForbidden) {
    // 67 borders camp 2's point (66, 77): off limits in diamond, fine in chinese.
    auto diamond = make_rules(2, h::Variant::Diamond);
    auto p = read(diamond, board(diamond, 1, {{'1', {67, 32}}}));
    EXPECT_EQ(targets(diamond, p, 67), (std::vector<int>{57, 58, 68, 78}));
    // 32 borders camp 5's point (20, 33).
    EXPECT_EQ(targets(diamond, p, 32), (std::vector<int>{31, 43, 44}));
    auto chinese = make_rules(2);
    auto q = read(chinese, board(chinese, 1, {{'1', {67, 32}}}));
    EXPECT_EQ(targets(chinese, q, 67), (std::vector<int>{57, 58, 66, 68, 77, 78}));
    EXPECT_EQ(targets(chinese, q, 32), (std::vector<int>{19, 20, 31, 33, 43, 44}));
}

TEST(halma_diamond, FinishNeedsAllFifteenAndTheKingOnTheTip) {
    auto rules = make_rules(2, h::Variant::Diamond);
    std::vector<int> goal_men = {2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 16, 17, 18};
    std::vector<int> camp4_men = {112, 113, 114, 115, 116, 117, 118, 119, 120, 103, 104, 105, 106, 107};
    // One move from finishing: 31-19 completes the goal with the king on 1.
    auto men = goal_men;
    men.push_back(31);
    auto p = read(rules, board(rules, 1, {{'1', men}, {'A', {1}}, {'4', camp4_men}, {'D', {61}}}));
    EXPECT_FALSE(p.over);
    auto after = play(rules, p, "31-19");
    EXPECT_TRUE(after.over);
    EXPECT_EQ(place(after, 1), 1.0);
    // The king not on the tip: not finished.
    auto wrong = goal_men;
    wrong[0] = 1;  // a man on the tip, the king on 2
    wrong.push_back(31);
    auto q = read(rules, board(rules, 1, {{'1', wrong}, {'A', {2}}, {'4', camp4_men}, {'D', {61}}}));
    EXPECT_FALSE(play(rules, q, "31-19").over);
    // No anti-blocking: an opponent's man on 19 keeps the goal from counting.
    auto blocked_men = goal_men;
    blocked_men.push_back(31);
    auto camp4_blocking = camp4_men;
    camp4_blocking.back() = 19;
    auto b = read(rules, board(rules, 1, {{'1', blocked_men}, {'A', {1}}, {'4', camp4_blocking}, {'D', {61}}}));
    EXPECT_FALSE(h::goal_reached(rules, b, 0));
    EXPECT_EQ(b.finished, 0);
}

TEST(halma_diamond, OptionsAndPlayerCounts) {
    h::Settings s;
    s.variant = h::Variant::Diamond;
    s.swap = true;
    EXPECT_FALSE(h::Rules::make(s).ok());
    s.swap = false;
    s.goal_lock = true;
    EXPECT_FALSE(h::Rules::make(s).ok());
    // With four players the international rules apply.
    auto four = make_rules(4, h::Variant::Diamond);
    EXPECT_FALSE(four.diamond());
    auto p = h::start_position(four);
    EXPECT_EQ(p.kings, u128{0});
    EXPECT_EQ(damier::popcount(p.occupied), 40);
    EXPECT_EQ(h::perft(four, p, 2), h::perft(make_rules(4), h::start_position(make_rules(4)), 2));
}

TEST(halma_rules, SettingsByName) {
    h::Settings s;
    EXPECT_EQ(s.set("move-limit", "150"), "");
    EXPECT_EQ(s.move_limit, 150);
    EXPECT_EQ(s.set("stagnation", "0"), "");
    EXPECT_EQ(s.stagnation, 0);
    EXPECT_EQ(s.set("anti-blocking", "off"), "");
    EXPECT_FALSE(s.anti_blocking);
    EXPECT_NE(s.set("swap", "maybe"), "");
    EXPECT_NE(s.set("move-limit", "-3"), "");
    EXPECT_NE(s.set("nocapture", "true"), "");
    h::Settings defaults;
    EXPECT_TRUE(defaults.anti_blocking && defaults.play_to_end && !defaults.goal_lock && !defaults.swap);
    EXPECT_EQ(defaults.move_limit, 200);
    EXPECT_EQ(defaults.stagnation, 40);
}
