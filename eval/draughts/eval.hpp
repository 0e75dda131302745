// A first draughts evaluation: material, tempo, centre, back rank and wing balance,
// all from popcounts over fixed masks (no loops over pieces), so it costs a few
// dozen instructions per node on every board size.
#pragma once

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
    Bits centre{}, left{}, right{};
    std::array<Bits, 2> back_rank{};

    static constexpr Masks make() {
        Masks m{};
        for (int row = 0; row < B::rows; ++row) {
            const int white_advance = B::rows - 1 - row;
            for (int k = 0; k < 4; ++k) {
                if ((white_advance >> k) & 1) m.advancement[0][k] |= B::row_mask(row);
                if ((row >> k) & 1) m.advancement[1][k] |= B::row_mask(row);
            }
        }
        for (int sq = 0; sq < B::squares; ++sq) {
            const int row = B::row_of_square(sq), col = B::col_of_square(sq);
            const Bits bit = bit_at<Bits>(B::bit_of(sq));
            if (row >= 2 && row < B::rows - 2 && col >= 2 && col < B::cols - 2) m.centre |= bit;
            (col < B::cols / 2 ? m.left : m.right) |= bit;
        }
        m.back_rank[0] = B::row_mask(B::rows - 1);
        m.back_rank[1] = B::row_mask(0);
        return m;
    }
};

template <class B>
inline constexpr Masks<B> masks = Masks<B>::make();

// Score of p from the point of view of the side to move.
template <RuleSet R>
search::Score evaluate(const Position<typename R::board>& p, const Weights& w = default_weights) {
    using B = typename R::board;
    const auto& m = masks<B>;
    const int king_value = R::flying_kings ? w.flying_king : w.short_king;
    const bool any_king = p.kings != 0;
    int score = 0;
    for (int c = 0; c < 2; ++c) {
        const Color colour = static_cast<Color>(c);
        const auto men = p.men(colour);
        const auto kings = p.kings_of(colour);
        int s = w.man * popcount(men) + king_value * popcount(kings);
        int advance = 0;
        for (int k = 0; k < 4; ++k) advance += popcount(men & m.advancement[c][k]) << k;
        s += w.advancement * advance;
        s += w.centre * popcount(men & m.centre);
        // The back rank matters while no king is out: it stops the other side crowning.
        if (!any_king) s += w.back_rank * popcount(men & m.back_rank[c]);
        const int wings = popcount(men & m.left) - popcount(men & m.right);
        s -= w.balance * (wings < 0 ? -wings : wings);
        score += c == 0 ? s : -s;
    }
    return (p.side == Color::White ? score : -score) + w.side_to_move;
}

}  // namespace damier::eval::draughts
