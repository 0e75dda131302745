// The draughts evaluation: a weighted sum of terms (eval/draughts/weights.hpp), each
// a count taken from White's point of view with popcounts over fixed masks and a
// short loop over the men near crowning, so it costs a few dozen instructions per
// node on every board size.
//
// The terms are collected once, by `collect`, into a sink: the evaluation's sink
// multiplies each count by its weight; the tuner's sink (tools/tune) keeps the
// counts themselves, so the tuner fits exactly what the engine computes.
#pragma once

#include <array>

#include "engine/draughts/position.hpp"
#include "engine/draughts/rules.hpp"
#include "eval/draughts/weights.hpp"
#include "search/score.hpp"

namespace damier::eval::draughts {

using damier::draughts::Color;
using damier::draughts::Position;
using damier::draughts::RuleSet;

template <class B>
struct Masks {
    using Bits = typename B::Bits;
    // Advancement of a white man (rows from its own back row) written in binary:
    // a man's advancement is sum_k 2^k over the planes holding it. Black's planes
    // are the board turned upside down.
    std::array<std::array<Bits, 4>, 2> advancement{};
    Bits centre{}, left{}, right{}, long_diagonal{}, edge{};
    // The half of the board nearer the other side's back row, by colour.
    std::array<Bits, 2> enemy_half{};
    // Rows counted from each colour's own back row.
    std::array<std::array<Bits, B::rows>, 2> row_from_back{};
    std::array<Bits, 2> back_rank{};
    // Men of each colour that are at most three rows from crowning.
    std::array<Bits, 2> near_crowning{};
    // The squares ahead of a man, widening by one column per row: an enemy man
    // there may still stop it; with none, the man runs to crown.
    std::array<std::array<Bits, B::bit_count>, 2> cone{};

