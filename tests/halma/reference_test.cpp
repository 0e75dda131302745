// A second, deliberately simple Chinese checkers implementation, written from the
// rules page without the engine's tables: cells from the row lengths in doubled
// coordinates (x in half cells, so neighbours are x +- 2 on a row and x +- 1 one
// row up or down), camps from the page's table, jumps by depth-first flood fill
// over a plain cell array, and its own game flow (finishing, places, move limit,
// stagnation). The engine must agree with it move for move, in perft counts, and
// on every step of random games, for every player count and option.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "engine/halma/notation.hpp"
#include "engine/halma/perft.hpp"

namespace {

namespace h = damier::halma;

constexpr int N = 121;

struct Geometry {
    std::array<int, N> x{}, y{};
    std::vector<std::vector<int>> neighbours;  // by cell
    std::array<std::array<int, N>, N> dist{};
    std::array<std::vector<int>, 6> point, diamond;
    std::array<int, 6> tip{};
    std::array<bool, N> hexagon{};

    int at(int cx, int cy) const {
        for (int c = 0; c < N; ++c)
            if (x[c] == cx && y[c] == cy) return c;
        return -1;
    }

    Geometry() {
        const int lengths[17] = {1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1};
        int c = 0;
        for (int row = 0; row < 17; ++row)
            for (int k = 0; k < lengths[row]; ++k, ++c) {
                x[c] = 12 - (lengths[row] - 1) + 2 * k;
                y[c] = row;
            }
        neighbours.resize(N);
        for (int a = 0; a < N; ++a)
            for (int b = 0; b < N; ++b) {
                int dx = x[b] - x[a], dy = y[b] - y[a];
                if ((dy == 0 && (dx == 2 || dx == -2)) || ((dy == 1 || dy == -1) && (dx == 1 || dx == -1)))
                    neighbours[a].push_back(b);
            }
        for (int a = 0; a < N; ++a) {
            dist[a].fill(-1);
            std::vector<int> queue{a};
            dist[a][a] = 0;
            for (std::size_t i = 0; i < queue.size(); ++i)
                for (int b : neighbours[queue[i]])
                    if (dist[a][b] < 0) {
                        dist[a][b] = dist[a][queue[i]] + 1;
                        queue.push_back(b);
                    }
        }
        // The camp table of the rules page, numbers 1..121.
        const std::vector<std::vector<int>> camps = {
            {112, 113, 114, 115, 116, 117, 118, 119, 120, 121}, {66, 76, 77, 87, 88, 89, 99, 100, 101, 102},
            {11, 12, 13, 14, 24, 25, 26, 36, 37, 47},           {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
            {20, 21, 22, 23, 33, 34, 35, 45, 46, 56},           {75, 85, 86, 96, 97, 98, 108, 109, 110, 111}};
        const int tips[6] = {121, 99, 11, 1, 23, 111};
        hexagon.fill(true);
        for (int k = 0; k < 6; ++k) {
            for (int n : camps[k]) {
                point[k].push_back(n - 1);
                hexagon[n - 1] = false;
            }
            tip[k] = tips[k] - 1;
            for (int cell = 0; cell < N; ++cell)
                if (dist[tip[k]][cell] <= 4) diamond[k].push_back(cell);
        }
    }
};

const Geometry& geo() {
    static const Geometry g;
    return g;
}

struct RefMove {
    int from, to;
    int kind;  // 0 step, 1 jump, 2 swap step, 3 swap jump, 4 pass
    friend bool operator<(const RefMove& a, const RefMove& b) {
        return std::tie(a.from, a.to, a.kind) < std::tie(b.from, b.to, b.kind);
    }
    friend bool operator==(const RefMove&, const RefMove&) = default;
};

struct RefGame {
    h::Settings s;
    bool diamond = false;
    std::vector<int> seats;
    std::array<int, N> owner{};  // -1 empty
    std::array<bool, N> king{};
    int side = 0;
    unsigned ply = 0, stale = 0;
    std::array<int, 6> best{};
    std::array<double, 6> place{};  // 0 = unplaced
    std::array<bool, 6> finished{}, resigned{};
    bool over = false;

