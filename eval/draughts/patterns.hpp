// Pattern terms: a learned value for every arrangement of men on 4x4 windows of
// the board (the strongest open 10x10 evaluations are built this way). A window
// holds 8 playable squares, each empty, a white man or a black man (kings count
// as empty), so 3^8 arrangements per window. The aligned windows start on every
// even row and column, overlapping by two: 9 on 8x8, 16 on 10x10, 25 on 12x12.
// A table may read more windows: those starting on odd rows and columns (each
// astride four aligned ones), then those starting on one odd and one even.
//
// One table serves both colours: Black's arrangements are looked up as White's on
// the board turned 180 degrees with the colours swapped, and count against him.
// A position therefore reads two entries per window, one for each side.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "engine/core/result.hpp"
#include "engine/draughts/position.hpp"

namespace damier::eval::draughts {

using damier::draughts::Position;

inline constexpr int window_squares = 8;
inline constexpr int arrangements = 6561;  // 3^8

template <class B>
struct PatternWindows {
    using Bits = typename B::Bits;
    // Windows starting on rows (columns) of a parity: 0, 2, 4, ... or 1, 3, 5, ...
    static constexpr int starts(int lines, int parity) { return (lines - 4 - parity) / 2 + 1; }
    // The sets in their order (row parity, column parity); a table reads a prefix.
    static constexpr std::array<std::array<int, 2>, 4> set_parity{{{0, 0}, {1, 1}, {0, 1}, {1, 0}}};
    static constexpr int set_size(int set) {
        return starts(B::rows, set_parity[set][0]) * starts(B::cols, set_parity[set][1]);
    }
    static constexpr int aligned = set_size(0);
    static constexpr int with_odd = aligned + set_size(1);
    static constexpr int count = with_odd + set_size(2) + set_size(3);  // every 4x4 block of the board
    // The window counts a table may have.
    static constexpr std::array<int, 3> table_sizes{aligned, with_odd, count};

    // A window's squares form two adjacent bits on each of its four rows (no ghost
    // bit falls inside a row): first_bit[w][k] is the lower bit of its row k, so the
    // window's 8 bits, read row by row, are the 2-bit fields at these offsets.
    std::array<std::array<int, 4>, count> first_bit{};
    std::array<Bits, count> mask{};  // the window's 8 bits
    std::array<int, count> top_row{}, left_col{};
    // The window a window becomes on the board turned 180 degrees (one of the same set).
    std::array<int, count> turned{};

