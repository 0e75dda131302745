// What bounds a search (depth, nodes, time) and how the clock is turned into a
// time budget.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>

namespace damier::search {

struct Limits {
    int depth = 0;             // iterations to complete, 0 = no limit
    std::uint64_t nodes = 0;   // 0 = no limit (checked often, so counts stay exact per thread)
    double move_time = 0;      // seconds for this move, 0 = none
    double time = 0;           // seconds left on the mover's clock, 0 = no clock
    double increment = 0;      // seconds added per move
    int moves_to_go = 0;       // moves until the next time control, 0 = rest of the game
    bool infinite = false;     // search until stopped (analysis, pondering)
    double overhead = 0.03;    // seconds lost per move to the GUI and the pipes
};

// Flags a running search reads; the caller may set them from another thread.
struct Control {
    std::atomic<bool> stop{false};
    // While set, time limits are not applied (pondering); clearing it (ponder-hit)
    // applies them, counted from the start of the search.
    std::atomic<bool> pondering{false};
};

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// A soft budget (do not start another iteration past it) and a hard one (stop the
// search at once), both in seconds from the start of the search; 0 = none.
struct TimeBudget {
    double soft = 0;
    double hard = 0;
    bool fixed = false;  // a fixed move time: use all of it, stop only at the hard limit

    static TimeBudget from(const Limits& limits) {
        TimeBudget b;
        if (limits.infinite) return b;
        if (limits.move_time > 0) {
            // The transport costs a millisecond or two, so a short move time keeps
            // back at most 5% of itself rather than the whole per-move overhead.
            const double reserve = std::min(limits.overhead, 0.05 * limits.move_time);
            b.soft = b.hard = std::max(0.001, limits.move_time - reserve);
            b.fixed = true;
            return b;
        }
        if (limits.time <= 0) return b;
        // Games last some 40-80 moves; budget as if 30 were left (fewer when the
        // control says so), keeping a reserve per move for the transport overhead.
        const int horizon = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 30) : 30;
        const double reserve = limits.overhead * horizon;
        const double usable = std::max(0.0, limits.time - limits.overhead);
        const double available = std::max(0.0, limits.time + limits.increment * (horizon - 1) - reserve);
        // At least a millisecond each, also when the clock holds less than the overhead.
        constexpr double least = 0.001;
        b.soft = std::clamp(available / horizon, least, std::max(least, usable * 0.4));
        b.hard = std::clamp(b.soft * 4, least, std::max(least, usable * (limits.moves_to_go == 1 ? 0.9 : 0.5)));
        b.soft = std::min(b.soft, b.hard);
        return b;
    }
};

}  // namespace damier::search
