// damier-tune's self-play: reproducible by seed whatever the thread count, each line
// a quiet position with its game's result and number.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "engine/draughts/notation.hpp"
#include "engine/halma/notation.hpp"
#include "tools/tune/halma_selfplay.hpp"
#include "tools/tune/selfplay.hpp"

namespace damier::tune {
namespace {

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> fields;
    std::stringstream in(line);
    for (std::string f; std::getline(in, f, '\t');) fields.push_back(f);
    return fields;
}

template <class Play>
std::vector<std::string> sorted_lines(Play play) {
    std::vector<std::string> lines;
    play([&](const std::vector<std::string>& game) { lines.insert(lines.end(), game.begin(), game.end()); });
    std::sort(lines.begin(), lines.end());
    return lines;
}

TEST(Selfplay, DraughtsGamesAreTheSameOnOneOrTwoThreadsAndLabelled) {
    using R = draughts::American;
    SelfplaySettings s;
    s.games = 4;
    s.nodes = 500;
    s.seed = 7;
    s.random_plies_min = 2;
    s.random_plies_max = 4;
    s.max_plies = 120;
    const auto& weights = eval::draughts::builtin_weights(R::name);
    auto run = [&](int threads) {
        s.threads = threads;
        return sorted_lines([&](const GameSink& sink) { selfplay<R>(s, weights, sink); });
    };
    const auto one = run(1), two = run(2);
    ASSERT_FALSE(one.empty());
    EXPECT_EQ(one, two);
    std::set<std::string> games;
    for (const auto& line : one) {
        const auto f = split(line);
        ASSERT_EQ(f.size(), 4u) << line;
        auto p = draughts::Notation<R>::parse_fen(f[0]);
        ASSERT_TRUE(p) << line;
        EXPECT_FALSE(draughts::MoveGen<R>::capture_possible(*p)) << "only quiet positions: " << line;
        EXPECT_TRUE(f[1] == "1" || f[1] == "0.5" || f[1] == "0") << line;
        games.insert(f[2]);
        // The search score for White: a whole number of centi-men.
        EXPECT_EQ(std::to_string(std::stoi(f[3])), f[3]) << line;
    }
    EXPECT_EQ(games, (std::set<std::string>{"7", "8", "9", "10"}));
    // Another seed plays other games.
    s.seed = 100;
    EXPECT_NE(run(2), one);
}

TEST(Selfplay, ChineseCheckersGamesAreTheSameOnOneOrTwoThreadsAndLabelled) {
    halma::Settings settings;
    settings.players = 2;
    auto rules = halma::Rules::make(settings);
    ASSERT_TRUE(rules) << rules.error();
    HalmaSelfplaySettings s;
    s.games = 2;
    s.nodes = 300;
    s.seed = 11;
    auto run = [&](int threads) {
        s.threads = threads;
        return sorted_lines(
            [&](const HalmaGameSink& sink) { halma_selfplay(*rules, s, halma::builtin_weights(), sink); });
    };
    const auto one = run(1), two = run(2);
    ASSERT_FALSE(one.empty());
    EXPECT_EQ(one, two);
    for (const auto& line : one) {
        const auto f = split(line);
        ASSERT_EQ(f.size(), 3u) << line;
        EXPECT_TRUE(halma::parse_position(*rules, f[0])) << line;
        EXPECT_TRUE(f[1] == "1" || f[1] == "0.5" || f[1] == "0") << line;
        EXPECT_TRUE(f[2] == "11" || f[2] == "12") << line;
    }
}

}  // namespace
}  // namespace damier::tune
