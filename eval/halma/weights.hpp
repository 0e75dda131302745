// Evaluation weights for Chinese checkers, as data (see eval/draughts/weights.hpp):
// names for a weights file, built-in values from eval/default.weights. Units are
// centi-steps: 100 is one piece one step nearer its goal tip, about one row of
// progress.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "eval/weights_file.hpp"

namespace damier::halma {

enum Term : std::size_t {
    // Per step between a piece and its goal tip (step distance on the empty star),
    // counted above the total of a full goal: the race itself.
    Progress,
    // Per piece not yet in the goal. Pieces at the goal's edge cost as much as
    // pieces deep inside by distance alone; this rewards the cell actually reached.
    GoalPiece,
    // Per step a piece lags behind its side's mean distance beyond the slack: a
    // piece left behind has no pieces to hop over and costs many single steps late.
    Straggler,
    StragglerSlack,  // steps (not centi-steps) of lag that cost nothing
    // Terms added for tuning, 0 in the first evaluation (the sink skips a term of
    // weight 0, so they cost nothing until used). f is the player's phase: 0 with
    // the start total distance, 1 with a full goal (eval/halma/eval.hpp).
    // Per piece still in the own start camp, times f: late, it is a straggler,
    // and with anti-blocking it fills the goal of the opposite player.
    HomeLate,
    // Per empty goal cell deeper (nearer the tip) than the own goal piece nearest
    // the entrance: a goal filled from its entrance leaves holes behind.
    GoalHole,
    // Per half-column a piece outside its goal stands off the line from its home
    // tip to its goal tip (lateral deviation).
    Lateral,
    // Per own piece outside the goal with a single forward jump ready (a hop over
    // any piece onto an empty cell nearer the goal tip): a mobility proxy.
    ForwardJump,
    // Per step above the full goal (as progress), times f: the race weighs more
    // (or less) as it ends. A tapered progress.
    ProgressLate,
    // Steps between the rearmost piece and the goal beyond the goal's depth.
    Rearmost,
    // Per goal cell held by another player's piece, with anti-blocking only (it
    // counts as filled for the finish).
    OthersInGoal,
    // For the player to move (a tempo: a turn in hand is worth a few steps).
    ToMove,
    TermCount
};

inline constexpr std::array<std::string_view, TermCount> term_names{
    "progress",  "goal_piece",   "straggler", "straggler_slack", "home_late", "goal_hole", "lateral",
    "forward_jump", "progress_late", "rearmost", "others_in_goal", "to_move"};

static_assert(!term_names.back().empty(), "a name for every term");

// Weights the tuner fits (the cost is linear in them); the rest are fixed.
constexpr bool tunable(Term t) { return t != StragglerSlack; }

struct Weights {
    std::array<int, TermCount> value{};
    constexpr int operator[](Term t) const { return value[t]; }
    constexpr int& operator[](Term t) { return value[t]; }
    bool operator==(const Weights&) const = default;
};

// Sections of a weights file Chinese checkers reads: [halma], then [chinese] or
// [diamond], then that variant's section for the game's player count ([chinese 6]).
extern const std::array<std::string_view, 3> sections;
inline constexpr int MinPlayers = 2, MaxPlayers = 6;
eval::WeightNames weight_names();

// The weights of `variant` (chinese or diamond) for games of `players` players (0:
// no player count section): built-in values, then `file` when given.
Weights weights_for(std::string_view variant, const eval::WeightsFile* file = nullptr, int players = 0);

// The built-in weights of `variant` for `players` players (0: the variant's own
// section only), computed once.
const Weights& builtin_weights(std::string_view variant = "chinese", int players = 0);

class Rules;
// The built-in weights of the rules' variant and player count.
const Weights& builtin_weights_for(const Rules& rules);

}  // namespace damier::halma
