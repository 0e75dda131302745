// Pattern terms: the windows' geometry on every board, the arrangements read from
// hand-made positions, and the pattern file's text form.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <set>

#include "engine/draughts/notation.hpp"
#include "tests/search/random_games.hpp"
#include "engine/draughts/variant_list.hpp"
#include "eval/draughts/patterns.hpp"
#include "eval/draughts/weights.hpp"

namespace damier::eval::draughts {
namespace {

using damier::draughts::Board10;
using damier::draughts::Board12;
using damier::draughts::Board8;
using damier::draughts::International;
using damier::draughts::Notation;

// The squares of window w, in the order its arrangement reads them.
template <class B>
std::vector<int> window_squares_of(int w) {
    std::vector<int> squares;
    for (int first : pattern_windows<B>.first_bit[w])
        for (int bit : {first, first + 1}) squares.push_back(B::square_of_bit(bit));
    return squares;
}

template <class B>
void check_windows(int aligned, int with_odd) {
    using W = PatternWindows<B>;
    ASSERT_EQ(W::aligned, aligned);
    ASSERT_EQ(W::with_odd, with_odd);
    ASSERT_EQ(W::count, (B::rows - 3) * (B::cols - 3)) << "every 4x4 block once";
    std::set<std::vector<int>> distinct;
    std::set<int> covered_by_aligned;
    for (int w = 0; w < W::count; ++w) {
        const auto squares = window_squares_of<B>(w);
        // Eight playable squares on four consecutive rows and four consecutive
        // columns, read row by row from the top, left to right.
        const int top = pattern_windows<B>.top_row[w], left = pattern_windows<B>.left_col[w];
        for (int sq : squares) ASSERT_GE(sq, 0) << "window " << w << " reads a ghost bit";
        // The sets in their order: both even, both odd, even row and odd column, the converse.
        const int set = w < W::aligned ? 0 : w < W::with_odd ? 1 : w < W::with_odd + W::set_size(2) ? 2 : 3;
        EXPECT_EQ(top % 2, W::set_parity[set][0]) << "window " << w;
        EXPECT_EQ(left % 2, W::set_parity[set][1]) << "window " << w;
        for (std::size_t k = 0; k < squares.size(); ++k) {
            EXPECT_EQ(B::row_of_square(squares[k]), top + static_cast<int>(k) / 2) << "window " << w;
            EXPECT_GE(B::col_of_square(squares[k]), left) << "window " << w;
            EXPECT_LT(B::col_of_square(squares[k]), left + 4) << "window " << w;
            if (k % 2 == 1) {
                EXPECT_EQ(B::col_of_square(squares[k]), B::col_of_square(squares[k - 1]) + 2);
            }
        }
        EXPECT_TRUE(distinct.insert(squares).second) << "window " << w << " twice";
        if (w < W::aligned) covered_by_aligned.insert(squares.begin(), squares.end());
        // The turned window holds the turned squares, in the opposite order, and is
        // of the same set (a table reads whole sets).
        const int turned_index = pattern_windows<B>.turned[w];
        auto turned = window_squares_of<B>(turned_index);
        std::reverse(turned.begin(), turned.end());
        for (std::size_t k = 0; k < squares.size(); ++k) EXPECT_EQ(turned[k], B::squares - 1 - squares[k]);
        EXPECT_EQ(turned_index < W::aligned, w < W::aligned);
        EXPECT_EQ(turned_index < W::with_odd, w < W::with_odd);
    }
    EXPECT_EQ(static_cast<int>(covered_by_aligned.size()), B::squares) << "every square is in an aligned window";
}

TEST(Patterns, WindowsAreFourByFourBlocksCoveringTheBoard) {
    check_windows<Board8>(9, 13);
    check_windows<Board10>(16, 25);
    check_windows<Board12>(25, 41);
}

// The entries a position reads, as (window, arrangement, sign).
std::multiset<std::tuple<int, int, int>> entries(const std::string& fen) {
    auto p = Notation<International>::parse_fen(fen);
    EXPECT_TRUE(p) << p.error();
    std::multiset<std::tuple<int, int, int>> out;
    if (p) for_each_pattern(*p, PatternWindows<Board10>::aligned, [&](int w, int a, int sign) { out.insert({w, a, sign}); });
    return out;
}

TEST(Patterns, ArrangementsOfAHandMadePosition) {
    // Window 0 reads squares 1, 2, 6, 7, 11, 12, 16, 17 as base-3 digits 3^0..3^7:
    // a white man on 12 is 1 * 3^5, a black man on 1 is 2 * 3^0.
    const auto e = entries("W:W12:B1");
    EXPECT_EQ(e.size(), 32u) << "two entries per window";
    EXPECT_EQ(e.count({0, 243 + 2, 1}), 1u);
    // Black reads the board turned: window 0 becomes window 15, his man on 1 is the
    // last square read (his own, 1 * 3^7) and White's man on 12 the third (2 * 3^2).
    EXPECT_EQ(e.count({15, 2187 + 18, -1}), 1u);
    // Kings are not men: a king reads as an empty square.
    EXPECT_EQ(entries("W:WK12:BK1").count({0, 0, 1}), 1u);
}

// The first odd window (rows 2-5 and columns 2-5 counted from 1) reads squares 7, 8,
// 11, 12, 17, 18, 21, 22: a white man on 12 is 1 * 3^3, a black man on 7 2 * 3^0.
// Black reads it as the last odd window (24), his man first from his side.
TEST(Patterns, AnOddWindowReadsTheSquaresAstrideTheAlignedOnes) {
    EXPECT_EQ(window_squares_of<Board10>(16), (std::vector<int>{6, 7, 10, 11, 16, 17, 20, 21}));
    auto p = Notation<International>::parse_fen("W:W12:B7");
    ASSERT_TRUE(p);
    std::multiset<std::tuple<int, int, int>> e;
    for_each_pattern(*p, PatternWindows<Board10>::with_odd, [&](int w, int a, int sign) { e.insert({w, a, sign}); });
    EXPECT_EQ(e.size(), 50u);
    EXPECT_EQ(e.count({16, 27 + 2, 1}), 1u);
    EXPECT_EQ(e.count({24, 2187 + 2 * 81, -1}), 1u);
    // A table of 25 windows scores it; one of 20 is no table of this board.
    PatternTable table;
    table.windows = PatternWindows<Board10>::with_odd;
    table.value.assign(table.size(), 0);
    table.value[PatternTable::entry(16, 29, 1)] = 12;
    table.value[PatternTable::entry(24, 2187 + 162, 1)] = 5;
    EXPECT_EQ(table.score(*p, International::men_rows), 12 - 5);
    auto file = parse_patterns(format_patterns("international", table), "t");
    ASSERT_TRUE(file) << file.error();
    EXPECT_EQ(table_mismatch<Board10>(*file, "international"), "");
    EXPECT_EQ(file->table.value, table.value);
    PatternFile twenty = *file;
    twenty.table.windows = 20;
    EXPECT_EQ(table_mismatch<Board10>(twenty, "international"),
              "the pattern file has 20 windows, international tables have 16, 25 or 49");
}

TEST(Patterns, ATableScoresBothSidesAlike) {
    PatternTable table;
    table.windows = PatternWindows<Board10>::aligned;
    table.value.assign(static_cast<std::size_t>(table.windows) * arrangements, 0);
    table.value[0 * arrangements + 243 + 2] = 30;    // White's window 0 of W:W12:B1
    table.value[15 * arrangements + 2187 + 18] = 7;  // Black's same window, seen by Black
    auto p = Notation<International>::parse_fen("W:W12:B1");
    ASSERT_TRUE(p);
    EXPECT_EQ(table.score(*p, International::men_rows), 30 - 7);
    // The same men with the colours swapped and the board turned: 39 is 12 turned.
    auto q = Notation<International>::parse_fen("W:W50:B39");
    ASSERT_TRUE(q);
    EXPECT_EQ(table.score(*q, International::men_rows), 7 - 30);
}

// The engine's score (written out for speed) is the sum of the entries the tuner
// reads through for_each_pattern, on every board.
TEST(Patterns, TheScoreIsTheSumOfTheEntriesRead) {
    damier::draughts::Variants::for_each([]<class R>() {
        using B = typename R::board;
        for (const int windows : PatternWindows<B>::table_sizes) {
            PatternTable table;
            table.windows = windows;
            for (int i = 0; i < table.windows * arrangements; ++i)
                table.value.push_back(static_cast<std::int16_t>(std::int64_t{i} * 7919 % 201 - 100));
            for (const auto& game : damier::search::testing::random_games<R>(100, 11, 0, 80)) {
                const auto& p = game.position();
                int sum = 0, read = 0;
                for_each_pattern(p, windows, [&](int w, int a, int sign) {
                    sum += sign * table.value[w * arrangements + a];
                    ++read;
                });
                ASSERT_EQ(read, 2 * windows);
                ASSERT_EQ(table.score(p, R::men_rows), sum) << R::name << " " << Notation<R>::fen(p);
            }
        }
    });
}

// Two phases: the opening values weigh by the share of the men still on the
// board, the ending values by the rest.
TEST(Patterns, APhasedTableBlendsOpeningAndEndingByTheMenLeft) {
    PatternTable table;
    table.windows = PatternWindows<Board10>::aligned;
    table.phases = 2;
    table.value.assign(table.size(), 0);
    const std::size_t white = PatternTable::entry(0, 243 + 2, 2), black = PatternTable::entry(15, 2187 + 18, 2);
    table.value[white] = 40, table.value[white + 1] = -20;
    table.value[black] = 10, table.value[black + 1] = 6;
    auto p = Notation<International>::parse_fen("W:W12:B1");
    ASSERT_TRUE(p);
    // 2 men of 40: opening 40 - 10, ending -20 - 6.
    EXPECT_EQ(table.score(*p, International::men_rows), (30 * 2 + -26 * 38) / 40);
    // Kings are not men: the same arrangement read with more men on the board.
    auto q = Notation<International>::parse_fen("W:W12,K46,K47:B1,K3,K4");
    ASSERT_TRUE(q);
    EXPECT_EQ(table.score(*q, International::men_rows), (30 * 2 + -26 * 38) / 40);
    damier::draughts::Variants::for_each([]<class R>() {
        using B = typename R::board;
        PatternTable phased;
        phased.windows = PatternWindows<B>::count;
        phased.phases = 2;
        for (std::size_t i = 0; i < phased.size(); ++i)
            phased.value.push_back(static_cast<std::int16_t>(static_cast<int>(i * 7919 % 201) - 100));
        const int all_men = 2 * R::men_rows * B::per_row;
        for (const auto& game : damier::search::testing::random_games<R>(50, 5, 0, 80)) {
            const auto& position = game.position();
            int opening = 0, ending = 0;
            for_each_pattern(position, phased.windows, [&](int w, int a, int sign) {
                opening += sign * phased.value[PatternTable::entry(w, a, 2)];
                ending += sign * phased.value[PatternTable::entry(w, a, 2) + 1];
            });
            const int men = popcount(position.pieces[0] | position.pieces[1]) - popcount(position.kings);
            ASSERT_EQ(phased.score(position, R::men_rows), (opening * men + ending * (all_men - men)) / all_men)
                << R::name << " " << Notation<R>::fen(position);
        }
    });
}

// A king square table: each king adds the value of its square, White's as they
// stand and Black's on the board turned; the engine's sum equals the entries the
// tuner reads, on every board.
TEST(Patterns, KingSquaresScoreEachKingWhereItStands) {
    PatternTable table;
    table.windows = PatternWindows<Board10>::aligned;
    table.king_squares = Board10::squares;
    table.value.assign(table.size(), 0);
    table.value[table.king_entry(22)] = 30;  // square 23
    table.value[table.king_entry(0)] = -8;   // square 1
    auto white = Notation<International>::parse_fen("W:WK23:BK50");
    ASSERT_TRUE(white);
    EXPECT_EQ(table.score(*white, International::men_rows), 30 - -8);  // Black's king on 50 reads square 1
    auto mirrored = Notation<International>::parse_fen("W:WK1:BK28");
    ASSERT_TRUE(mirrored);
    EXPECT_EQ(table.score(*mirrored, International::men_rows), -8 - 30);
    damier::draughts::Variants::for_each([]<class R>() {
        using B = typename R::board;
        PatternTable kings;
        kings.windows = PatternWindows<B>::count;
        kings.phases = 2;
        kings.king_squares = B::squares;
        for (std::size_t i = 0; i < kings.size(); ++i)
            kings.value.push_back(static_cast<std::int16_t>(static_cast<int>(i * 7919 % 201) - 100));
        const int all_men = 2 * R::men_rows * B::per_row;
        int with_kings = 0;
        for (const auto& game : damier::search::testing::random_games<R>(60, 17, 0, 200)) {
            const auto& position = game.position();
            int opening = 0, ending = 0;
            const auto add = [&](std::size_t at, int sign) {
                opening += sign * kings.value[at];
                ending += sign * kings.value[at + 1];
            };
            for_each_pattern(position, kings.windows, [&](int w, int a, int sign) { add(PatternTable::entry(w, a, 2), sign); });
            for_each_king(position, [&](int square, int sign) {
                ASSERT_GE(square, 0);
                ASSERT_LT(square, B::squares);
                add(kings.king_entry(square), sign);
            });
            with_kings += position.kings != 0;
            const int men = popcount(position.pieces[0] | position.pieces[1]) - popcount(position.kings);
            ASSERT_EQ(kings.score(position, R::men_rows), (opening * men + ending * (all_men - men)) / all_men)
                << R::name << " " << Notation<R>::fen(position);
        }
        EXPECT_GT(with_kings, 0) << R::name << ": no random game reached a king";
    });
}

// The search's copy of a table (both sides folded into one entry a window) scores
// every position as the table itself does, on every board, for each table size,
// with one and two phases and with king squares; the built-in tables are folded.
TEST(Patterns, BothSidesFoldedScoreAsTheTableDoes) {
    damier::draughts::Variants::for_each([]<class R>() {
        using B = typename R::board;
        for (const int windows : PatternWindows<B>::table_sizes)
            for (const int phases : {1, 2}) {
                PatternTable table;
                table.windows = windows;
                table.phases = phases;
                table.king_squares = B::squares;
                for (std::size_t i = 0; i < table.size(); ++i)
                    table.value.push_back(static_cast<std::int16_t>(static_cast<int>(i * 7919 % 2001) - 1000));
                const PatternTable folded = with_both_sides<B>(table);
                ASSERT_EQ(folded.both_sides.size(), PatternTable::entry(windows, 0, phases)) << R::name;
                for (const auto& game : damier::search::testing::random_games<R>(40, 23, 0, 200)) {
                    const auto& p = game.position();
                    ASSERT_EQ(folded.score(p, R::men_rows), table.score(p, R::men_rows))
                        << R::name << " " << windows << " windows, " << phases << " phases " << Notation<R>::fen(p);
                }
            }
        const auto& builtin = builtin_weights(R::name).patterns;
        if (builtin) {
            EXPECT_FALSE(builtin->both_sides.empty()) << R::name << ": the built-in table is not folded";
        }
    });
}

// A folded value that would not fit in 16 bits leaves the table unfolded: the
// search then reads the table's own entries and the score stays exact.
TEST(Patterns, AFoldThatWouldOverflowIsNotMade) {
    PatternTable table;
    table.windows = PatternWindows<Board10>::aligned;
    table.value.assign(table.size(), 0);
    const int white_men_on_6_and_7 = 9 + 27;  // window 0's third and fourth squares
    table.value[PatternTable::entry(0, white_men_on_6_and_7, 1)] = 30000;
    const int turned = pattern_windows<Board10>.turned[0];
    table.value[PatternTable::entry(turned, pattern_detail::seen_from_black(white_men_on_6_and_7), 1)] = -30000;
    const PatternTable folded = with_both_sides<Board10>(table);
    EXPECT_TRUE(folded.both_sides.empty());
    auto p = Notation<International>::parse_fen("W:W6,7:B45");
    ASSERT_TRUE(p);
    EXPECT_EQ(table.score(*p, International::men_rows), 60000);
    EXPECT_EQ(folded.score(*p, International::men_rows), 60000);
}

TEST(Patterns, AKingSquareFileRoundTrips) {
    PatternTable table;
    table.windows = 16;
    table.phases = 2;
    table.king_squares = 50;
    table.value.assign(table.size(), 0);
    table.value[PatternTable::entry(2, 7, 2)] = 11;
    table.value[table.king_entry(49) + 1] = -45;
    const std::string text = format_patterns("international", table);
    EXPECT_NE(text.find("king-squares = 50\n"), std::string::npos);
    EXPECT_NE(text.find("\nk 49 0 -45\n"), std::string::npos);
    auto file = parse_patterns(text, "t");
    ASSERT_TRUE(file) << file.error();
    EXPECT_EQ(file->table.king_squares, 50);
    EXPECT_EQ(file->table.value, table.value);
    EXPECT_EQ(table_mismatch<Board10>(*file, "international"), "");
    PatternFile eight_by_eight = *file;
    eight_by_eight.table.king_squares = 32;
    EXPECT_NE(table_mismatch<Board10>(eight_by_eight, "international"), "");
    // A king line without the header, a square off the table, the header after the values.
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\nk 3 5\n", "t"));
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\nking-squares = 50\nk 50 5\n", "t"));
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\n0 1 5\nking-squares = 50\n", "t"));
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\nking-squares = 50\n16 3 5\n", "t"));
}

TEST(Patterns, APhasedFileRoundTrips) {
    PatternTable table;
    table.windows = 16;
    table.phases = 2;
    table.value.assign(table.size(), 0);
    table.value[PatternTable::entry(3, 100, 2)] = 25;
    table.value[PatternTable::entry(15, 6560, 2) + 1] = -300;
    const std::string text = format_patterns("international", table);
    EXPECT_NE(text.find("phases = 2"), std::string::npos);
    EXPECT_NE(text.find("3 100 25 0\n"), std::string::npos);
    auto file = parse_patterns(text, "t");
    ASSERT_TRUE(file) << file.error();
    EXPECT_EQ(file->table.phases, 2);
    EXPECT_EQ(file->table.value, table.value);
    // A value line of the wrong length, and phases after the values, are refused.
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\nphases = 2\n0 1 5\n", "t"));
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\n0 1 5\nphases = 2\n", "t"));
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\nphases = 3\n", "t"));
}

// Scan 2.0's phase: the rows the men still have to go to crown, kings counting
// none, all of them at the start of every rule set.
TEST(Patterns, ThePipPhaseCountsTheRowsTheMenHaveToGo) {
    auto p = Notation<International>::parse_fen("W:W46,K30:B5,6");
    ASSERT_TRUE(p);
    const auto share = opening_share(*p, PhaseBy::Pips, International::men_rows);
    EXPECT_EQ(share.part, 9 + 9 + 8);  // 46 on White's back row; 5 and 6 on the first two rows
    EXPECT_EQ(share.whole, 300);       // 20 men a side on rows 6-9 (0-3 for Black)
    const auto men = opening_share(*p, PhaseBy::Men, International::men_rows);
    EXPECT_EQ(men.part, 3);
    EXPECT_EQ(men.whole, 40);
    PatternTable table;
    table.windows = PatternWindows<Board10>::aligned;
    table.phases = 2;
    table.phase_by = PhaseBy::Pips;
    table.value.assign(table.size(), 0);
    table.value[PatternTable::entry(0, 243 + 2, 2)] = 30;  // White's window 0 of W:W12:B1
    table.value[PatternTable::entry(0, 243 + 2, 2) + 1] = -60;
    auto q = Notation<International>::parse_fen("W:W12:B1");
    ASSERT_TRUE(q);  // 12: row 2 from the top, 2 rows to go; 1: row 0, 9 to go
    EXPECT_EQ(table.score(*q, International::men_rows), (30 * 11 + -60 * (300 - 11)) / 300);
    damier::draughts::Variants::for_each([]<class R>() {
        using B = typename R::board;
        const auto start = opening_share(Notation<R>::start(), PhaseBy::Pips, R::men_rows);
        EXPECT_EQ(start.part, start.whole) << R::name;
        for (const auto& game : damier::search::testing::random_games<R>(40, 23, 0, 120)) {
            const auto& position = game.position();
            int rows_to_go = 0;
            for (int c = 0; c < 2; ++c)
                for (auto own_men = position.pieces[c] & ~position.kings; own_men;) {
                    const int row = B::row_of_bit(damier::pop_lowest(own_men));
                    rows_to_go += c == 0 ? row : B::rows - 1 - row;
                }
            const auto pips = opening_share(position, PhaseBy::Pips, R::men_rows);
            ASSERT_EQ(pips.part, rows_to_go) << R::name << " " << Notation<R>::fen(position);
            ASSERT_EQ(pips.whole, start.whole);
        }
    });
}

TEST(Patterns, APipPhasedFileRoundTrips) {
    PatternTable table;
    table.windows = 16;
    table.phases = 2;
    table.phase_by = PhaseBy::Pips;
    table.value.assign(table.size(), 0);
    table.value[PatternTable::entry(3, 100, 2)] = 25;
    const std::string text = format_patterns("international", table);
    EXPECT_NE(text.find("phase = pips\n"), std::string::npos);
    auto file = parse_patterns(text, "t");
    ASSERT_TRUE(file) << file.error();
    EXPECT_EQ(file->table.phase_by, PhaseBy::Pips);
    EXPECT_EQ(file->table.value, table.value);
    auto men = parse_patterns("[international]\nwindows = 16\nphases = 2\nphase = men\n3 100 25 0\n", "t");
    ASSERT_TRUE(men) << men.error();
    EXPECT_EQ(men->table.phase_by, PhaseBy::Men);
    // Without two phases, after the values, twice, or another word: refused.
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\nphase = pips\n", "t"));
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\nphases = 2\n3 100 25 0\nphase = pips\n", "t"));
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\nphases = 2\nphase = pips\nphase = pips\n", "t"));
    EXPECT_FALSE(parse_patterns("[international]\nwindows = 16\nphases = 2\nphase = rows\n", "t"));
}

TEST(Patterns, TheFileRoundTrips) {
    PatternTable table;
    table.windows = 9;
    table.value.assign(9 * arrangements, 0);
    table.value[5] = -12;
    table.value[8 * arrangements + 6560] = 300;
    const std::string text = format_patterns("russian", table);
    auto file = parse_patterns(text, "t");
    ASSERT_TRUE(file) << file.error();
    EXPECT_EQ(file->variant, "russian");
    EXPECT_EQ(file->table.windows, 9);
    EXPECT_EQ(file->table.value, table.value);
}

TEST(Patterns, BadFilesGiveOneLineErrors) {
    const std::vector<std::pair<std::string, std::string>> bad{
        {"windows = 9\n", "line 1: expected [rule set] first"},
        {"[russian]\n0 1 2\n", "line 2: expected windows = N before the values"},
        {"[russian]\nwindows = 0\n", "line 2: expected windows = N once"},
        {"[russian]\nwindows = 9\nwindows = 9\n", "line 3: expected windows = N once"},
        {"[russian]\nwindows = 9\n9 0 1\n", "line 3: window below 9"},
        {"[russian]\nwindows = 9\n0 6561 1\n", "line 3: window below 9"},
        {"[russian]\nwindows = 9\n0 1 30001\n", "line 3: window below 9"},
        {"[russian]\nwindows = 9\n0 1\n", "line 3: expected window arrangement value"},
        {"[russian]\n[czech]\n", "line 2: one [rule set] line comes first"},
        {"# only a comment\n", "t: no [rule set] and windows = N lines"},
    };
    for (const auto& [text, message] : bad) {
        auto file = parse_patterns(text, "t");
        ASSERT_FALSE(file) << text;
        EXPECT_NE(file.error().find(message), std::string::npos) << file.error();
        EXPECT_EQ(file.error().find('\n'), std::string::npos);
    }
    EXPECT_FALSE(load_patterns("/nonexistent/file.patterns"));
}

// Every file of eval/draughts/patterns/ is compiled in as the table of the rule set
// it names, and fits that rule set's board; the other rule sets have none.
TEST(Patterns, TheBuiltInTablesAreTheFilesOfTheSourceTree) {
    std::set<std::string> with_table;
    for (const auto& entry : std::filesystem::directory_iterator(DAMIER_SOURCE_DIR "/eval/draughts/patterns")) {
        if (entry.path().extension() != ".patterns") continue;
        auto file = load_patterns(entry.path().string());
        ASSERT_TRUE(file) << file.error();
        EXPECT_EQ(file->variant + ".patterns", entry.path().filename().string());
        const auto& builtin = builtin_weights(file->variant).patterns;
        ASSERT_NE(builtin, nullptr) << file->variant;
        EXPECT_EQ(builtin->value, file->table.value);
        with_table.insert(file->variant);
    }
    damier::draughts::Variants::for_each([&]<class R>() {
        const auto& table = builtin_weights(R::name).patterns;
        EXPECT_EQ(table != nullptr, with_table.contains(std::string(R::name))) << R::name;
        if (table) {
            EXPECT_TRUE(table_mismatch<typename R::board>({std::string(R::name), *table}, R::name).empty()) << R::name;
        }
    });
}

}  // namespace
}  // namespace damier::eval::draughts
