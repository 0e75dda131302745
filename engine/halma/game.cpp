#include "engine/halma/game.hpp"

#include <algorithm>
#include <array>

namespace damier::halma {

namespace {

int bits8(unsigned m) { return std::popcount(m & 0xFFu); }

unsigned unplaced(const Rules& rules, const Position& p) { return rules.seated_mask() & ~unsigned{p.placed()}; }

void set_place(Position& p, int camp, int place2) {
    if (!p.place2[camp]) p.key ^= zobrist.placed[camp];
    p.place2[camp] = static_cast<std::uint8_t>(place2);
}

// Best and worst free places: finishers fill places from the top, resignations
// from the bottom.
int best_free(const Position& p) { return 1 + bits8(p.finished); }
int worst_free(const Rules& rules, const Position& p) { return rules.players() - bits8(p.resigned); }

void finish(Position& p, int camp) {
    int place = best_free(p);
    p.finished = static_cast<std::uint8_t>(p.finished | (1u << camp));
    set_place(p, camp, 2 * place);
}

// The unplaced players share the free places: the game is over.
void share_remaining(const Rules& rules, Position& p) {
    int lo = best_free(p), hi = worst_free(rules, p);
    for (unsigned u = unplaced(rules, p); u; u &= u - 1) set_place(p, std::countr_zero(u), lo + hi);
    p.over = true;
}

// Stagnation end: unplaced players ranked by pieces in goal, then distance.
void rank_remaining(const Rules& rules, Position& p) {
    struct Entry {
        int camp, in_goal, distance;
    };
    std::vector<Entry> entries;
    for (unsigned u = unplaced(rules, p); u; u &= u - 1) {
        int camp = std::countr_zero(u);
        entries.push_back({camp, goal_pieces(rules, p, camp), remaining_distance(rules, p, camp)});
    }
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return a.in_goal != b.in_goal ? a.in_goal > b.in_goal : a.distance < b.distance;
    });
    int first = best_free(p);
    for (std::size_t i = 0; i < entries.size();) {
        std::size_t j = i;
        while (j < entries.size() && entries[j].in_goal == entries[i].in_goal &&
               entries[j].distance == entries[i].distance)
            ++j;
        int lo = first + static_cast<int>(i), hi = first + static_cast<int>(j) - 1;
        for (std::size_t k = i; k < j; ++k) set_place(p, entries[k].camp, lo + hi);
        i = j;
    }
    p.over = true;
}

// End conditions that do not depend on the last move: one player left, the first
// finish without play-to-end, the move limit. Returns whether the game is over.
bool check_end(const Rules& rules, Position& p) {
    unsigned left = unplaced(rules, p);
    if (bits8(left) <= 1) {
        share_remaining(rules, p);
        return true;
    }
    if (p.finished && !rules.settings().play_to_end) {
        share_remaining(rules, p);
        return true;
    }
    if (rules.ply_limit() && p.ply >= rules.ply_limit()) {
        share_remaining(rules, p);
        return true;
    }
    return false;
}

void advance_side(const Rules& rules, Position& p) {
    int s = rules.next_seat(p.side);
    for (int i = 0; i < CampCount && p.place2[s]; ++i) s = rules.next_seat(s);
    p.key ^= zobrist.side[p.side] ^ zobrist.side[s];
    p.side = static_cast<std::uint8_t>(s);
}

}  // namespace

bool goal_reached(const Rules& rules, const Position& p, int camp) {
    const u128 goal = rules.goal(camp), own = p.pieces[camp];
    if (rules.diamond()) return (own & goal) == goal && ((p.kings & own) >> rules.goal_tip(camp)) & 1;
    if (rules.settings().anti_blocking) return (p.occupied & goal) == goal && (own & goal);
    return (own & goal) == goal;
}

int remaining_distance(const Rules& rules, const Position& p, int camp) {
    const u128 goal = rules.goal(camp), own = p.pieces[camp];
    const u128 targets = goal & ~own;
    if (!targets) return 0;
    int total = 0;
    for (u128 b = own & ~goal; b;) {
        const auto& dist = topology.distance[pop_lowest(b)];
        int best = 255;
        for (u128 t = targets; t;) best = std::min<int>(best, dist[pop_lowest(t)]);
        total += best;
    }
    return total;
}

int goal_pieces(const Rules& rules, const Position& p, int camp) { return popcount(p.pieces[camp] & rules.goal(camp)); }