    static constexpr PatternWindows make() {
        PatternWindows t{};
        int w = 0;
        for (const auto& [row_parity, col_parity] : set_parity)
            for (int i = 0; i < starts(B::rows, row_parity); ++i)
                for (int j = 0; j < starts(B::cols, col_parity); ++j, ++w) {
                    t.top_row[w] = 2 * i + row_parity;
                    t.left_col[w] = 2 * j + col_parity;
                    for (int k = 0; k < 4; ++k) {
                        const int row = t.top_row[w] + k, left = t.left_col[w];
                        // The leftmost playable square of the row inside the window.
                        const int col = B::square_at(row, left) >= 0 ? left : left + 1;
                        t.first_bit[w][k] = B::bit_of(B::square_at(row, col));
                        t.mask[w] |= Bits{3} << t.first_bit[w][k];
                    }
                }
        for (int a = 0; a < count; ++a)
            for (int b = 0; b < count; ++b)
                if (t.top_row[b] == B::rows - 4 - t.top_row[a] && t.left_col[b] == B::cols - 4 - t.left_col[a])
                    t.turned[a] = b;
        return t;
    }
};

template <class B>
inline constexpr PatternWindows<B> pattern_windows = PatternWindows<B>::make();

namespace pattern_detail {
// ternary[x]: the 8 bits of x read as base-3 digits (bit k -> 3^k); reversed_ternary
// reads them in the opposite order (bit k -> 3^(7-k)), which is the window's
// order on the board turned 180 degrees.
struct TernaryTables {
    std::array<std::uint16_t, 256> ternary{}, reversed_ternary{};
    static constexpr TernaryTables make() {
        TernaryTables t{};
        for (int x = 0; x < 256; ++x) {
            int forward = 0, backward = 0, power = 1;
            for (int k = 0; k < 8; ++k, power *= 3) {
                if ((x >> k) & 1) forward += power;
                if ((x >> (7 - k)) & 1) backward += power;
            }
            t.ternary[x] = static_cast<std::uint16_t>(forward);
            t.reversed_ternary[x] = static_cast<std::uint16_t>(backward);
        }
        return t;
    }
};
inline constexpr TernaryTables tables = TernaryTables::make();

// The 8 bits of `men` in window w, row by row (in the order of the bits: squares
// are numbered row by row).
template <class B>
inline unsigned window_bits(typename B::Bits men, int w) {
#if defined(__BMI2__)
    if constexpr (sizeof(typename B::Bits) == 8)
        return static_cast<unsigned>(_pext_u64(men, pattern_windows<B>.mask[w]));
#endif
    const auto& first = pattern_windows<B>.first_bit[w];
    unsigned bits = 0;
    for (int k = 0; k < 4; ++k) bits |= static_cast<unsigned>((men >> first[k]) & 3u) << (2 * k);
    return bits;
}
}  // namespace pattern_detail

namespace pattern_detail {
// With BothSides, f(window, White's arrangement) once per window; else both sides'
// entries as for_each_pattern says.
template <class B, int Windows, bool BothSides, class F>
[[gnu::always_inline]] inline void for_each_pattern_in(const Position<B>& p, F& f) {
    const auto white = p.pieces[0] & ~p.kings, black = p.pieces[1] & ~p.kings;
#pragma GCC unroll 16
    for (int w = 0; w < Windows; ++w) {
        const unsigned mine = window_bits<B>(white, w), theirs = window_bits<B>(black, w);
        if constexpr (BothSides) {
            f(w, tables.ternary[mine] + 2 * tables.ternary[theirs]);
        } else {
            f(w, tables.ternary[mine] + 2 * tables.ternary[theirs], 1);
            f(pattern_windows<B>.turned[w], tables.reversed_ternary[theirs] + 2 * tables.reversed_ternary[mine], -1);
        }
    }
}

template <class B, bool BothSides, class F>
[[gnu::always_inline]] inline void for_each_pattern_of_size(const Position<B>& p, int windows, F& f) {
    constexpr auto sizes = PatternWindows<B>::table_sizes;
    if (windows == sizes[0]) for_each_pattern_in<B, sizes[0], BothSides>(p, f);
    else if (windows == sizes[1]) for_each_pattern_in<B, sizes[1], BothSides>(p, f);
    else if (windows == sizes[2]) for_each_pattern_in<B, sizes[2], BothSides>(p, f);
}

// The arrangement Black's men read when White's read `arrangement` on the same
// squares: the digits in the opposite order (the turned board), White's and
// Black's men swapped.
constexpr int seen_from_black(int arrangement) {
    int turned = 0;
    for (int k = 0; k < window_squares; ++k, arrangement /= 3) {
        const int digit = arrangement % 3;
        turned = 3 * turned + (digit == 0 ? 0 : 3 - digit);
    }
    return turned;
}
}  // namespace pattern_detail

// Calls f(window, arrangement, sign) for the two entries each of the first
// `windows` windows reads (one of PatternWindows' table_sizes, else none): White's
// arrangement with sign +1, Black's (seen from his side) with sign -1. Entry index
// in a table: window * arrangements + arrangement. Each size is a constant of its
// own loop, unrolled by the pragma in for_each_pattern_in (GCC at -O2 does not
// unroll it alone; a loop to a variable count made the evaluation 7% slower).
template <class B, class F>
[[gnu::always_inline]] inline void for_each_pattern(const Position<B>& p, int windows, F&& f) {
    pattern_detail::for_each_pattern_of_size<B, false>(p, windows, f);
}

// Calls f(window, White's arrangement) for each of the first `windows` windows:
// the index of a table whose entries hold both sides' values (PatternTable::both_sides).
template <class B, class F>
[[gnu::always_inline]] inline void for_each_pattern_pair(const Position<B>& p, int windows, F&& f) {
    pattern_detail::for_each_pattern_of_size<B, true>(p, windows, f);
}

// Calls f(square, sign) for every king: White's on its square with sign +1,
// Black's on the square it is seen from his side (the board turned 180 degrees)
// with sign -1. Squares count from 0 in the rule set's numbering.
template <class B, class F>
inline void for_each_king(const Position<B>& p, F&& f) {
    for (auto kings = p.pieces[0] & p.kings; kings;) f(B::square_of_bit(pop_lowest(kings)), 1);
    for (auto kings = p.pieces[1] & p.kings; kings;) f(B::squares - 1 - B::square_of_bit(pop_lowest(kings)), -1);
}

// What blends a two-phase table's opening and ending values.
enum class PhaseBy : std::uint8_t {
    Men,   // the share of the men still on the board
    Pips,  // the share of the rows the men still have to go to crown (Scan 2.0's "pip"):
           // it falls as the men advance, not only as they leave the board
};

namespace pattern_detail {
// Bit k of each square's row number (row 0 is where White crowns): a man's rows to
// go are read as four popcounts per side instead of one per row.
template <class B>
struct RowBits {
    std::array<typename B::Bits, 4> of{};
    static constexpr RowBits make() {
        RowBits r{};
        for (int row = 0; row < B::rows; ++row)
            for (int k = 0; k < 4; ++k)
                if (row >> k & 1) r.of[static_cast<std::size_t>(k)] |= B::row_mask(row);
        return r;
    }
};
template <class B>
inline constexpr RowBits<B> row_bits = RowBits<B>::make();
}  // namespace pattern_detail

// The weight of a two-phase table's opening values, part / whole, in a rule set
// whose men start on `men_rows` rows of each side.
struct OpeningShare {
    int part = 0, whole = 1;
};
template <class B>
OpeningShare opening_share(const Position<B>& p, PhaseBy by, int men_rows) {
    const auto white = p.pieces[0] & ~p.kings, black = p.pieces[1] & ~p.kings;
    if (by == PhaseBy::Men) return {popcount(white) + popcount(black), 2 * men_rows * B::per_row};
    int white_rows = 0, black_rows_from_top = 0;
    for (int k = 0; k < 4; ++k) {
        const auto rows = pattern_detail::row_bits<B>.of[static_cast<std::size_t>(k)];
        white_rows += popcount(white & rows) << k;
        black_rows_from_top += popcount(black & rows) << k;
    }
    const int black_rows = (B::rows - 1) * popcount(black) - black_rows_from_top;
    // At the start: the men_rows back rows of each side, per_row men on each.
    const int start = 2 * B::per_row * (men_rows * (B::rows - 1) - men_rows * (men_rows - 1) / 2);
    return {std::min(white_rows + black_rows, start), start};  // a set-up position may hold more men
}

// A table of pattern values (centi-men, White's point of view) for one board: a
// table for each window place, and with two phases an opening and an ending value
// per entry, blended by the share of the men still on the board or by their rows
// still to go (as the strongest open 10x10 evaluation does), since what an
// arrangement is worth changes as the board empties. Optionally a value per king
// square after the windows' entries (Scan 2.0 has one too): where a king stands,
// which the men's windows ignore.
struct PatternTable {
    int windows = 0;
    int phases = 1;        // 1, or 2: opening and ending values
    int king_squares = 0;  // 0 (no king table) or the board's squares
    PhaseBy phase_by = PhaseBy::Men;
    // entry (window * arrangements + arrangement) * phases + phase, then the kings'
    // (windows * arrangements + square) * phases + phase
    std::vector<std::int16_t> value;

