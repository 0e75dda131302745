// The Chinese checkers board: a 121-cell star (a hexagon of 61 cells and six
// points of 10), numbered 1..121 row by row from the top as in
// engine/halma/RULES.md. Internally a cell is its number minus one,
// and also its bit index in a 128-bit set.
//
// Geometry uses cube coordinates (q, r, s), q + r + s = 0: the star is
// {q, r, s <= 4} union {q, r, s >= -4}, rows are r = -8..8 and q grows to the
// right. Every table is computed at compile time from that definition.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/bits.hpp"

namespace damier::halma {

inline constexpr int CellCount = 121;
inline constexpr int CampCount = 6;

// Axial directions (dq, dr), in an order where direction d and d + 3 are opposite.
inline constexpr std::array<std::array<int, 2>, 6> Directions{{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};

constexpr bool on_star(int q, int r) {
    int s = -q - r;
    return (q <= 4 && r <= 4 && s <= 4) || (q >= -4 && r >= -4 && s >= -4);
}
constexpr bool in_hexagon(int q, int r) {
    int s = -q - r;
    return q >= -4 && q <= 4 && r >= -4 && r <= 4 && s >= -4 && s <= 4;
}
constexpr int abs_int(int x) { return x < 0 ? -x : x; }
constexpr int hex_distance(int q1, int r1, int q2, int r2) {
    int dq = abs_int(q1 - q2), dr = abs_int(r1 - r2), ds = abs_int((q1 + r1) - (q2 + r2));
    return dq > dr ? (dq > ds ? dq : ds) : (dr > ds ? dr : ds);
}

struct Topology {
    std::array<std::int8_t, CellCount> q{}, r{};
    std::array<std::array<std::int8_t, 17>, 17> cell_at{};  // [r + 8][q + 8], -1 off the board
    std::array<std::array<std::int8_t, 6>, CellCount> neighbour{};  // -1 when off the board
    std::array<u128, CellCount> neighbours{};
    // The single jumps of a man from each cell: over the neighbour to the cell beyond.
    struct Jumps {
        std::uint8_t count;
        std::array<std::uint8_t, 6> over, land;
    };
    std::array<Jumps, CellCount> jumps{};
    // Cells along each direction from a cell (excluding it), for kings' line jumps.
    struct Ray {
        std::uint8_t length;
        std::array<std::uint8_t, 16> cells;
    };
    std::array<std::array<Ray, 6>, CellCount> rays{};
    // Step distance on the empty star (it is not always the hexagonal distance).
    std::array<std::array<std::uint8_t, CellCount>, CellCount> distance{};
    std::array<u128, CampCount> point{};     // the 10-cell points, camp 1..6 at index 0..5
    std::array<u128, CampCount> diamond{};   // the 15 cells within 4 steps of each tip
    std::array<int, CampCount> tip{};
    u128 hexagon{};
    u128 all{};

    static constexpr Topology make() {
        Topology t{};
        for (auto& row : t.cell_at) row.fill(-1);
        int n = 0;
        for (int r = -8; r <= 8; ++r)
            for (int q = -8; q <= 8; ++q)
                if (on_star(q, r)) {
                    t.q[n] = static_cast<std::int8_t>(q);
                    t.r[n] = static_cast<std::int8_t>(r);
                    t.cell_at[r + 8][q + 8] = static_cast<std::int8_t>(n);
                    ++n;
                }
        auto at = [&t](int cq, int cr) -> int {
            if (cq < -8 || cq > 8 || cr < -8 || cr > 8) return -1;
            return t.cell_at[cr + 8][cq + 8];
        };
        for (int c = 0; c < CellCount; ++c) {
            t.all |= bit_at<u128>(c);
            if (in_hexagon(t.q[c], t.r[c])) t.hexagon |= bit_at<u128>(c);
            t.jumps[c].count = 0;
            for (int d = 0; d < 6; ++d) {
                int dq = Directions[d][0], dr = Directions[d][1];
                int nb = at(t.q[c] + dq, t.r[c] + dr);
                t.neighbour[c][d] = static_cast<std::int8_t>(nb);
                if (nb >= 0) t.neighbours[c] |= bit_at<u128>(nb);
                int land = at(t.q[c] + 2 * dq, t.r[c] + 2 * dr);
                if (nb >= 0 && land >= 0) {
                    auto& j = t.jumps[c];
                    j.over[j.count] = static_cast<std::uint8_t>(nb);
                    j.land[j.count] = static_cast<std::uint8_t>(land);
                    ++j.count;
                }
                Ray& ray = t.rays[c][d];
                ray.length = 0;
                for (int k = 1;; ++k) {
                    int cell = at(t.q[c] + k * dq, t.r[c] + k * dr);
                    if (cell < 0) break;
                    ray.cells[ray.length++] = static_cast<std::uint8_t>(cell);
                }
            }
        }
        // Breadth-first search from every cell over the neighbour graph.
        for (int from = 0; from < CellCount; ++from) {
            auto& dist = t.distance[from];
            dist.fill(255);
            std::array<int, CellCount> queue{};
            int head = 0, tail = 0;
            queue[tail++] = from;
            dist[from] = 0;
            while (head < tail) {
                int c = queue[head++];
                for (int d = 0; d < 6; ++d) {
                    int nb = t.neighbour[c][d];
                    if (nb >= 0 && dist[nb] == 255) {
                        dist[nb] = static_cast<std::uint8_t>(dist[c] + 1);
                        queue[tail++] = nb;
                    }
                }
            }
        }
        // Camps clockwise from the bottom point: S, SW, NW, N, NE, SE.
        for (int c = 0; c < CellCount; ++c) {
            int q = t.q[c], r = t.r[c], s = -q - r;
            int camp = r >= 5 ? 0 : q <= -5 ? 1 : s >= 5 ? 2 : r <= -5 ? 3 : q >= 5 ? 4 : s <= -5 ? 5 : -1;
            if (camp >= 0) t.point[camp] |= bit_at<u128>(c);
        }
        constexpr std::array<std::array<int, 2>, CampCount> tips{{{-4, 8}, {-8, 4}, {-4, -4}, {4, -8}, {8, -4}, {4, 4}}};
        for (int camp = 0; camp < CampCount; ++camp) {
            int tq = tips[camp][0], tr = tips[camp][1];
            t.tip[camp] = at(tq, tr);
            for (int c = 0; c < CellCount; ++c)
                if (hex_distance(t.q[c], t.r[c], tq, tr) <= 4) t.diamond[camp] |= bit_at<u128>(c);
        }
        return t;
    }
};

inline constexpr Topology topology = Topology::make();

// The camp (0..5) opposite camp c: a player's goal.
constexpr int opposite(int camp) { return (camp + 3) % 6; }

}  // namespace damier::halma
