// damier-tune's self-play: reproducible by seed whatever the thread count, each line
// a quiet position with its game's result and number.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>

#include "engine/draughts/notation.hpp"
#include "engine/halma/notation.hpp"
#include "protocol/command_line.hpp"
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
    std::set<std::string> numbers;
    for (int g = 0; g < s.games; ++g) numbers.insert(std::to_string(game_seed(s, g)));
    EXPECT_EQ(games, numbers);
    // Another seed plays other games.
    s.seed = 100;
    EXPECT_NE(run(2), one);
}

// Each game's quiet positions in order, without the game's number.
template <draughts::RuleSet R>
std::vector<std::vector<std::string>> games_of(const SelfplaySettings& s) {
    std::vector<std::vector<std::string>> games;
    selfplay<R>(s, eval::draughts::builtin_weights(R::name), [&](const std::vector<std::string>& lines) {
        games.emplace_back();
        for (const auto& line : lines) {
            auto f = split(line);
            games.back().push_back(f[0] + " " + f[1] + " " + f[3]);
        }
    });
    return games;
}

TEST(Selfplay, RunsOfNeighbouringSeedsShareNoGame) {
    // Game g once had the seed seed + g: the runs of seeds 40 and 41 played the same
    // games, shifted by one.
    using R = draughts::American;
    SelfplaySettings s;
    s.games = 4;
    s.nodes = 300;
    s.max_plies = 40;
    s.seed = 40;
    const auto first = games_of<R>(s);
    std::set<std::uint64_t> numbers;
    for (int g = 0; g < s.games; ++g) numbers.insert(game_seed(s, g));
    s.seed = 41;
    const auto second = games_of<R>(s);
    for (int g = 0; g < s.games; ++g) EXPECT_EQ(numbers.count(game_seed(s, g)), 0u) << g;
    for (const auto& game : second) EXPECT_EQ(std::count(first.begin(), first.end(), game), 0) << game.front();
}

TEST(Selfplay, DraughtsOpeningsThatDropAManAreDrawnAgain) {
    using R = draughts::International;
    SelfplaySettings s;
    s.games = 12;
    s.nodes = 1000;
    s.max_plies = 12;
    s.seed = 3;
    // The largest search score (centi-men, either side) of each game's first position.
    auto widest_start = [&] {
        int widest = 0;
        for (const auto& game : games_of<R>(s)) {
            if (game.empty()) continue;
            const int score = std::stoi(game.front().substr(game.front().rfind(' ') + 1));
            widest = std::max(widest, std::abs(score));
        }
        return widest;
    };
    s.balance = 0;  // every random opening kept: some are a man down
    EXPECT_GE(widest_start(), 150);
    s.balance = 60;
    EXPECT_LE(widest_start(), 100);  // searched again in the game, the score may move a little
}

TEST(Selfplay, VariedMovesLeaveTheEnginesOwnLinesAndRepeat) {
    using R = draughts::International;
    SelfplaySettings s;
    s.games = 4;
    s.nodes = 400;
    s.max_plies = 40;
    s.seed = 5;
    const auto plain = games_of<R>(s);  // one thread: the games in order
    s.varied_moves = 20;
    s.varied_margin = 30;
    const auto varied = games_of<R>(s);
    EXPECT_EQ(games_of<R>(s), varied) << "a seed plays the same games";
    ASSERT_EQ(varied.size(), plain.size());
    int differ = 0;
    for (std::size_t g = 0; g < plain.size(); ++g) {
        ASSERT_FALSE(varied[g].empty());
        EXPECT_EQ(varied[g].front(), plain[g].front()) << "the same opening";
        differ += varied[g] != plain[g];
    }
    EXPECT_GT(differ, 0) << "20 varied plies of the first 100 move some game off its line";
}

TEST(Selfplay, VariedMoveOptionsRefuseBadValues) {
    auto options = [](std::vector<std::string> words) {
        auto args = cli::parse_arguments(words, {}, {"varied-moves", "varied-margin"});
        EXPECT_TRUE(args) << args.error();
        return selfplay_options(*args);
    };
    const auto ok = options({"--varied-moves", "4", "--varied-margin", "15"});
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(ok->varied_moves, 4);
    EXPECT_EQ(ok->varied_margin, 15);
    EXPECT_EQ(options({})->varied_moves, 0) << "none by default";
    for (const char* bad : {"-1", "101", "x"}) {
        const auto r = options({"--varied-moves", bad});
        ASSERT_FALSE(r) << bad;
        EXPECT_NE(r.error().find("varied-moves"), std::string::npos) << r.error();
    }
    EXPECT_FALSE(options({"--varied-margin", "-5"}));
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
        EXPECT_TRUE(f[2] == std::to_string(game_seed(s, 0)) || f[2] == std::to_string(game_seed(s, 1))) << line;
    }
}

}  // namespace
}  // namespace damier::tune
