// Evaluation weights for Chinese checkers, in one place for tuning. Units are
// centi-steps: 100 is one piece one step nearer its goal tip, about one row of
// progress.
#pragma once

namespace damier::halma {

struct Weights {
    // Per step between a piece and its goal tip (step distance on the empty star),
    // counted above the total of a full goal: the race itself.
    int progress = 100;
    // Per piece not yet in the goal. Pieces at the goal's edge cost as much as
    // pieces deep inside by distance alone; this rewards the cell actually reached.
    int goal_piece = 60;
    // Per step a piece lags behind its side's mean distance beyond the slack: a
    // piece left behind has no pieces to hop over and costs many single steps late.
    int straggler = 50;
    int straggler_slack = 4;
};

}  // namespace damier::halma
