// Chinese checkers position and moves.
//
// A position holds one 128-bit set per camp (pieces of the player who started
// there), the kings (diamond only), the side to move, the turn counter for the
// move limit, the places already decided (finish order, resignations), the
// stagnation counters and the Zobrist key, kept up to date by play().
//
// A move is one full turn: origin and destination cells plus its kind (a step,
// a jump chain, a swap with another player's piece in the mover's goal, or a
// pass). Jump paths are not stored; notation recovers the shortest chain.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/core/bits.hpp"
#include "engine/halma/topology.hpp"

namespace damier::halma {

enum class MoveKind : std::uint8_t { Step, Jump, SwapStep, SwapJump, Pass };

struct Move {
    // No member initialisers: move lists are large and must not be zero-filled.
    std::uint8_t from;  // cell 0..120
    std::uint8_t to;
    MoveKind kind;

    static Move make(int from, int to, MoveKind kind) {
        return Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), kind};
    }
    static Move pass() { return Move{0, 0, MoveKind::Pass}; }
    bool is_pass() const { return kind == MoveKind::Pass; }
    bool is_swap() const { return kind == MoveKind::SwapStep || kind == MoveKind::SwapJump; }
    bool is_jump() const { return kind == MoveKind::Jump || kind == MoveKind::SwapJump; }
    friend bool operator==(const Move&, const Move&) = default;
};

// Fixed-capacity move list. 15 pieces can reach at most 120 cells each, so the
// capacity covers every position; push() never writes out of bounds anyway.
class MoveList {
public:
    static constexpr std::size_t capacity = 15 * 120 + 1;
    void clear() { size_ = 0; }
    void push(const Move& m) {
        if (size_ < capacity) moves_[size_++] = m;
    }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }

private:
    std::array<Move, capacity> moves_;
    std::size_t size_ = 0;
};

struct Zobrist {
    std::array<std::array<std::uint64_t, 2 * CampCount>, CellCount> piece{};  // [cell][2 * camp + king]
    std::array<std::uint64_t, CampCount> side{};
    std::array<std::uint64_t, CampCount> placed{};  // the player is out of the turn order

    static constexpr Zobrist make() {
        Zobrist z{};
        std::uint64_t state = 0x3C6EF372FE94F82Bull;
        for (auto& keys : z.piece)
            for (auto& k : keys) k = splitmix64(state);
        for (auto& k : z.side) k = splitmix64(state);
        for (auto& k : z.placed) k = splitmix64(state);
        return z;
    }
};

inline constexpr Zobrist zobrist = Zobrist::make();

struct Position {
    std::array<u128, CampCount> pieces{};  // by start camp, men and kings
    u128 occupied{};
    u128 kings{};
    std::uint64_t key = 0;
    std::uint32_t ply = 0;    // turns taken (passes included), for the move limit
    std::uint32_t stale = 0;  // turns since an unplaced player last reached a new best distance
    std::array<std::uint16_t, CampCount> best{};   // best total remaining distance so far
    std::array<std::uint8_t, CampCount> place2{};  // twice the place (shared places average), 0 = none
    std::uint8_t side = 0;                         // camp to move
    std::uint8_t finished = 0;                     // camps (bits) placed by finishing
    std::uint8_t resigned = 0;                     // camps (bits) placed by resigning
    bool over = false;

    std::uint8_t placed() const {
        std::uint8_t m = 0;
        for (int c = 0; c < CampCount; ++c)
            if (place2[c]) m = static_cast<std::uint8_t>(m | (1u << c));
        return m;
    }
    int owner(int cell) const {
        for (int c = 0; c < CampCount; ++c)
            if ((pieces[c] >> cell) & 1) return c;
        return -1;
    }
    bool is_king(int cell) const { return (kings >> cell) & 1; }

    // The key from scratch: pieces, side to move and placed players.
    std::uint64_t compute_key() const {
        std::uint64_t k = zobrist.side[side];
        for (int c = 0; c < CampCount; ++c) {
            for (u128 b = pieces[c]; b;) {
                int cell = pop_lowest(b);
                k ^= zobrist.piece[cell][2 * c + (is_king(cell) ? 1 : 0)];
            }
            if (place2[c]) k ^= zobrist.placed[c];
        }
        return k;
    }

    friend bool operator==(const Position&, const Position&) = default;
};

}  // namespace damier::halma