Position start_position(const Rules& rules) {
    Position p;
    for (int i = 0; i < rules.seat_count(); ++i) {
        int camp = rules.seat(i);
        p.pieces[camp] = rules.home(camp);
        p.occupied |= rules.home(camp);
        if (rules.diamond()) p.kings |= bit_at<u128>(topology.tip[camp]);
    }
    p.side = static_cast<std::uint8_t>(rules.seat(0));
    return settle(rules, p);
}

Position settle(const Rules& rules, Position p) {
    p.occupied = 0;
    for (const auto& b : p.pieces) p.occupied |= b;
    p.key = p.compute_key();
    for (int i = 0; i < rules.seat_count(); ++i) {
        int camp = rules.seat(i);
        if (!p.place2[camp] && goal_reached(rules, p, camp)) finish(p, camp);
    }
    p.stale = 0;
    for (int camp = 0; camp < CampCount; ++camp)
        p.best[camp] = static_cast<std::uint16_t>(rules.seated(camp) ? remaining_distance(rules, p, camp) : 0);
    if (!p.over && !check_end(rules, p) && p.place2[p.side]) advance_side(rules, p);
    return p;
}

Position play(const Rules& rules, const Position& p, const Move& m) {
    Position n = p;
    const int me = p.side;
    const unsigned before = unplaced(rules, p);
    u128 changed = 0;
    int other = -1;  // the swapped piece's owner
    if (!m.is_pass()) {
        const u128 from = bit_at<u128>(m.from), to = bit_at<u128>(m.to);
        changed = from | to;
        const int king = (p.kings & from) ? 1 : 0;
        n.pieces[me] ^= changed;
        n.key ^= zobrist.piece[m.from][2 * me + king] ^ zobrist.piece[m.to][2 * me + king];
        if (king) n.kings ^= changed;
        if (m.is_swap()) {
            other = p.owner(m.to);
            n.pieces[other] ^= changed;
            n.key ^= zobrist.piece[m.to][2 * other] ^ zobrist.piece[m.from][2 * other];
        } else {
            n.occupied ^= changed;
        }
    }
    ++n.ply;
    // Finishing: the mover first, then the others in turn order.
    for (int camp = me, i = 0; i < rules.seat_count(); ++i, camp = rules.next_seat(camp))
        if (((before >> camp) & 1) && (rules.goal(camp) & changed) && goal_reached(rules, n, camp)) finish(n, camp);
    // Stagnation: only the players whose pieces moved can reach a new best.
    bool stagnated = false;
    if (rules.settings().stagnation > 0) {
        bool progress = false;
        for (int camp : {me, other}) {
            if (camp < 0 || !((before >> camp) & 1)) continue;
            auto d = static_cast<std::uint16_t>(remaining_distance(rules, n, camp));
            if (d < n.best[camp]) {
                n.best[camp] = d;
                progress = true;
            }
        }
        n.stale = progress ? 0 : n.stale + 1;
        stagnated = n.stale >= static_cast<std::uint32_t>(rules.settings().stagnation) *
                                   static_cast<std::uint32_t>(bits8(unplaced(rules, n)));
    }
    if (check_end(rules, n)) return n;
    if (stagnated) {
        rank_remaining(rules, n);
        return n;
    }
    advance_side(rules, n);
    return n;
}

Position resign(const Rules& rules, const Position& p, int camp) {
    if (p.over || camp < 0 || camp >= CampCount || !((unplaced(rules, p) >> camp) & 1)) return p;
    Position n = p;
    int place = worst_free(rules, n);
    n.resigned = static_cast<std::uint8_t>(n.resigned | (1u << camp));
    set_place(n, camp, 2 * place);
    if (bits8(unplaced(rules, n)) <= 1) {
        share_remaining(rules, n);
        return n;
    }
    if (n.side == camp) advance_side(rules, n);
    return n;
}

std::vector<Standing> standings(const Rules& rules, const Position& p) {
    std::vector<Standing> out;
    const double n = rules.players();
    for (int i = 0; i < rules.seat_count(); ++i) {
        int camp = rules.seat(i);
        double place = p.place2[camp] / 2.0;
        out.push_back({camp, place, place > 0 ? (n - place) / (n - 1) : 0.0});
    }
    return out;
}

}  // namespace damier::halma