    static constexpr Masks make() {
        Masks m{};
        for (int row = 0; row < B::rows; ++row) {
            const int white_advance = B::rows - 1 - row;
            for (int k = 0; k < 4; ++k) {
                if ((white_advance >> k) & 1) m.advancement[0][k] |= B::row_mask(row);
                if ((row >> k) & 1) m.advancement[1][k] |= B::row_mask(row);
            }
            m.row_from_back[0][B::rows - 1 - row] = B::row_mask(row);
            m.row_from_back[1][row] = B::row_mask(row);
            (row < B::rows / 2 ? m.enemy_half[0] : m.enemy_half[1]) |= B::row_mask(row);
            if (row <= 3) m.near_crowning[0] |= B::row_mask(row);
            if (row >= B::rows - 4) m.near_crowning[1] |= B::row_mask(row);
        }
        // The long diagonal is the one of the two corner-to-corner diagonals whose
        // squares are all playable.
        const bool rising = B::square_at(B::rows - 1, 0) >= 0;
        for (int sq = 0; sq < B::squares; ++sq) {
            const int row = B::row_of_square(sq), col = B::col_of_square(sq);
            const Bits bit = bit_at<Bits>(B::bit_of(sq));
            if (row >= 2 && row < B::rows - 2 && col >= 2 && col < B::cols - 2) m.centre |= bit;
            (col < B::cols / 2 ? m.left : m.right) |= bit;
            if (col == 0 || col == B::cols - 1) m.edge |= bit;
            if (rising ? row + col == B::rows - 1 : row == col) m.long_diagonal |= bit;
            for (int other = 0; other < B::squares; ++other) {
                const int r = B::row_of_square(other), c = B::col_of_square(other);
                const int dc = c > col ? c - col : col - c;
                const Bits o = bit_at<Bits>(B::bit_of(other));
                if (r < row && dc <= row - r) m.cone[0][B::bit_of(sq)] |= o;
                if (r > row && dc <= r - row) m.cone[1][B::bit_of(sq)] |= o;
            }
        }
        m.back_rank[0] = B::row_mask(B::rows - 1);
        m.back_rank[1] = B::row_mask(0);
        return m;
    }
};

template <class B>
inline constexpr Masks<B> masks = Masks<B>::make();

// The fraction of the score kept in endings where the weaker side, a lone king,
// holds the draw against flying kings: on 10x10 and 12x12 against up to three
// pieces; on 8x8 against up to two (three kings win there, the lone king off the
// long diagonal aside). 100 elsewhere.
template <RuleSet R>
int drawish_percent(const Position<typename R::board>& p, int percent) {
    if constexpr (!R::flying_kings) {
        return 100;
    } else {
        using B = typename R::board;
        const auto white = p.pieces[0], black = p.pieces[1];
        const int w = popcount(white), b = popcount(black);
        const auto lone_king = [&](auto side) { return popcount(side) == 1 && (side & p.kings) != 0; };
        const int holds = B::rows >= 10 ? 3 : 2;
        if ((lone_king(black) && w <= holds) || (lone_king(white) && b <= holds)) return percent;
        if constexpr (B::rows == 8) {
            const auto& m = masks<B>;
            if ((lone_king(black) && w == 3 && (black & m.long_diagonal)) ||
                (lone_king(white) && b == 3 && (white & m.long_diagonal)))
                return percent;
        }
        return 100;
    }
}

// The empty squares the kings in `kings` could move to in direction D.
template <RuleSet R, int D>
typename R::board::Bits king_ray(typename R::board::Bits kings, typename R::board::Bits empty) {
    using B = typename R::board;
    auto ray = B::template shifted<D>(kings) & empty;
    if constexpr (R::flying_kings)
        for (auto next = ray; next;) ray |= next = B::template shifted<D>(next) & empty;
    return ray;
}

// The number of empty squares the kings in `kings` could move to (rays of two kings
// in one direction never overlap: a ray stops at the first piece).
template <RuleSet R>
int king_moves(typename R::board::Bits kings, typename R::board::Bits empty) {
    using namespace damier::draughts;  // the directions
    return popcount(king_ray<R, UpLeft>(kings, empty)) + popcount(king_ray<R, UpRight>(kings, empty)) +
           popcount(king_ray<R, DownLeft>(kings, empty)) + popcount(king_ray<R, DownRight>(kings, empty));
}

// The moves of the kings of side c (which has no men) to squares where the other
// side could not take them at once: the hunted side's freedom in an ending it is
// losing. A trapped king is a lost king.
template <RuleSet R>
int safe_king_moves(const Position<typename R::board>& p, int c) {
    using B = typename R::board;
    using Bits = typename B::Bits;
    using namespace damier::draughts;  // the directions
    const Bits hunters = p.pieces[1 - c];
    const Bits hunter_kings = hunters & p.kings;
    const Bits hunter_men = R::men_capture_kings ? hunters & ~p.kings : Bits{0};
    int n = 0;
    for (Bits kings = p.pieces[c]; kings;) {
        const Bits from = bit_at<Bits>(pop_lowest(kings));
        const Bits empty = p.empty() | from;  // the king leaves its square
        Bits reach = 0, unsafe = 0;
        auto along = [&]<int D>() {
            reach |= king_ray<R, D>(from, empty);
            // Hunters taking in direction D: a king next to the target or, flying,
            // with empty squares up to it, or a man next to it; the square beyond the
            // target must be empty.
            Bits attack = B::template shifted<D>(hunter_kings);
            if constexpr (R::flying_kings) attack |= B::template shifted<D>(king_ray<R, D>(hunter_kings, empty));
            const bool forward = (c == 1) == (D == UpLeft || D == UpRight);  // forward for the hunters' men
            if (R::men_capture_backwards || forward) attack |= B::template shifted<D>(hunter_men);
            unsafe |= attack & B::template shifted<opposite(D)>(empty);
        };
        along.template operator()<UpLeft>();
        along.template operator()<UpRight>();
        along.template operator()<DownLeft>();
        along.template operator()<DownRight>();
        n += popcount(reach & ~unsafe);
    }
    return n;
}

// Men of colour c (0 White, moving up) with both squares diagonally behind them
// held by pieces of their own side; off the board counts as not held.
template <class B>
typename B::Bits backed_men(typename B::Bits men, typename B::Bits own, int c) {
    using namespace damier::draughts;  // the directions
    if (c == 0) return men & B::template shifted<UpRight>(own) & B::template shifted<UpLeft>(own);
    return men & B::template shifted<DownRight>(own) & B::template shifted<DownLeft>(own);
}

// Men of colour c (0 White, moving up) whose squares ahead are both taken or off
// the board: they cannot move until something changes in front of them.
template <class B>
typename B::Bits stuck_men(typename B::Bits men, typename B::Bits empty, int c) {
    using namespace damier::draughts;  // the directions
    if (c == 0) return men & ~(B::template shifted<DownLeft>(empty) | B::template shifted<DownRight>(empty));
    return men & ~(B::template shifted<UpLeft>(empty) | B::template shifted<UpRight>(empty));
}

// Calls sink.add(term, count) for every term, counts from White's point of view,
// sink.add_tapered(opening, ending, count, men, all_men) for terms whose
// weight moves from `opening` to `ending` as the men leave the board, and
// sink.add_late(late term, count, men, all_men) for the `_late` twins. The costlier
// terms are counted only when sink.uses(term) (the engine skips weights of 0).
template <RuleSet R, class Sink>
void collect(const Position<typename R::board>& p, Sink& sink) {
    using B = typename R::board;
    const auto& m = masks<B>;
    const bool any_king = p.kings != 0;
    const int all_men = 2 * R::men_rows * B::per_row;
    const int men_now = popcount(p.pieces[0] & ~p.kings) + popcount(p.pieces[1] & ~p.kings);
    int men = 0, kings = 0, advance = 0, centre = 0, back_rank = 0, balance = 0, runaway = 0, diagonal = 0, edge = 0,
        mobility = 0, outposts = 0, locked = 0, hunted = 0, first_king = 0;
    const auto empty = p.empty();
    const bool count_mobility = sink.uses(KingMobility), count_outposts = sink.uses(Outpost) || sink.uses(OutpostLate),
               count_locked = sink.uses(Locked) || sink.uses(LockedLate), count_hunted = sink.uses(HuntedKingMoves);
    std::array<int, B::rows> on_row{};
    std::array<int, 2> material{};
    // Unrolled (GCC at -O2 does not): the counts then stay in registers; evaluation
    // without patterns took 58 ns rolled, 39 ns unrolled (bench: BM_Evaluate).
#pragma GCC unroll 2
    for (int c = 0; c < 2; ++c) {
        const Color colour = static_cast<Color>(c);
        const int sign = c == 0 ? 1 : -1;
        const auto own_men = p.men(colour);
        const auto own_kings = p.kings_of(colour);
        const auto enemy = p.pieces[1 - c];
        men += sign * popcount(own_men);
        kings += sign * popcount(own_kings);
        if (own_kings) first_king += sign;
        material[c] = popcount(own_men) + 3 * popcount(own_kings);
        int a = 0;
#pragma GCC unroll 4
        for (int k = 0; k < 4; ++k) a += popcount(own_men & m.advancement[c][k]) << k;
        advance += sign * a;
        centre += sign * popcount(own_men & m.centre);
        edge += sign * popcount(own_men & m.edge);
#pragma GCC unroll 16
        for (int r = 1; r + 1 < B::rows; ++r) on_row[r] += sign * popcount(own_men & m.row_from_back[c][r]);
        // The back rank matters while no king is out: it stops the other side crowning.
        if (!any_king) back_rank += sign * popcount(own_men & m.back_rank[c]);
        const int wings = popcount(own_men & m.left) - popcount(own_men & m.right);
        balance -= sign * (wings < 0 ? -wings : wings);
        diagonal += sign * popcount(own_kings & m.long_diagonal);
        if (count_mobility && own_kings) mobility += sign * king_moves<R>(own_kings, empty);
        if (count_outposts) outposts += sign * popcount(backed_men<B>(own_men & m.enemy_half[c], p.pieces[c], c));
        if (count_locked) locked += sign * popcount(stuck_men<B>(own_men, empty, c));
        if (count_hunted && own_kings && !own_men && popcount(own_kings) < popcount(enemy))
            hunted += sign * safe_king_moves<R>(p, c);
        // A runaway needs the enemy to have no king (a flying king stops it anywhere).
        if ((enemy & p.kings) == 0)
            for (auto near = own_men & m.near_crowning[c]; near;)
                if ((m.cone[c][pop_lowest(near)] & enemy) == 0) runaway += sign;
    }
    sink.add(Man, men);
    sink.add(King, kings);
    sink.add_tapered(AdvanceOpening, AdvanceEnding, advance, men_now, all_men);
    sink.add(Centre, centre);
    sink.add(BackRank, back_rank);
    sink.add(Balance, balance);
    sink.add(Runaway, runaway);
    sink.add(KingDiagonal, diagonal);
    // Trading down helps the side ahead: the fewer pieces, the more a lead weighs.
    const int lead = material[0] - material[1];
    const int gone = 2 * R::men_rows * B::per_row - popcount(p.pieces[0] | p.pieces[1]);
    sink.add(TradeDown, lead > 0 ? gone : lead < 0 ? -gone : 0);
    sink.add(SideToMove, p.side == Color::White ? 1 : -1);
    sink.add(Edge, edge);
    for (int r = 1; r + 1 < B::rows; ++r) sink.add(static_cast<Term>(Row1 + r - 1), on_row[r]);
    sink.add(KingMobility, mobility);
    sink.add(Outpost, outposts);
    sink.add(Locked, locked);
    sink.add(HuntedKingMoves, hunted);
    sink.add(FirstKing, first_king);
    const auto late = [&](Term t, int count) {
        if (sink.uses(t)) sink.add_late(t, count, men_now, all_men);
    };
    late(ManLate, men);
    late(KingLate, kings);
    late(FirstKingLate, first_king);
    late(CentreLate, centre);
    late(BalanceLate, balance);
    late(RunawayLate, runaway);
    late(KingDiagonalLate, diagonal);
    late(EdgeLate, edge);
    late(OutpostLate, outposts);
    late(LockedLate, locked);
    late(SideToMoveLate, p.side == Color::White ? 1 : -1);
}

// The evaluation's sink: the weighted sum, kept multiplied by a common
// denominator so tapered terms round once.
// Scan's second drawish rule: with as many kings on each side (at least one) and
// the men within one of each other, an edge in the score is hard to turn into a win.
template <class B>
bool kings_level_men_close(const Position<B>& p) {
    const int white_kings = popcount(p.pieces[0] & p.kings), black_kings = popcount(p.pieces[1] & p.kings);
    const int men_apart = popcount(p.pieces[0] & ~p.kings) - popcount(p.pieces[1] & ~p.kings);
    return white_kings == black_kings && white_kings > 0 && men_apart >= -1 && men_apart <= 1;
}

struct WeightedSum {
    const Weights& weights;
    long long scaled = 0;  // the sum times `denominator`
    int denominator = 1;

