// Training positions for the Chinese checkers tuner: two-player games of the engine
// against itself (the two-player alpha-beta over halma::TwoPlayerAdapter) at a node
// limit, from a few random opening moves per player that never increase the
// mover's remaining distance (as damier-match's random balanced openings), every
// position of the game written with its result.
//
// Line format: "POSITION<TAB>result<TAB>game", the position string of
// engine/halma/notation.hpp (side to move first), the result 1, 0.5 or 0 for camp 1
// (seat 0; the first seat of every seating), the game's number (the tuner holds out
// whole games). Game g is played with seed + g, so a run is reproducible whatever
// the thread count (only the order of the lines changes).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/halma/game.hpp"
#include "engine/halma/notation.hpp"
#include "eval/halma/searchable.hpp"
#include "search/alphabeta.hpp"
#include "tools/tune/commands.hpp"

namespace damier::tune {

using HalmaSelfplaySettings = SelfplayOptions;

// A finished game's positions as lines (see above).
using HalmaGameSink = std::function<void(const std::vector<std::string>& lines)>;

inline std::vector<std::string> play_one_halma_game(const halma::Rules& rules, const HalmaSelfplaySettings& s,
                                                    std::uint64_t game_seed,
                                                    search::AlphaBeta<halma::TwoPlayerAdapter>& engine,
                                                    const halma::Weights& weights) {
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
    std::vector<std::string> positions;
    search::Limits limits;
    limits.nodes = s.nodes;
    while (!p.over) {
        positions.push_back(halma::position_string(p));
        search::Control control;
        auto found = engine.run(halma::TwoPlayerAdapter(rules, p, weights), limits, 1, control);
        if (!found.has_move) break;  // unreachable: a game not over has a move (a pass at least)
        p = halma::play(rules, p, found.best);
    }
    // Seat 0's score: 1 for first place, 0.5 for a shared place, 0 for second.
    double result = 0.5;
    if (p.over) result = halma::standings(rules, p)[0].score;
    const std::string label =
        std::string(result == 1.0 ? "1" : result == 0.0 ? "0" : "0.5") + "\t" + std::to_string(game_seed);
    for (auto& line : positions) line += "\t" + label;
    return positions;
}

// Plays s.games games on s.threads threads, handing each finished game to `sink`
// (called under a lock, in finishing order).
inline void halma_selfplay(const halma::Rules& rules, const HalmaSelfplaySettings& s, const halma::Weights& weights,
                           const HalmaGameSink& sink) {
    std::atomic<int> next{0};
    std::mutex lock;
    auto worker = [&] {
        search::TranspositionTable table(16);
        search::AlphaBeta<halma::TwoPlayerAdapter> engine(table);
        for (int g; (g = next.fetch_add(1)) < s.games;) {
            table.clear();  // each game starts afresh, as its seed says
            auto lines = play_one_halma_game(rules, s, s.seed + static_cast<std::uint64_t>(g), engine, weights);
            std::lock_guard guard(lock);
            sink(lines);
        }
    };
    std::vector<std::jthread> threads;
    for (int t = 0; t < s.threads; ++t) threads.emplace_back(worker);
}

}  // namespace damier::tune