    explicit RefGame(const h::Settings& settings) : s(settings) {
        diamond = s.variant == h::Variant::Diamond && s.players <= 3;
        const std::vector<std::vector<int>> seatings = {{}, {}, {0, 3}, {0, 2, 4}, {0, 1, 3, 4}, {0, 1, 2, 3, 4},
                                                        {0, 1, 2, 3, 4, 5}};
        seats = seatings[static_cast<std::size_t>(s.players)];
        owner.fill(-1);
    }

    const std::vector<int>& goal(int camp) const {
        return diamond ? geo().diamond[(camp + 3) % 6] : geo().point[(camp + 3) % 6];
    }
    bool in(const std::vector<int>& set, int cell) const {
        return std::find(set.begin(), set.end(), cell) != set.end();
    }
    bool unplaced(int camp) const { return place[camp] == 0; }
    int unplaced_count() const {
        int n = 0;
        for (int c : seats) n += unplaced(c);
        return n;
    }

    void read(const std::string& text) {
        side = text[0] - '1';
        for (int c = 0; c < N; ++c) {
            char ch = text[static_cast<std::size_t>(c + 1)];
            if (ch >= '1' && ch <= '6') owner[c] = ch - '1';
            if (ch >= 'A' && ch <= 'F') owner[c] = ch - 'A', king[c] = true;
        }
        for (int camp : seats)
            if (goal_reached(camp)) finish(camp);
        for (int camp : seats) best[camp] = distance(camp);
        if (!end_check() && !unplaced(side)) advance();
    }

    bool goal_reached(int camp) const {
        int own = 0, full = 0;
        for (int cell : goal(camp)) {
            own += owner[cell] == camp;
            full += owner[cell] >= 0;
        }
        int size = static_cast<int>(goal(camp).size());
        if (diamond) {
            int t = geo().tip[(camp + 3) % 6];
            return own == size && king[t];
        }
        if (s.anti_blocking) return full == size && own > 0;
        return own == size;
    }

    int distance(int camp) const {
        int total = 0;
        for (int cell = 0; cell < N; ++cell) {
            if (owner[cell] != camp || in(goal(camp), cell)) continue;
            int nearest = 1000;
            for (int g : goal(camp))
                if (owner[g] != camp) nearest = std::min(nearest, geo().dist[cell][g]);
            total += nearest == 1000 ? 0 : nearest;
        }
        return total;
    }
    int in_goal(int camp) const {
        int n = 0;
        for (int g : goal(camp)) n += owner[g] == camp;
        return n;
    }

    void finish(int camp) {
        int count = 0;
        for (int c : seats) count += finished[c];
        finished[camp] = true;
        place[camp] = count + 1;
    }
    std::pair<int, int> free_places() const {
        int f = 0, r = 0;
        for (int c : seats) f += finished[c], r += resigned[c];
        return {1 + f, s.players - r};
    }
    void share() {
        auto [lo, hi] = free_places();
        for (int c : seats)
            if (unplaced(c)) place[c] = (lo + hi) / 2.0;
        over = true;
    }
    bool end_check() {
        bool any_finished = false;
        for (int c : seats) any_finished = any_finished || finished[c];
        unsigned limit = static_cast<unsigned>(s.move_limit * s.players);
        if (unplaced_count() <= 1 || (any_finished && !s.play_to_end) || (limit && ply >= limit)) {
            share();
            return true;
        }
        return false;
    }
    void advance() {
        std::size_t i = static_cast<std::size_t>(std::find(seats.begin(), seats.end(), side) - seats.begin());
        do {
            i = (i + 1) % seats.size();
        } while (!unplaced(seats[i]));
        side = seats[i];
    }

    bool allowed(int piece_from, int cell) const {
        int camp = owner[piece_from];
        if (diamond && !geo().hexagon[cell] && !in(geo().point[camp], cell) && !in(geo().point[(camp + 3) % 6], cell))
            return false;
        if (s.goal_lock && in(goal(camp), piece_from) && !in(goal(camp), cell)) return false;
        return true;
    }