    bool uses(Term t) const { return weights[t] != 0; }
    void add(Term t, int count) { scaled += static_cast<long long>(weights[t]) * count * denominator; }
    void add_tapered(Term opening, Term ending, int count, int part, int whole) {
        // Every taper in collect uses the same whole (all the men), set before use.
        scaled += (static_cast<long long>(weights[opening]) * part +
                   static_cast<long long>(weights[ending]) * (whole - part)) *
                  count;
    }
    void add_late(Term t, int count, int part, int whole) {
        scaled += static_cast<long long>(weights[t]) * (whole - part) * count;
    }
};

// The tuner's sink: the count of every term from White's point of view, tapered
// terms split between their two weights.
struct TermCounts {
    std::array<double, TermCount> count{};

    static bool uses(Term) { return true; }
    void add(Term t, int c) { count[t] += c; }
    void add_tapered(Term opening, Term ending, int c, int part, int whole) {
        count[opening] += static_cast<double>(c) * part / whole;
        count[ending] += static_cast<double>(c) * (whole - part) / whole;
    }
    void add_late(Term t, int c, int part, int whole) { count[t] += static_cast<double>(c) * (whole - part) / whole; }
};

// Score of p from the point of view of the side to move.
template <RuleSet R>
search::Score evaluate(const Position<typename R::board>& p, const Weights& w = builtin_weights(R::name)) {
    using B = typename R::board;
    constexpr int all_men = 2 * R::men_rows * B::per_row;
    WeightedSum sum{w, 0, all_men};
    collect<R>(p, sum);
    long long white = sum.scaled / sum.denominator;
    if (w.patterns) white += w.patterns->score(p, R::men_rows);
    if (const int keep = drawish_percent<R>(p, w[DrawishPercent]); keep != 100) white = white * keep / 100;
    else if (w[DrawishKingsPercent] != 100 && kings_level_men_close(p)) white = white * w[DrawishKingsPercent] / 100;
    const auto score = static_cast<search::Score>(white);
    return p.side == Color::White ? score : -score;
}

}  // namespace damier::eval::draughts