    std::size_t size() const {
        return (static_cast<std::size_t>(windows) * arrangements + static_cast<std::size_t>(king_squares)) *
               static_cast<std::size_t>(phases);
    }
    static std::size_t entry(int window, int arrangement, int phases) {
        return (static_cast<std::size_t>(window) * arrangements + static_cast<std::size_t>(arrangement)) *
               static_cast<std::size_t>(phases);
    }
    std::size_t king_entry(int square) const { return entry(windows, square, phases); }

    // Both sides' reads of a window folded into one entry, for the search (built by
    // with_both_sides, so empty in a table being fitted; a table edited after folding
    // must be folded again): at (window * arrangements + White's arrangement) * phases
    // + phase, White's value minus the value Black's men read on the same squares seen
    // from his side (the turned window). One read a window instead of two.
    std::vector<std::int16_t> both_sides;

    // The sum of the entries for_each_pattern and for_each_king read (inlined: as
    // fast as a hand-written loop in bench/search_bench's Evaluate); two phases are
    // blended by opening_share (men_rows: the rows of men each side starts with).
    template <class B>
    [[gnu::always_inline]] int score(const Position<B>& p, int men_rows) const {
        const std::int16_t* v = value.data();
        const bool with_kings = king_squares > 0 && p.kings != 0;
        const bool folded = both_sides.size() == entry(windows, 0, phases);
        const std::int16_t* folded_value = both_sides.data();
        if (phases == 1) {
            int s = 0;
            if (folded)
                for_each_pattern_pair(p, windows, [&](int w, int arrangement) { s += folded_value[entry(w, arrangement, 1)]; });
            else
                for_each_pattern(p, windows, [&](int w, int arrangement, int sign) { s += sign * v[entry(w, arrangement, 1)]; });
            if (with_kings) for_each_king(p, [&](int square, int sign) { s += sign * v[king_entry(square)]; });
            return s;
        }
        int opening = 0, ending = 0;
        const auto add = [&](const std::int16_t* pair, int sign) {
            opening += sign * pair[0];
            ending += sign * pair[1];
        };
        if (folded)
            for_each_pattern_pair(p, windows, [&](int w, int arrangement) { add(folded_value + entry(w, arrangement, 2), 1); });
        else
            for_each_pattern(p, windows, [&](int w, int arrangement, int sign) { add(v + entry(w, arrangement, 2), sign); });
        if (with_kings) for_each_king(p, [&](int square, int sign) { add(v + king_entry(square), sign); });
        // Each way on its own line, so that the compiler divides by a constant.
        const auto blend = [&](OpeningShare share) {
            return (opening * share.part + ending * (share.whole - share.part)) / share.whole;
        };
        if (phase_by == PhaseBy::Pips) return blend(opening_share(p, PhaseBy::Pips, men_rows));
        return blend(opening_share(p, PhaseBy::Men, men_rows));
    }
};

// A copy of `table` for the search on board B, with both_sides filled; without it
// (a search reads the table's own entries, only slower) when a folded value would
// not fit in 16 bits.
template <class B>
PatternTable with_both_sides(PatternTable table) {
    table.both_sides.clear();
    const std::size_t phases = static_cast<std::size_t>(table.phases);
    std::vector<std::int16_t> folded(PatternTable::entry(table.windows, 0, table.phases));
    for (int w = 0; w < table.windows; ++w)
        for (int arrangement = 0; arrangement < arrangements; ++arrangement) {
            const std::size_t white = PatternTable::entry(w, arrangement, table.phases);
            const std::size_t black = PatternTable::entry(pattern_windows<B>.turned[w],
                                                          pattern_detail::seen_from_black(arrangement), table.phases);
            for (std::size_t k = 0; k < phases; ++k) {
                const int both = table.value[white + k] - table.value[black + k];
                if (both < INT16_MIN || both > INT16_MAX) return table;
                folded[white + k] = static_cast<std::int16_t>(both);
            }
        }
    table.both_sides = std::move(folded);
    return table;
}

}  // namespace damier::eval::draughts

