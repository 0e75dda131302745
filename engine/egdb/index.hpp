// Endgame database indexing: material signatures and a combinatorial index of
// piece placements, seen from the side to move.
//
// Every position is stored as if White were to move: a position with Black to
// move is turned half a turn (square s becomes N-1-s) and its colours swapped,
// which the rules allow since all of them are left-right symmetric. So one table
// per signature (men and kings of the side to move, men and kings of the other
// side) serves both colours, and its values are the side to move's.
//
// Index of a placement: the mover's men as a combination of the squares a white
// man may stand on (not row 0, where it would have been crowned), the other
// side's men likewise (not the last row), then the mover's kings among the
// squares the men leave free and the other kings among those still free. Men of
// the two sides may name the same square in this scheme: such indices are holes,
// never probed (a few percent of a table at most).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "engine/draughts/position.hpp"

namespace damier::egdb {

using draughts::Color;

// Pieces of a database position, the side to move first.
struct Signature {
    int my_men = 0, my_kings = 0, their_men = 0, their_kings = 0;

    int pieces() const { return my_men + my_kings + their_men + their_kings; }
    int men() const { return my_men + their_men; }
    Signature swapped() const { return {their_men, their_kings, my_men, my_kings}; }
    // "1M2K-0m1k": the side to move's men (M) and kings (K), then the other side's.
    std::string label() const {
        return std::to_string(my_men) + "M" + std::to_string(my_kings) + "K-" + std::to_string(their_men) + "m" +
               std::to_string(their_kings) + "k";
    }
    friend bool operator==(const Signature&, const Signature&) = default;
};

inline constexpr int MaxPieces = 8;

// Binomial coefficients C(n, k) for the largest board (72 squares) and k <= MaxPieces.
inline constexpr auto binomial_table = [] {
    std::array<std::array<std::uint64_t, MaxPieces + 1>, 73> c{};
    for (int n = 0; n < 73; ++n) {
        c[n][0] = 1;
        for (int k = 1; k <= MaxPieces && k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
    }
    return c;
}();
constexpr std::uint64_t choose(int n, int k) {
    return k < 0 || n < 0 || k > n || k > MaxPieces ? 0 : binomial_table[n][k];
}

// Square sets in square numbering (0..N-1), not the board's bit layout.
using SquareSet = u128;

// The colex rank of the k squares in `set` (each shifted down by `offset`).
inline std::uint64_t rank_of(SquareSet set, int offset) {
    std::uint64_t r = 0;
    for (int i = 1; set; ++i) r += choose(pop_lowest(set) - offset, i);
    return r;
}

// The k values (each below `values`) of colex rank r, as a set shifted up by
// `offset`. The bound keeps the search for each value short.
inline SquareSet unrank(std::uint64_t r, int k, int offset, int values) {
    SquareSet set = 0;
    int x = values - 1;
    for (int i = k; i >= 1; --i) {
        while (choose(x, i) > r) --x;
        r -= choose(x, i);
        set |= SquareSet{1} << (x + offset);
    }
    return set;
}

// Squeezes set into the squares not in `taken` (the j-th free square becomes j).
inline SquareSet squeeze(SquareSet set, SquareSet taken) {
#if defined(__BMI2__)
    if ((set | taken) >> 64 == 0)  // boards up to 10x10
        return _pext_u64(static_cast<std::uint64_t>(set), ~static_cast<std::uint64_t>(taken));
#endif
    SquareSet out = 0;
    while (set) {
        const int s = pop_lowest(set);
        out |= SquareSet{1} << (s - popcount(taken & ((SquareSet{1} << s) - 1)));
    }
    return out;
}

// The inverse of squeeze: value j becomes the j-th square not in `taken`.
inline SquareSet unsqueeze(SquareSet set, SquareSet taken, int squares) {
#if defined(__BMI2__)
    if (squares <= 64) {
        const std::uint64_t board = squares == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << squares) - 1;
        return _pdep_u64(static_cast<std::uint64_t>(set), board & ~static_cast<std::uint64_t>(taken));
    }
#endif
    SquareSet out = 0;
    int j = 0;
    for (int s = 0; s < squares && set; ++s) {
        if ((taken >> s) & 1) continue;
        if ((set >> j) & 1) {
            out |= SquareSet{1} << s;
            set &= ~(SquareSet{1} << j);
        }
        ++j;
    }
    return out;
}

template <class B>
class Layout {
public:
    using Bits = typename B::Bits;
    using Pos = draughts::Position<B>;
    static constexpr int N = B::squares;
    static constexpr int row = B::per_row;  // squares of the row men may not stand on

    explicit Layout(Signature s)
        : sig_(s),
          my_men_(choose(N - row, s.my_men)),
          their_men_(choose(N - row, s.their_men)),
          my_kings_(choose(N - s.men(), s.my_kings)),
          their_kings_(choose(N - s.men() - s.my_kings, s.their_kings)) {}

    const Signature& signature() const { return sig_; }
    std::uint64_t size() const { return my_men_ * their_men_ * my_kings_ * their_kings_; }

    // The index of p, which has White to move and this signature.
    std::uint64_t index(const Pos& p) const {
        const SquareSet mm = squares(p.men(Color::White)), tm = squares(p.men(Color::Black));
        const SquareSet mk = squares(p.kings_of(Color::White)), tk = squares(p.kings_of(Color::Black));
        const SquareSet men = mm | tm;
        std::uint64_t i = rank_of(mm, row);
        i = i * their_men_ + rank_of(tm, 0);
        i = i * my_kings_ + rank_of(squeeze(mk, men), 0);
        return i * their_kings_ + rank_of(squeeze(tk, men | mk), 0);
    }

