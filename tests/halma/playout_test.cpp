// Random games with the default rules for 2..6 players (and diamond): they end
// within the move limit with a consistent result, and along the way the
// incremental key equals a recomputed one, the position string round-trips and
// every legal move reads back from its own notation.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "engine/halma/notation.hpp"

namespace {

namespace h = damier::halma;

struct Totals {
    int games = 0, finished_games = 0, moves_checked = 0;
};

void play_games(const h::Settings& s, int games, std::mt19937_64& rng, Totals& totals) {
    auto rules = *h::Rules::make(s);
    const int n = rules.players();
    for (int game = 0; game < games; ++game) {
        auto p = h::start_position(rules);
        const bool greedy = game % 2 == 0;
        while (!p.over) {
            ASSERT_EQ(p.key, p.compute_key()) << h::position_string(p);
            ASSERT_LE(p.ply, rules.ply_limit());
            auto text = h::position_string(p);
            auto back = h::parse_position(rules, text, p.resigned, p.ply);
            ASSERT_TRUE(back.ok()) << back.error() << " " << text;
            ASSERT_EQ(back->pieces, p.pieces);
            ASSERT_EQ(back->kings, p.kings);
            ASSERT_EQ(back->side, p.side);
            h::MoveList list;
            h::MoveGen::generate(rules, p, list);
            ASSERT_FALSE(list.empty());
            ASSERT_EQ(h::MoveGen::count(rules, p), list.size());
            for (const auto& m : list) {
                auto name = h::move_string(rules, p, m);
                auto read = h::parse_move(rules, p, name);
                ASSERT_TRUE(read.ok()) << name << ": " << read.error() << " in " << text;
                ASSERT_EQ(*read, m) << name;
                ++totals.moves_checked;
            }
            std::size_t pick = rng() % list.size();
            if (greedy && rng() % 10 < 7) {
                const int tip = rules.goal_tip(p.side);
                auto gain = [&](const h::Move& m) {
                    if (m.is_pass()) return -100;
                    return h::topology.distance[m.from][tip] - h::topology.distance[m.to][tip];
                };
                for (std::size_t k = 0; k < list.size(); ++k)
                    if (gain(list[k]) > gain(list[pick])) pick = k;
            }
            auto before = p;
            p = h::play(rules, p, list[pick]);
            ASSERT_EQ(p.ply, before.ply + 1);
            // Placed players stay placed with the same place.
            for (int c = 0; c < h::CampCount; ++c)
                if (before.place2[c]) {
                    ASSERT_EQ(p.place2[c], before.place2[c]);
                }
        }
        ASSERT_EQ(p.key, p.compute_key());
        ASSERT_LE(p.ply, rules.ply_limit());
        ASSERT_EQ(h::MoveGen::count(rules, p), 0u);
        double place_sum = 0, score_sum = 0;
        for (const auto& st : h::standings(rules, p)) {
            ASSERT_GE(st.place, 1.0);
            ASSERT_LE(st.place, n);
            place_sum += st.place;
            score_sum += st.score;
        }
        EXPECT_DOUBLE_EQ(place_sum, n * (n + 1) / 2.0);
        EXPECT_NEAR(score_sum, n / 2.0, 1e-9);
        for (int c = 0; c < h::CampCount; ++c)
            if (!rules.seated(c)) {
                EXPECT_EQ(p.place2[c], 0);
            }
        ++totals.games;
        totals.finished_games += p.finished != 0;
    }
}

}  // namespace

TEST(halma_playout, DefaultRulesEveryPlayerCount) {
    std::mt19937_64 rng(12345);
    Totals totals;
    for (int players = 2; players <= 6; ++players) {
        h::Settings s;
        s.players = players;
        play_games(s, 4, rng, totals);
        if (HasFatalFailure()) return;
    }
    EXPECT_EQ(totals.games, 20);
    EXPECT_GT(totals.finished_games, 3);  // the greedy games reach their goals
    EXPECT_GT(totals.moves_checked, 10000);
}

TEST(halma_playout, DiamondAndOptions) {
    std::mt19937_64 rng(777);
    Totals totals;
    for (int players : {2, 3}) {
        h::Settings s;
        s.players = players;
        s.variant = h::Variant::Diamond;
        play_games(s, 4, rng, totals);
        if (HasFatalFailure()) return;
    }
    for (int players : {2, 3, 4, 6}) {
        h::Settings s;
        s.players = players;
        s.swap = true;
        s.goal_lock = players % 2 == 0;
        s.anti_blocking = players != 3;
        s.play_to_end = players != 4;
        s.move_limit = 120;
        play_games(s, 2, rng, totals);
        if (HasFatalFailure()) return;
    }
    EXPECT_EQ(totals.games, 16);
}