namespace damier::eval::draughts {

// A pattern file: the table of one rule set, as text.
//
//   # a comment
//   [international]        the rule set
//   windows = 16           checked against the rule set's board (10x10: 16, 25 or 49)
//   phases = 2             optional (default 1): opening and ending values
//   phase = pips           optional after phases = 2: what blends them, men (the default) or pips
//   king-squares = 50      optional: a value per king square (the board's squares)
//   0 4521 12              window, arrangement, value: one line per entry not 0
//   0 4522 12 -4           window, arrangement, opening and ending values (phases = 2)
//   k 22 5 -3              a king square (from 0; White's side), its values
struct PatternFile {
    std::string variant;
    PatternTable table;
};

std::string format_patterns(std::string_view variant, const PatternTable& table);

// "" when `file` is a table for rule set `variant` played on board B, else why not.
template <class B>
std::string table_mismatch(const PatternFile& file, std::string_view variant) {
    if (file.variant != variant) return "the pattern file is for " + file.variant + ", not " + std::string(variant);
    constexpr auto sizes = PatternWindows<B>::table_sizes;
    if (std::find(sizes.begin(), sizes.end(), file.table.windows) == sizes.end())
        return "the pattern file has " + std::to_string(file.table.windows) + " windows, " + std::string(variant) +
               " tables have " + std::to_string(sizes[0]) + ", " + std::to_string(sizes[1]) + " or " +
               std::to_string(sizes[2]);
    if (file.table.king_squares != 0 && file.table.king_squares != B::squares)
        return "the pattern file has " + std::to_string(file.table.king_squares) + " king squares, " +
               std::string(variant) + " has " + std::to_string(B::squares);
    return {};
}
Result<PatternFile> parse_patterns(std::string_view text, std::string_view origin);
Result<PatternFile> load_patterns(const std::string& path);

}  // namespace damier::eval::draughts
