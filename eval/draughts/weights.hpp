// The draughts evaluation weights, in centi-men (a man is worth 100), as data: a
// name per weight (the key of a weights file, eval/weights_file.hpp), built-in
// values from eval/default.weights compiled in, and an eval-file to override them.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/draughts/variant_list.hpp"
#include "eval/builtin_weights.hpp"
#include "eval/draughts/patterns.hpp"
#include "eval/weights_file.hpp"

namespace damier::eval::draughts {

enum Term : std::size_t {
    Man,             // per man
    King,            // per king (flying or short, per rule set)
    AdvanceOpening,  // per row a man has advanced, full weight with every man on the board
    AdvanceEnding,   // the same, full weight with no man left: tapered between the two
    Centre,          // per man in the central zone
    BackRank,        // per man still guarding its own crowning row while no king is out
    Balance,         // per man of difference between the left and right wings (a cost)
    Runaway,         // per man with no enemy man in the cone ahead of it, near crowning
    KingDiagonal,    // per king on the long diagonal (the main road)
    TradeDown,       // for the side ahead in material, per piece gone from the board
    SideToMove,      // having the move, in quiet positions
    DrawishPercent,  // what is kept of the score in drawish endings (a lone king holds)
    Edge,            // per man on the two edge columns
    // Per man on its n-th row counted from its own back row (0): a value per row on
    // top of the linear advancement. 8x8 boards use rows 1-6, 10x10 1-8, 12x12 1-10.
    Row1,
    Row10 = Row1 + 9,
    KingMobility,    // per empty square a king could move to
    Outpost,         // per man in the enemy half with both squares behind it held by its own pieces
    Locked,          // per man with no empty square to step forward to (blocked, or locked in)
    HuntedKingMoves, // per safe move of a king whose side has kings only and fewer pieces
    FirstKing,       // for having a king at all: the first king is worth more than the next
    DrawishKingsPercent,  // what is kept of the score when the kings are level and the men within one
    // Each weight's change from the opening to the ending, as Scan 2.0 pairs every
    // weight: added to the term's own weight in proportion to the men gone from the
    // board (none with every man on it, all of it with none left).
    ManLate,
    KingLate,
    FirstKingLate,
    CentreLate,
    BalanceLate,
    RunawayLate,
    KingDiagonalLate,
    EdgeLate,
    OutpostLate,
    LockedLate,
    SideToMoveLate,
    TermCount
};

inline constexpr std::array<std::string_view, TermCount> term_names{
    "man",    "king",          "advance_opening", "advance_ending", "centre",       "back_rank",
    "balance", "runaway",      "king_diagonal",   "trade_down",     "side_to_move", "drawish_percent",
    "edge",    "row_1",        "row_2",           "row_3",          "row_4",        "row_5",
    "row_6",   "row_7",        "row_8",           "row_9",          "row_10",       "king_mobility",
    "outpost", "locked",       "hunted_king_moves", "first_king", "drawish_kings_percent",
    "man_late", "king_late",   "first_king_late", "centre_late", "balance_late", "runaway_late",
    "king_diagonal_late",      "edge_late",       "outpost_late", "locked_late",  "side_to_move_late"};

static_assert(!term_names.back().empty(), "a name for every term");

// Weights the tuner fits (the score is linear in them); the rest are fixed.
constexpr bool tunable(Term t) { return t != DrawishPercent && t != DrawishKingsPercent; }

struct Weights {
    std::array<int, TermCount> value{};
    // Learned values of the men's arrangements (eval/draughts/patterns.hpp); none
    // when null. Shared: every search thread reads the same table.
    std::shared_ptr<const PatternTable> patterns;
    constexpr int operator[](Term t) const { return value[t]; }
    constexpr int& operator[](Term t) { return value[t]; }
    bool operator==(const Weights&) const = default;
};

// Sections of a weights file the draughts rule sets read: [draughts], then one per rule set.
constexpr std::size_t section_count = 1 + damier::draughts::Variants::names.size();
extern const std::array<std::string_view, section_count> sections;
WeightNames weight_names();

// The weights of rule set `variant`: built-in values, then `file` when given.
Weights weights_for(std::string_view variant, const WeightsFile* file = nullptr);

// The built-in weights (eval/default.weights) of rule set `variant`, computed once.
const Weights& builtin_weights(std::string_view variant);

// The weights of rule set R read from an eval-file and a pattern file, as an engine
// given both would play them; no path keeps the built-in part. On a problem (an
// empty path too), a one-line error naming the file.
template <class R>
Result<Weights> weights_from_files(const std::optional<std::string>& eval_path,
                                   const std::optional<std::string>& pattern_path) {
    Weights w = weights_for(R::name);
    if (eval_path) {
        auto file = load_eval_file(*eval_path);
        if (!file) return failure<Weights>(file.error());
        w = weights_for(R::name, &*file);
    }
    if (pattern_path) {
        auto file = load_patterns(*pattern_path);
        if (!file) return failure<Weights>(file.error());
        if (auto mismatch = table_mismatch<typename R::board>(*file, R::name); !mismatch.empty())
            return failure<Weights>(*pattern_path + ": " + mismatch);
        w.patterns = std::make_shared<const PatternTable>(with_both_sides<typename R::board>(std::move(file->table)));
    }
    return w;
}

}  // namespace damier::eval::draughts
