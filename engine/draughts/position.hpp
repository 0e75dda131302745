// Draughts position (piece sets and side to move), moves, and Zobrist keys.
//
// A move is one full turn: origin, destination, the set of captured pieces and
// whether the moving man is crowned. Capture paths are not stored: notation
// recovers them when a move needs its full path (see notation.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/core/bits.hpp"
#include "engine/draughts/board.hpp"

namespace damier::draughts {

template <class B>
struct Move {
    using Bits = typename B::Bits;
    // No member initialisers: move lists are large and must not be zero-filled.
    Bits captured;
    std::uint8_t from;  // bit index
    std::uint8_t to;    // bit index
    bool crowns;

    static Move quiet(int from, int to, bool crowns) { return Move{Bits{0}, u8(from), u8(to), crowns}; }
    static std::uint8_t u8(int bit) { return static_cast<std::uint8_t>(bit); }

    bool is_capture() const { return captured != 0; }
    friend bool operator==(const Move&, const Move&) = default;
};

// Fixed-capacity move list: no allocation in the generator. The capacity is far
// above the largest legal move counts known for these boards; the generator stops
// adding (and flags overflow) rather than write out of bounds.
template <class B>
class MoveList {
public:
    static constexpr std::size_t capacity = 1024;
    void clear() { size_ = 0; }
    void push(const Move<B>& m) {
        if (size_ < capacity) moves_[size_++] = m;
        else overflow_ = true;
    }
    // For quiet moves: at most 4 per empty square (one per direction), far below capacity.
    // The caller checks once that 4 * B::squares entries are free.
    void push_quiet(const Move<B>& m) { moves_[size_++] = m; }
    void mark_overflow() { overflow_ = true; }
    static_assert(capacity >= 4 * B::squares);
    void truncate(std::size_t n) { size_ = n; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    bool overflowed() const { return overflow_; }
    const Move<B>& operator[](std::size_t i) const { return moves_[i]; }
    Move<B>& operator[](std::size_t i) { return moves_[i]; }
    const Move<B>* begin() const { return moves_.data(); }
    const Move<B>* end() const { return moves_.data() + size_; }

private:
    std::array<Move<B>, capacity> moves_;
    std::size_t size_ = 0;
    bool overflow_ = false;
};

template <class B>
struct Zobrist {
    // keys[bit][piece] with piece = 2 * colour + is_king; one key for black to move.
    std::array<std::array<std::uint64_t, 4>, B::bit_count> piece{};
    std::uint64_t black_to_move = 0;

    static constexpr Zobrist make() {
        Zobrist z{};
        std::uint64_t state = 0x6A09E667F3BCC908ull ^ static_cast<std::uint64_t>(B::squares);
        for (auto& keys : z.piece)
            for (auto& k : keys) k = splitmix64(state);
        z.black_to_move = splitmix64(state);
        return z;
    }
};

template <class B>
inline constexpr Zobrist<B> zobrist = Zobrist<B>::make();

template <class B>
struct Position {
    using Bits = typename B::Bits;
    std::array<Bits, 2> pieces{};  // by colour, men and kings
    Bits kings{};
    Color side = Color::White;

    Bits mine() const { return pieces[index(side)]; }
    Bits theirs() const { return pieces[index(opponent(side))]; }
    Bits occupied() const { return pieces[0] | pieces[1]; }
    Bits empty() const { return B::playable & ~occupied(); }
    Bits men(Color c) const { return pieces[index(c)] & ~kings; }
    Bits kings_of(Color c) const { return pieces[index(c)] & kings; }

    // Copy-make: the position after m, which must be legal here.
    Position after(const Move<B>& m) const {
        Position p = *this;
        Bits from = bit_at<Bits>(m.from), to = bit_at<Bits>(m.to);
        Bits& own = p.pieces[index(side)];
        own = (own & ~from) | to;
        if (kings & from) p.kings = (p.kings & ~from) | to;
        else if (m.crowns) p.kings |= to;
        p.pieces[index(opponent(side))] &= ~m.captured;
        p.kings &= ~m.captured;
        p.side = opponent(side);
        return p;
    }

    std::uint64_t key() const {
        std::uint64_t k = side == Color::Black ? zobrist<B>.black_to_move : 0;
        for (int c = 0; c < 2; ++c) {
            for (Bits b = pieces[c]; b;) {
                int bit = pop_lowest(b);
                k ^= zobrist<B>.piece[bit][2 * c + ((kings >> bit) & 1 ? 1 : 0)];
            }
        }
        return k;
    }

    // The key of after(m), computed from this position's key without a rescan.
    std::uint64_t key_after(std::uint64_t key, const Move<B>& m) const {
        const auto& z = zobrist<B>;
        int me = index(side), them = 1 - me;
        bool was_king = (kings >> m.from) & 1;
        key ^= z.piece[m.from][2 * me + was_king];
        key ^= z.piece[m.to][2 * me + (was_king || m.crowns)];
        for (Bits c = m.captured; c;) {
            int bit = pop_lowest(c);
            key ^= z.piece[bit][2 * them + ((kings >> bit) & 1 ? 1 : 0)];
        }
        return key ^ z.black_to_move;
    }

    friend bool operator==(const Position&, const Position&) = default;
};

}  // namespace damier::draughts
