// The multi-player search against brute force on small synthetic 3-player games:
// paranoid, best-reply and max-n return the textbook values (and a move that
// achieves them), with and without the transposition table, and max-n's shallow
// pruning never changes the value plain max-n finds.
//
// The synthetic game is a random DAG: a node is (seat to move, moves played,
// multiset of (seat, move) played), so different move orders transpose; its
// branching, end and leaf values are hashes of the node, and give_turn hands the
// turn to a seat without a move (the best-reply search's way to skip seats).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "search/multiplayer.hpp"

namespace {

namespace s = damier::search;

std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

class TreeGame {
public:
    using Move = int;
    using MoveList = std::vector<int>;
    static constexpr std::size_t history_slots = 4;

    TreeGame(std::uint64_t seed, int horizon) : seed_(seed), horizon_(horizon) { stack_.push_back({0, 0, 0}); }

    int players() const { return 3; }
    int to_move() const { return stack_.back().seat; }
    std::uint64_t key() const {
        const Node& t = stack_.back();
        return mix(seed_ ^ t.moves ^ mix(static_cast<std::uint64_t>(t.played * 8 + t.seat))) | 1;
    }
    bool over() const {
        const Node& t = stack_.back();
        return t.played >= horizon_ || (t.played > 0 && mix(key()) % 11 == 0);
    }
    void legal_moves(MoveList& list) const {
        list.clear();
        if (over()) return;
        const int branching = 1 + static_cast<int>(mix(key() ^ 0xB7) % 4);
        for (int m = 0; m < branching; ++m) list.push_back(m);
    }
    void play(int m) {
        Node t = stack_.back();
        t.moves += mix(seed_ + static_cast<std::uint64_t>(t.seat * 16 + m));
        ++t.played;
        t.seat = (t.seat + 1) % 3;
        stack_.push_back(t);
    }
    void undo() { stack_.pop_back(); }
    void give_turn(int seat) {
        Node t = stack_.back();
        t.seat = seat;
        stack_.push_back(t);
    }
    // Three entries in [-Win, Win] summing to zero, spread wide so that shallow
    // pruning's bound is reached.
    s::Values values() const {
        std::uint64_t h = key();
        for (;;) {
            h = mix(h);
            const auto a = static_cast<s::Score>(h % (2 * s::Win + 1)) - s::Win;
            const auto b = static_cast<s::Score>((h >> 32) % (2 * s::Win + 1)) - s::Win;
            if (a + b <= s::Win && a + b >= -s::Win) return {a, b, -a - b, 0, 0, 0};
        }
    }
    std::size_t history_slot(int m) const { return static_cast<std::size_t>(m); }
    // BRS+'s guess: a move picked by the node's hash (not always the first).
    std::size_t likely_move(const MoveList& list) const { return mix(key() ^ 0x5A) % list.size(); }

private:
    struct Node {
        int seat, played;
        std::uint64_t moves;  // sum of one code per (seat, move) played: commutative
    };
    std::uint64_t seed_;
    int horizon_;
    std::vector<Node> stack_;
};
static_assert(s::MultiPlayerGame<TreeGame>);
static_assert(s::LikelyMoves<TreeGame>);

// Plain max-n, first maximum wins; `tie` reports a node where another child
// reached the same entry with a different vector (the value then depends on the order).
s::Values maxn_reference(TreeGame& g, int depth, bool& tie) {
    if (g.over() || depth == 0) return g.values();
    TreeGame::MoveList moves;
    g.legal_moves(moves);
    const int seat = g.to_move();
    s::Values best{};
    for (std::size_t i = 0; i < moves.size(); ++i) {
        g.play(moves[i]);
        const s::Values v = maxn_reference(g, depth - 1, tie);
        g.undo();
        if (i == 0 || v[seat] > best[seat]) best = v;
        else if (v[seat] == best[seat] && v != best) tie = true;
    }
    return best;
}

s::Score paranoid_reference(TreeGame& g, int depth, int root) {
    if (g.over() || depth == 0) return g.values()[root];
    TreeGame::MoveList moves;
    g.legal_moves(moves);
    const bool maxing = g.to_move() == root;
    s::Score best = maxing ? -s::Infinite : s::Infinite;
    for (int m : moves) {
        g.play(m);
        const s::Score v = paranoid_reference(g, depth - 1, root);
        g.undo();
        best = maxing ? std::max(best, v) : std::min(best, v);
    }
    return best;
}

// Plays each seat's likely move until `root` is to move or the game is over;
// returns the moves played.
int play_likely_until(TreeGame& g, int root) {
    int played = 0;
    TreeGame::MoveList moves;
    for (; !g.over() && g.to_move() != root; ++played) {
        g.legal_moves(moves);
        g.play(moves[g.likely_move(moves)]);
    }
    return played;
}

// Best-reply: a MIN layer searches the moves of each opponent given the turn, the
// others passing. BRS+ (plus): each opponent in turn order has its moves searched
// while the others play their likely moves, those before it first.
s::Score brs_reference(TreeGame& g, int depth, int root, bool max_layer, bool plus = false) {
    if (g.over() || depth == 0) return g.values()[root];
    TreeGame::MoveList moves;
    if (max_layer) {
        g.legal_moves(moves);
        s::Score best = -s::Infinite;
        for (int m : moves) {
            g.play(m);
            best = std::max(best, brs_reference(g, depth - 1, root, false, plus));
            g.undo();
        }
        return best;
    }
    s::Score best = s::Infinite;
    if (plus) {
        int before = 0;
        while (!g.over() && g.to_move() != root) {
            g.legal_moves(moves);
            for (int m : moves) {
                g.play(m);
                const int after = play_likely_until(g, root);
                best = std::min(best, brs_reference(g, depth - 1, root, true, plus));
                for (int i = 0; i <= after; ++i) g.undo();
            }
            g.play(moves[g.likely_move(moves)]);
            ++before;
        }
        for (int i = 0; i < before; ++i) g.undo();
        return best;
    }
    for (int seat = 0; seat < g.players(); ++seat) {
        if (seat == root) continue;
        g.give_turn(seat);
        g.legal_moves(moves);
        for (int m : moves) {
            g.play(m);
            g.give_turn(root);
            best = std::min(best, brs_reference(g, depth - 1, root, true));
            g.undo();
            g.undo();
        }
        g.undo();
    }
    return best;
}

struct Config {
    std::size_t table_mib;
    bool pruning;
};
constexpr Config Configs[] = {{1, true}, {0, true}, {1, false}, {0, false}};

s::MultiResult<int> search(TreeGame& g, int depth, s::MultiAlgorithm a, const Config& config) {
    s::MultiSearcher<TreeGame> searcher(config.table_mib);
    searcher.set_shallow_pruning(config.pruning);
    s::Limits limits;
    limits.depth = depth;
    std::atomic<bool> stop{false};
    return searcher.run(g, limits, a, stop);
}

constexpr int Trees = 400;
constexpr int Horizon = 7;

TEST(halma_search_trees, ParanoidMatchesBruteForce) {
    for (int tree = 0; tree < Trees; ++tree) {
        const int depth = 1 + tree % 5;
        TreeGame g(static_cast<std::uint64_t>(tree), Horizon);
        const s::Score expected = paranoid_reference(g, depth, 0);
        for (const Config& config : Configs) {
            const auto r = search(g, depth, s::MultiAlgorithm::Paranoid, config);
            ASSERT_TRUE(r.has_move);
            ASSERT_EQ(r.depth, depth);
            ASSERT_EQ(r.values[0], expected) << "tree " << tree << " depth " << depth;
            g.play(r.best);
            ASSERT_EQ(paranoid_reference(g, depth - 1, 0), expected) << "tree " << tree << ": the move falls short";
            g.undo();
        }
    }
}

TEST(halma_search_trees, BestReplyMatchesBruteForce) {
    for (int tree = 0; tree < Trees; ++tree) {
        const int depth = 1 + tree % 4;
        TreeGame g(static_cast<std::uint64_t>(tree) + 1000, Horizon);
        const s::Score expected = brs_reference(g, depth, 0, true);
        for (const Config& config : Configs) {
            const auto r = search(g, depth, s::MultiAlgorithm::BestReply, config);
            ASSERT_TRUE(r.has_move);
            ASSERT_EQ(r.values[0], expected) << "tree " << tree << " depth " << depth;
            g.play(r.best);
            ASSERT_EQ(brs_reference(g, depth - 1, 0, false), expected) << "tree " << tree << ": the move falls short";
            g.undo();
        }
    }
}

TEST(halma_search_trees, BestReplyPlusMatchesBruteForce) {
    int unlike_brs = 0;
    for (int tree = 0; tree < Trees; ++tree) {
        const int depth = 1 + tree % 4;
        TreeGame g(static_cast<std::uint64_t>(tree) + 3000, Horizon);
        const s::Score expected = brs_reference(g, depth, 0, true, true);
        unlike_brs += expected != brs_reference(g, depth, 0, true);
        for (const Config& config : Configs) {
            const auto r = search(g, depth, s::MultiAlgorithm::BestReplyPlus, config);
            ASSERT_TRUE(r.has_move);
            ASSERT_EQ(r.values[0], expected) << "tree " << tree << " depth " << depth;
            g.play(r.best);
            ASSERT_EQ(brs_reference(g, depth - 1, 0, false, true), expected) << "tree " << tree << ": the move falls short";
            g.undo();
        }
    }
    EXPECT_GT(unlike_brs, Trees / 4) << "the other opponents' moves change the values";
}

TEST(halma_search_trees, MaxnMatchesBruteForceWithAndWithoutPruning) {
    int compared = 0;
    std::uint64_t pruned_nodes = 0, plain_nodes = 0;
    for (int tree = 0; tree < Trees; ++tree) {
        const int depth = 1 + tree % 5;
        TreeGame g(static_cast<std::uint64_t>(tree) + 2000, Horizon);
        bool tie = false;
        const s::Values expected = maxn_reference(g, depth, tie);
        if (tie) continue;  // several max-n values are right; the order picks one
        ++compared;
        for (const Config& config : Configs) {
            const auto r = search(g, depth, s::MultiAlgorithm::MaxN, config);
            ASSERT_TRUE(r.has_move);
            ASSERT_EQ(r.values, expected) << "tree " << tree << " depth " << depth << " pruning " << config.pruning;
            g.play(r.best);
            bool unused = false;
            ASSERT_EQ(maxn_reference(g, depth - 1, unused), expected) << "tree " << tree << ": the move falls short";
            g.undo();
            if (config.table_mib == 0) (config.pruning ? pruned_nodes : plain_nodes) += r.nodes;
        }
    }
    EXPECT_GT(compared, Trees / 2);
    EXPECT_LT(pruned_nodes, plain_nodes);  // the bound is reached on these wide values
}

TEST(halma_search_trees, AlgorithmNames) {
    for (auto a : {s::MultiAlgorithm::Paranoid, s::MultiAlgorithm::BestReply, s::MultiAlgorithm::BestReplyPlus,
                   s::MultiAlgorithm::MaxN}) {
        auto parsed = s::parse_multi_algorithm(s::multi_algorithm_name(a));
        ASSERT_TRUE(parsed.ok());
        EXPECT_EQ(*parsed, a);
    }
    EXPECT_FALSE(s::parse_multi_algorithm("minimax").ok());
}

TEST(halma_search_trees, TableEntryRoundTrip) {
    s::MultiEntry e{{-31000, 31000, 7, -7, 0, 12345}, 2046, 17, s::Bound::Lower, s::MultiAlgorithm::MaxN, 5, 31};
    const s::MultiEntry back = s::MultiEntry::unpack(e.pack());
    EXPECT_EQ(back.values, e.values);
    EXPECT_EQ(back.move, e.move);
    EXPECT_EQ(back.depth, e.depth);
    EXPECT_EQ(back.bound, e.bound);
    EXPECT_EQ(back.algorithm, e.algorithm);
    EXPECT_EQ(back.root, e.root);
    EXPECT_EQ(back.age, e.age);
}

}  // namespace
