// Diagonal board geometry for 8x8, 10x10 and 12x12 draughts.
//
// Playable squares are numbered 0..N-1 row by row from the top, left to right,
// with the top-left playable square on column 1 (the international convention;
// mirrored rule sets such as Italian are mapped in notation, since every rule is
// left-right symmetric). White sits at the bottom and moves up.
//
// Bit layout: each pair of rows takes Cols playable bits plus one unused "ghost"
// bit, so every diagonal step is a constant shift (up-left -(S+1), up-right -S,
// down-left +S, down-right +S+1 with S = Cols/2) and a step off the left or right
// edge lands on a ghost bit, which no piece mask ever contains.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "engine/core/bits.hpp"

namespace damier::draughts {

enum class Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color opponent(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr int index(Color c) { return static_cast<int>(c); }

// Directions in a fixed order; opposite(d) == 3 - d.
enum Direction : int { UpLeft = 0, UpRight = 1, DownLeft = 2, DownRight = 3 };
constexpr int opposite(int d) { return 3 - d; }

template <int Rows, int Cols>
struct Board {
    static_assert(Rows % 2 == 0 && Cols % 2 == 0);
    static constexpr int rows = Rows;
    static constexpr int cols = Cols;
    static constexpr int per_row = Cols / 2;
    static constexpr int squares = Rows * per_row;
    static constexpr int bit_count = squares + Rows / 2;
    using Bits = std::conditional_t<(bit_count <= 64), std::uint64_t, u128>;

    static constexpr int shift[4] = {-(per_row + 1), -per_row, per_row, per_row + 1};

    static constexpr int bit_of(int square) { return square + square / Cols; }
    static constexpr int row_of_square(int square) { return square / per_row; }
    static constexpr int col_of_square(int square) {
        int row = row_of_square(square);
        return 2 * (square % per_row) + (row % 2 == 0 ? 1 : 0);
    }
    // Square index from (row, col) or -1 if the cell is not a playable square.
    static constexpr int square_at(int row, int col) {
        if (row < 0 || row >= Rows || col < 0 || col >= Cols) return -1;
        if ((row + col) % 2 == 0) return -1;
        return row * per_row + col / 2;
    }

    struct Tables {
        std::array<int8_t, bit_count> square_of_bit{};  // -1 on ghost bits
        std::array<std::array<int8_t, 4>, bit_count> step{};  // neighbour bit or -1
        std::array<int8_t, bit_count> row_of_bit{};
        Bits playable{};
        std::array<Bits, Rows> row_mask{};
    };

    static constexpr Tables make_tables() {
        Tables t{};
        for (auto& s : t.square_of_bit) s = -1;
        for (auto& st : t.step) st = {-1, -1, -1, -1};
        constexpr int drow[4] = {-1, -1, 1, 1};
        constexpr int dcol[4] = {-1, 1, -1, 1};
        for (int sq = 0; sq < squares; ++sq) {
            int b = bit_of(sq), row = row_of_square(sq), col = col_of_square(sq);
            t.square_of_bit[b] = static_cast<int8_t>(sq);
            t.row_of_bit[b] = static_cast<int8_t>(row);
            t.playable |= bit_at<Bits>(b);
            t.row_mask[row] |= bit_at<Bits>(b);
            for (int d = 0; d < 4; ++d) {
                int to = square_at(row + drow[d], col + dcol[d]);
                t.step[b][d] = static_cast<int8_t>(to < 0 ? -1 : bit_of(to));
            }
        }
        return t;
    }
    static constexpr Tables tables = make_tables();

    static constexpr Bits playable = tables.playable;
    static constexpr int step(int bit, int dir) { return tables.step[bit][dir]; }
    static constexpr int square_of_bit(int bit) { return tables.square_of_bit[bit]; }
    static constexpr int row_of_bit(int bit) { return tables.row_of_bit[bit]; }
    static constexpr Bits row_mask(int row) { return tables.row_mask[row]; }

    // The row where men of colour c are crowned.
    static constexpr Bits promotion_row(Color c) { return row_mask(c == Color::White ? 0 : Rows - 1); }

    // Every square of b moved one step in direction Dir. Steps off the board land on
    // ghost or unused bits, so callers mask the result with a set of squares (empty
    // squares, pieces) before relying on it.
    template <int Dir>
    static constexpr Bits shifted(Bits b) {
        constexpr int s = shift[Dir];
        if constexpr (s > 0) return b << s;
        else return b >> (-s);
    }
};

using Board8 = Board<8, 8>;
using Board10 = Board<10, 10>;
using Board12 = Board<12, 12>;

}  // namespace damier::draughts
