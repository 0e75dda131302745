// Chinese checkers rule options (RULES.md) and the
// per-game facts derived from them once: seating, goals, where pieces may land.
//
// Options are runtime values (player count, move limit...): the generator reads a
// few precomputed masks, so they cost nothing on the hot path.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/bits.hpp"
#include "engine/core/result.hpp"
#include "engine/halma/topology.hpp"

namespace damier::halma {

enum class Variant { Chinese, Diamond };
// The boards by name, in Variant order: the rule-set registry lists them.
inline constexpr std::array<std::string_view, 2> variant_names{"chinese", "diamond"};

// Every option with the default of the rules page.
struct Settings {
    Variant variant = Variant::Chinese;
    int players = 2;           // 2..6 (diamond: 2 or 3; 4+ plays the international rules)
    bool anti_blocking = true;  // finished when the goal is full and holds one own piece
    bool play_to_end = true;    // 3+ players: go on after the first finish
    int move_limit = 200;       // moves per player, 0 = none
    int stagnation = 40;        // rounds without progress, 0 = off
    bool goal_lock = false;     // a piece in its own goal stays in it
    bool swap = false;          // swap into an own goal cell held by another player

    // Sets one option by its protocol name ("anti-blocking", "move-limit", ...).
    // Returns an empty string or a one-line error.
    std::string set(std::string_view name, std::string_view value);
    // The value of option `name` as the protocol writes it ("true", "200"; "" if unknown).
    std::string text(std::string_view name) const;
};

// One option of the rules as the front ends offer it: a Settings field that is a
// flag or a whole number in a range. option_specs() is the one registration of an
// option: the Hub parameters, the match runner's settings and the rule-set registry
// (engine/rule_sets.hpp) are all made from it, in its order.
struct OptionSpec {
    std::string_view name;
    bool Settings::*flag = nullptr;  // a true/false option, or
    int Settings::*number = nullptr;  // a whole number from min to max
    int min = 0, max = 0;
};
std::span<const OptionSpec> option_specs();

Result<Variant> parse_variant(std::string_view name);
const char* variant_name(Variant v);

// Validated settings plus derived tables. Camps are 0..5 (camp number minus one).
class Rules {
public:
    static Result<Rules> make(const Settings& s);

    const Settings& settings() const { return settings_; }
    // Whether the Japanese rules are in force (diamond with 2 or 3 players).
    bool diamond() const { return diamond_; }
    int players() const { return settings_.players; }
    int seat_count() const { return settings_.players; }
    int seat(int i) const { return seats_[i]; }  // camps in turn order
    bool seated(int camp) const { return (seated_mask_ >> camp) & 1; }
    unsigned seated_mask() const { return seated_mask_; }
    // Cells a player's pieces start on and must reach.
    u128 home(int camp) const { return home_[camp]; }
    u128 goal(int camp) const { return goal_[camp]; }
    // Where the player's pieces may land (diamond: hexagon, own camp, goal).
    u128 allowed(int camp) const { return allowed_[camp]; }
    int goal_tip(int camp) const { return topology.tip[opposite(camp)]; }
    int pieces_per_player() const { return diamond_ ? 15 : 10; }
    // The ply at which the move limit ends the game (0 = no limit).
    unsigned ply_limit() const { return ply_limit_; }
    // The seated camp after `camp` in clockwise (increasing) order.
    int next_seat(int camp) const { return next_seat_[camp]; }

private:
    Settings settings_;
    bool diamond_ = false;
    std::array<int, CampCount> seats_{};
    std::array<int, CampCount> next_seat_{};
    unsigned seated_mask_ = 0;
    unsigned ply_limit_ = 0;
    std::array<u128, CampCount> home_{}, goal_{}, allowed_{};
};

}  // namespace damier::halma