    // Cells reached by jumping from `from` on `board` (from already emptied).
    std::vector<bool> flood(const std::array<int, N>& board, int from, bool is_king) const {
        std::vector<bool> seen(N, false);
        std::vector<int> stack{from};
        seen[from] = true;
        while (!stack.empty()) {
            int c = stack.back();
            stack.pop_back();
            for (int dx : {-2, -1, 1, 2})
                for (int dy : {-1, 0, 1}) {
                    if ((dy == 0) != (dx == 2 || dx == -2)) continue;
                    int k = 1, land = -1;
                    for (;; ++k) {
                        int cell = geo().at(geo().x[c] + k * dx, geo().y[c] + k * dy);
                        if (cell < 0) break;
                        if (board[cell] < 0) {
                            land = cell;
                            break;
                        }
                        if (king[cell]) break;  // nothing jumps a king
                        if (!is_king && k == 2) break;
                    }
                    if (land < 0 || k == 1 || !allowed(from, land) || seen[land]) continue;
                    seen[land] = true;
                    stack.push_back(land);
                }
        }
        seen[from] = false;
        return seen;
    }

    std::vector<RefMove> moves() const {
        std::vector<RefMove> out;
        if (over) return out;
        for (int f = 0; f < N; ++f) {
            if (owner[f] != side) continue;
            for (int n : geo().neighbours[f])
                if (owner[n] < 0 && allowed(f, n)) out.push_back({f, n, 0});
            auto board = owner;
            board[f] = -1;
            auto reached = flood(board, f, king[f]);
            for (int t = 0; t < N; ++t) {
                bool is_step = std::find_if(out.begin(), out.end(), [&](const RefMove& m) {
                                   return m.from == f && m.to == t;
                               }) != out.end();
                if (reached[t] && !is_step) out.push_back({f, t, 1});  // one move per (from, to)
            }
            if (!s.swap) continue;
            for (int g : goal(side)) {
                if (owner[g] < 0 || owner[g] == side || !allowed(f, g)) continue;
                auto& nb = geo().neighbours[f];
                if (std::find(nb.begin(), nb.end(), g) != nb.end()) {
                    out.push_back({f, g, 2});
                    continue;
                }
                auto emptied = board;
                emptied[g] = -1;
                if (flood(emptied, f, king[f])[static_cast<std::size_t>(g)]) out.push_back({f, g, 3});
            }
        }
        if (out.empty()) out.push_back({0, 0, 4});
        std::sort(out.begin(), out.end());
        return out;
    }

