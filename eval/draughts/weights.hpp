// The draughts evaluation weights, in centi-men (a man is worth 100). One struct so
// that tuning (issue: strength) changes data, never code.
#pragma once

namespace damier::eval::draughts {

struct Weights {
    int man = 100;
    int flying_king = 300;   // kings that move and capture at a distance
    int short_king = 150;    // kings of one step (american, italian)
    int advancement = 2;     // per row a man has advanced (tempo)
    int centre = 5;          // per man in the central zone
    int back_rank = 6;       // per man still guarding its own crowning row
    int balance = 3;         // per man of difference between the left and right wings
    int side_to_move = 5;    // having the move is worth something in quiet positions
};

inline constexpr Weights default_weights{};

}  // namespace damier::eval::draughts