    // The position (White to move) of index i, or none for a hole.
    std::optional<Pos> position(std::uint64_t i) const {
        const std::uint64_t kings = my_kings_ * their_kings_;
        const Men m = men(i / kings);
        if (m.overlap()) return std::nullopt;
        return place_kings(m, i % kings);
    }

    // Calls visit(i, position(i)) for every i of [begin, end) in order, decoding
    // the men once for each run of indices that differ only in their kings (the
    // builder and its check visit every index, and this is most of their work).
    template <class F>
    void for_each_position(std::uint64_t begin, std::uint64_t end, F&& visit) const {
        const std::uint64_t kings = my_kings_ * their_kings_;
        for (std::uint64_t i = begin; i < end;) {
            const std::uint64_t run_end = std::min(end, (i / kings + 1) * kings);
            const Men m = men(i / kings);
            const bool hole = m.overlap();
            for (; i < run_end; ++i) visit(i, hole ? std::nullopt : std::optional<Pos>(place_kings(m, i % kings)));
        }
    }

    // Squares are the board's bits in order with the ghost bits left out.
    static SquareSet squares(Bits b) {
#if defined(__BMI2__)
        if constexpr (sizeof(Bits) == 8) return _pext_u64(b, B::playable);
#endif
        SquareSet s = 0;
        while (b) s |= SquareSet{1} << B::square_of_bit(pop_lowest(b));
        return s;
    }
    static Bits bits(SquareSet s) {
#if defined(__BMI2__)
        if constexpr (sizeof(Bits) == 8) return _pdep_u64(static_cast<std::uint64_t>(s), B::playable);
#endif
        Bits b = 0;
        while (s) b |= bit_at<Bits>(B::bit_of(pop_lowest(s)));
        return b;
    }

private:
    struct Men {
        SquareSet mine, theirs;
        // Two men on one square: an index of no position (a hole).
        bool overlap() const { return (mine & theirs) != 0; }
    };
    Men men(std::uint64_t rank) const {
        return {unrank(rank / their_men_, sig_.my_men, row, N - row), unrank(rank % their_men_, sig_.their_men, 0, N - row)};
    }
    Pos place_kings(const Men& m, std::uint64_t rank) const {
        const SquareSet men = m.mine | m.theirs;
        const int free = N - sig_.men();
        const SquareSet mk = unsqueeze(unrank(rank / their_kings_, sig_.my_kings, 0, free), men, N);
        const SquareSet tk = unsqueeze(unrank(rank % their_kings_, sig_.their_kings, 0, free - sig_.my_kings), men | mk, N);
        Pos p;
        p.pieces[0] = bits(m.mine | mk);
        p.pieces[1] = bits(m.theirs | tk);
        p.kings = bits(mk | tk);
        p.side = Color::White;
        return p;
    }

    Signature sig_;
    std::uint64_t my_men_, their_men_, my_kings_, their_kings_;
};

// p seen from its side to move: unchanged with White to move, otherwise turned
// half a turn with the colours swapped, so that White is to move.
//
// On the 64-bit boards the half turn is a reversal of the bits up to the last
// square's (the ghost bits sit symmetrically), checked here at compile time.
template <class B>
inline constexpr bool half_turn_reverses_bits = [] {
    if (sizeof(typename B::Bits) != 8) return false;
    constexpr int last = B::bit_of(B::squares - 1);
    for (int s = 0; s < B::squares; ++s)
        if (B::bit_of(B::squares - 1 - s) != last - B::bit_of(s)) return false;
    return true;
}();

constexpr std::uint64_t reversed_bits(std::uint64_t b) {
    b = ((b >> 1) & 0x5555555555555555ull) | ((b & 0x5555555555555555ull) << 1);
    b = ((b >> 2) & 0x3333333333333333ull) | ((b & 0x3333333333333333ull) << 2);
    b = ((b >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((b & 0x0F0F0F0F0F0F0F0Full) << 4);
    return __builtin_bswap64(b);
}

template <class B>
draughts::Position<B> from_mover(const draughts::Position<B>& p) {
    if (p.side == Color::White) return p;
    using Bits = typename B::Bits;
    auto turn = [](Bits b) {
        if constexpr (half_turn_reverses_bits<B>) {
            return static_cast<Bits>(reversed_bits(b) >> (63 - B::bit_of(B::squares - 1)));
        } else {
            Bits out = 0;
            while (b) out |= bit_at<Bits>(B::bit_of(B::squares - 1 - B::square_of_bit(pop_lowest(b))));
            return out;
        }
    };
    draughts::Position<B> q;
    q.pieces[0] = turn(p.pieces[1]);
    q.pieces[1] = turn(p.pieces[0]);
    q.kings = turn(p.kings);
    q.side = Color::White;
    return q;
}

// The signature of p, which has White to move.
template <class B>
Signature signature_of(const draughts::Position<B>& p) {
    return {popcount(p.men(Color::White)), popcount(p.kings_of(Color::White)), popcount(p.men(Color::Black)),
            popcount(p.kings_of(Color::Black))};
}

}  // namespace damier::egdb