    void play(const RefMove& m) {
        std::vector<int> before;
        for (int c : seats)
            if (unplaced(c)) before.push_back(c);
        if (m.kind != 4) {
            int other = owner[m.to];
            owner[m.to] = side;
            owner[m.from] = m.kind >= 2 ? other : -1;
            std::swap(king[m.from], king[m.to]);
        }
        ++ply;
        std::size_t i = static_cast<std::size_t>(std::find(seats.begin(), seats.end(), side) - seats.begin());
        for (std::size_t k = 0; k < seats.size(); ++k) {
            int c = seats[(i + k) % seats.size()];
            if (unplaced(c) && goal_reached(c)) finish(c);
        }
        bool progress = false;
        for (int c : before) {
            int d = distance(c);
            if (d < best[c]) best[c] = d, progress = true;
        }
        stale = progress ? 0 : stale + 1;
        bool stagnated = s.stagnation > 0 && stale >= static_cast<unsigned>(s.stagnation * unplaced_count());
        if (end_check()) return;
        if (stagnated) {
            std::vector<std::tuple<int, int, int>> order;  // (-in goal, distance, camp)
            for (int c : seats)
                if (unplaced(c)) order.emplace_back(-in_goal(c), distance(c), c);
            std::sort(order.begin(), order.end());
            int first = free_places().first;
            for (std::size_t a = 0; a < order.size();) {
                std::size_t b = a;
                while (b < order.size() && std::get<0>(order[b]) == std::get<0>(order[a]) &&
                       std::get<1>(order[b]) == std::get<1>(order[a]))
                    ++b;
                for (std::size_t k = a; k < b; ++k)
                    place[std::get<2>(order[k])] = first + (static_cast<double>(a) + static_cast<double>(b) - 1) / 2.0;
                a = b;
            }
            over = true;
            return;
        }
        advance();
    }
};

std::uint64_t ref_perft(const RefGame& g, int depth) {
    if (depth == 0) return 1;
    std::uint64_t n = 0;
    for (const auto& m : g.moves()) {
        RefGame next = g;
        next.play(m);
        n += ref_perft(next, depth - 1);
    }
    return n;
}

std::vector<RefMove> engine_moves(const h::Rules& rules, const h::Position& p) {
    h::MoveList list;
    h::MoveGen::generate(rules, p, list);
    std::vector<RefMove> out;
    for (const auto& m : list) out.push_back({m.from, m.to, static_cast<int>(m.kind)});
    std::sort(out.begin(), out.end());
    return out;
}

h::Rules rules_of(const h::Settings& s) {
    auto r = h::Rules::make(s);
    EXPECT_TRUE(r.ok()) << r.error();
    return *r;
}

// Compares everything observable: moves, side, end of game, places.
void expect_same(const h::Rules& rules, const h::Position& p, const RefGame& g, const std::string& where) {
    ASSERT_EQ(engine_moves(rules, p), g.moves()) << where << " " << h::position_string(p);
    ASSERT_EQ(p.over, g.over) << where;
    if (!p.over) {
        ASSERT_EQ(p.side, g.side) << where;
    }
    for (int c : g.seats) ASSERT_EQ(p.place2[c], static_cast<int>(2 * g.place[c])) << where << " camp " << c + 1;
}

h::Settings settings(int players, h::Variant v = h::Variant::Chinese) {
    h::Settings s;
    s.players = players;
    s.variant = v;
    return s;
}

// Option sets the comparisons run over.
std::vector<h::Settings> option_sets(int players) {
    std::vector<h::Settings> out;
    auto s = settings(players);
    out.push_back(s);
    auto no_ab = s;
    no_ab.anti_blocking = false;
    out.push_back(no_ab);
    auto lock = s;
    lock.goal_lock = true;
    out.push_back(lock);
    auto swap = s;
    swap.swap = true;
    out.push_back(swap);
    auto both = s;
    both.goal_lock = true, both.swap = true, both.play_to_end = false;
    out.push_back(both);
    if (players <= 3) out.push_back(settings(players, h::Variant::Diamond));
    return out;
}

// A random position: every seated player's pieces spread over the board, with a
// bias towards goals so that finishing, goal-lock and swaps come up.
std::string random_position(const RefGame& shape, std::mt19937_64& rng) {
    std::string cells(N, 'e');
    std::vector<int> free_cells;
    for (int c = 0; c < N; ++c) free_cells.push_back(c);
    auto take = [&](int cell) {
        free_cells.erase(std::find(free_cells.begin(), free_cells.end(), cell));
        return cell;
    };
    for (int camp : shape.seats) {
        int pieces = shape.diamond ? 15 : 10;
        for (int k = 0; k < pieces; ++k) {
            int cell = -1;
            if (rng() % 10 < 6) {
                std::vector<int> options;
                for (int g : shape.goal(camp))
                    if (cells[static_cast<std::size_t>(g)] == 'e') options.push_back(g);
                if (!options.empty()) cell = options[rng() % options.size()];
            }
            if (cell < 0) cell = free_cells[rng() % free_cells.size()];
            take(cell);
            bool is_king = shape.diamond && k == 0;
            cells[static_cast<std::size_t>(cell)] = static_cast<char>((is_king ? 'A' : '1') + camp);
        }
    }
    int side = shape.seats[rng() % shape.seats.size()];
    return std::string(1, static_cast<char>('1' + side)) + cells;
}

}  // namespace

TEST(halma_reference, GeometryAgreesWithTheEngine) {
    for (int c = 0; c < N; ++c) {
        damier::u128 mine = 0;
        for (int n : geo().neighbours[c]) mine |= damier::bit_at<damier::u128>(n);
        ASSERT_EQ(mine, h::topology.neighbours[c]) << "cell " << c + 1;
        for (int d = 0; d < N; ++d) ASSERT_EQ(geo().dist[c][d], h::topology.distance[c][d]);
    }
}

TEST(halma_reference, StartPerftEveryPlayerCount) {
    for (int players = 2; players <= 6; ++players) {
        for (const auto& s : option_sets(players)) {
            auto rules = rules_of(s);
            auto start = h::start_position(rules);
            RefGame g(s);
            g.read(h::position_string(start));
            for (int depth = 1; depth <= 3; ++depth)
                EXPECT_EQ(h::perft(rules, start, depth), ref_perft(g, depth))
                    << players << " players, " << h::variant_name(s.variant) << ", depth " << depth;
        }
    }
}

TEST(halma_reference, StartPerftDepthFourTwoPlayers) {
    for (auto v : {h::Variant::Chinese, h::Variant::Diamond}) {
        auto s = settings(2, v);
        auto rules = rules_of(s);
        RefGame g(s);
        g.read(h::position_string(h::start_position(rules)));
        EXPECT_EQ(h::perft(rules, h::start_position(rules), 4), ref_perft(g, 4)) << h::variant_name(v);
    }
}

TEST(halma_reference, RandomPositionsEveryOption) {
    std::mt19937_64 rng(20261129);
    int compared = 0, with_swaps = 0, finished = 0;
    for (int players = 2; players <= 6; ++players) {
        for (const auto& s : option_sets(players)) {
            auto rules = rules_of(s);
            RefGame shape(s);
            for (int i = 0; i < 60; ++i) {
                std::string text = random_position(shape, rng);
                auto p = h::parse_position(rules, text);
                if (!p) continue;  // e.g. the side to move has already finished
                RefGame g(s);
                g.read(text);
                expect_same(rules, *p, g, "random position");
                if (HasFatalFailure()) return;
                EXPECT_EQ(h::perft(rules, *p, 2), ref_perft(g, 2)) << text;
                ++compared;
                for (const auto& m : g.moves()) with_swaps += m.kind >= 2;
                finished += p->finished != 0;
            }
        }
    }
    EXPECT_GT(compared, 1000);
    EXPECT_GT(with_swaps, 50);  // the option sets really exercise swaps
    EXPECT_GT(finished, 10);
}

// Random games, mostly greedy towards the goal so that they reach the endgame:
// the engine and the reference play the same moves and must agree at every ply.
TEST(halma_reference, RandomGamesStepByStep) {
    std::mt19937_64 rng(7);
    int games = 0, finishes = 0;
    for (int players = 2; players <= 6; ++players) {
        for (auto s : option_sets(players)) {
            s.move_limit = 60;
            s.stagnation = 4;
            auto rules = rules_of(s);
            for (int game = 0; game < 3; ++game) {
                auto p = h::start_position(rules);
                RefGame g(s);
                g.read(h::position_string(p));
                while (!p.over) {
                    expect_same(rules, p, g, "game ply " + std::to_string(p.ply));
                    if (HasFatalFailure()) return;
                    auto moves = g.moves();
                    std::size_t pick = rng() % moves.size();
                    if (rng() % 10 < 8) {
                        int tip = geo().tip[(g.side + 3) % 6];
                        auto gain = [&](const RefMove& m) {
                            return m.kind == 4 ? 0 : geo().dist[m.from][tip] - geo().dist[m.to][tip];
                        };
                        for (std::size_t k = 0; k < moves.size(); ++k)
                            if (gain(moves[k]) > gain(moves[pick])) pick = k;
                    }
                    auto m = moves[pick];
                    h::MoveList list;
                    h::MoveGen::generate(rules, p, list);
                    auto it = std::find_if(list.begin(), list.end(),
                                           [&](const h::Move& e) { return e.from == m.from && e.to == m.to; });
                    ASSERT_NE(it, list.end());
                    p = h::play(rules, p, *it);
                    g.play(m);
                    ASSERT_EQ(p.key, p.compute_key());
                }
                expect_same(rules, p, g, "game end");
                ++games;
                finishes += p.finished != 0;
            }
        }
    }
    EXPECT_GT(games, 70);
    EXPECT_GT(finishes, 5);
}

// Deeper comparisons, out of the default run (CTest label `slow`).
TEST(halma_reference, SlowStartPerftDepthFourEveryPlayerCount) {
    for (int players = 3; players <= 6; ++players) {
        for (const auto& s : option_sets(players)) {
            auto rules = rules_of(s);
            auto start = h::start_position(rules);
            RefGame g(s);
            g.read(h::position_string(start));
            EXPECT_EQ(h::perft(rules, start, 4), ref_perft(g, 4)) << players << " players";
        }
    }
}

TEST(halma_reference, SlowRandomPositionsDepthThree) {
    std::mt19937_64 rng(5);
    for (int players = 2; players <= 6; ++players) {
        for (const auto& s : option_sets(players)) {
            auto rules = rules_of(s);
            RefGame shape(s);
            for (int i = 0; i < 8; ++i) {
                std::string text = random_position(shape, rng);
                auto p = h::parse_position(rules, text);
                if (!p) continue;
                RefGame g(s);
                g.read(text);
                EXPECT_EQ(h::perft(rules, *p, 3), ref_perft(g, 3)) << text;
            }
        }
    }
}
