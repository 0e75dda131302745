// Training positions for the Chinese checkers tuner: games of the engine against
// itself at a node limit (two players: the two-player alpha-beta over
// halma::TwoPlayerAdapter; three to six: the multi-player search's default
// algorithm over halma::MultiPlayerAdapter), from a few random opening moves per
// player that never increase the mover's remaining distance (as damier-match's
// random balanced openings), every position of the game written with its result.
//
// Line format: "POSITION<TAB>result<TAB>game", the position string of
// engine/halma/notation.hpp (side to move first), the result of camp 1 (seat 0;
// the first seat of every seating) as its standing's score (n - place) / (n - 1):
// 1, 0.5 or 0 with two players, and fractions such as 0.333333 with more; the
// game's number (the tuner holds out whole games). Game g is played with
// game_seed(s, g), so a run is reproducible whatever the thread count (only the
// order of the lines changes).
#pragma once

#include <atomic>
#include <cstdio>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/halma/game.hpp"
#include "engine/halma/notation.hpp"
#include "eval/halma/searchable.hpp"
#include "search/alphabeta.hpp"
#include "search/multiplayer.hpp"
#include "tools/tune/commands.hpp"

namespace damier::tune {

using HalmaSelfplaySettings = SelfplayOptions;

// A finished game's positions as lines (see above).
using HalmaGameSink = std::function<void(const std::vector<std::string>& lines)>;

// The start of game `game_seed`: a few random moves per player that never
// increase the mover's remaining distance.
inline halma::Position random_halma_opening(const halma::Rules& rules, const HalmaSelfplaySettings& s,
                                            std::uint64_t game_seed) {
    std::mt19937_64 random(game_seed);
    halma::Position p = halma::start_position(rules);
    halma::MoveList moves;
    const int random_plies = std::uniform_int_distribution<int>(s.random_plies_min, s.random_plies_max)(random);
    for (int i = 0; i < random_plies && !p.over; ++i) {
        halma::MoveGen::generate(rules, p, moves);
        const int before = halma::remaining_distance(rules, p, p.side);
        std::vector<halma::Position> forward;
        for (const auto& m : moves) {
            const halma::Position next = halma::play(rules, p, m);
            if (!next.over && halma::remaining_distance(rules, next, p.side) <= before) forward.push_back(next);
        }
        if (forward.empty()) break;
        p = forward[random() % forward.size()];
    }
    return p;
}

// The lines of a finished game: every position with seat 0's result.
inline std::vector<std::string> labelled_lines(const halma::Rules& rules, const halma::Position& end,
                                               std::vector<std::string> positions, std::uint64_t game_seed) {
    // Seat 0's standing score; a game stopped unfinished counts as a shared place.
    const double result = end.over ? halma::standings(rules, end)[0].score : 0.5;
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", result);
    const std::string label = std::string(text) + "\t" + std::to_string(game_seed);
    for (auto& line : positions) line += "\t" + label;
    return positions;
}

// One game from its seed's opening; best_move(position) is the engine's move.
template <class BestMove>
inline std::vector<std::string> play_one_halma_game(const halma::Rules& rules, const HalmaSelfplaySettings& s,
                                                    std::uint64_t game_seed, BestMove&& best_move) {
    halma::Position p = random_halma_opening(rules, s, game_seed);
    std::vector<std::string> positions;
    while (!p.over) {
        positions.push_back(halma::position_string(p));
        const std::optional<halma::Move> m = best_move(p);
        if (!m) break;  // unreachable: a game not over has a move (a pass at least)
        p = halma::play(rules, p, *m);
    }
    return labelled_lines(rules, p, std::move(positions), game_seed);
}

// Plays s.games games on s.threads threads, handing each finished game to `sink`
// (called under a lock, in finishing order).
inline void halma_selfplay(const halma::Rules& rules, const HalmaSelfplaySettings& s, const halma::Weights& weights,
                           const HalmaGameSink& sink) {
    std::atomic<int> next{0};
    std::mutex lock;
    auto worker = [&] {
        // Only the search of this player count gets a table.
        const bool two_players = rules.players() == 2;
        search::TranspositionTable table(two_players ? 16 : 1);
        search::AlphaBeta<halma::TwoPlayerAdapter> engine(table);
        search::MultiSearcher<halma::MultiPlayerAdapter> multi_engine(two_players ? 0 : 16);
        search::Limits limits;
        limits.nodes = s.nodes;
        const std::atomic<bool> stop{false};
        // Two players: the two-player search; more: the multi-player search.
        auto best_move = [&](const halma::Position& p) -> std::optional<halma::Move> {
            if (two_players) {
                search::Control control;
                const auto found = engine.run(halma::TwoPlayerAdapter(rules, p, weights), limits, 1, control);
                return found.has_move ? std::optional(found.best) : std::nullopt;
            }
            halma::MultiPlayerAdapter game(rules, p, weights);
            const auto found = multi_engine.run(game, limits, search::DefaultMultiAlgorithm, stop);
            return found.has_move ? std::optional(found.best) : std::nullopt;
        };
        for (int g; (g = next.fetch_add(1)) < s.games;) {
            const auto seed = game_seed(s, g);
            if (s.kept_games.count(seed)) continue;
            // Each game starts afresh, as its seed says.
            if (two_players) {
                table.clear();
                engine.forget_history();
            } else {
                multi_engine.clear();
            }
            auto lines = play_one_halma_game(rules, s, seed, best_move);
            std::lock_guard guard(lock);
            sink(lines);
        }
    };
    std::vector<std::jthread> threads;
    for (int t = 0; t < s.threads; ++t) threads.emplace_back(worker);
}

}  // namespace damier::tune
