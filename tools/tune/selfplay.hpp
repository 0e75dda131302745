// Training positions for the tuner: games of the engine against itself at a node
// limit, from a few random plies after the start or an opening of a file, each
// quiet position (no capture to make) written with the game's result. One worker
// thread per core, each with its own search and table; game g is played with
// game_seed(s, g), so a run is reproducible whatever the thread count (only the
// order of the lines changes).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstdint>
#include <functional>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/draughts/game.hpp"
#include "engine/draughts/notation.hpp"
#include "eval/draughts/searchable.hpp"
#include "search/alphabeta.hpp"
#include "tools/tune/commands.hpp"

namespace damier::tune {

struct SelfplaySettings : SelfplayOptions {
    int max_plies = 300;         // then a draw
    int adjudicate_score = 600;  // centi-men: this many for 8 plies decides the game
    // Where the games start (PDN FENs, --openings): one drawn by the game's seed,
    // then the random plies; empty = the start position.
    std::vector<std::string> openings;
};

// A finished game's quiet positions as "FEN<TAB>result<TAB>game<TAB>score" lines: the
// result 1, 0.5 or 0 for White, the game's number (the tuner holds out whole games)
// and the search score of the position for White (centi-men), which a fit may blend
// into the label.
using GameSink = std::function<void(const std::vector<std::string>& lines)>;

// A move drawn among the legal moves of the game's position that a search of each
// (a quarter of the nodes) scores within s.varied_margin of the best of them.
template <draughts::RuleSet R>
draughts::Move<typename R::board> varied_move(const SelfplaySettings& s, const draughts::Game<R>& game,
                                             const eval::draughts::Weights& weights,
                                             search::AlphaBeta<eval::draughts::Searchable<R>>& engine,
                                             std::mt19937_64& random) {
    draughts::MoveList<typename R::board> moves;
    game.legal_moves(moves);
    search::Limits limits;
    limits.nodes = std::max<std::uint64_t>(s.nodes / 4, 100);
    const auto mover_wins =
        game.position().side == draughts::Color::White ? draughts::Outcome::WhiteWins : draughts::Outcome::BlackWins;
    std::vector<int> scores;
    for (const auto& move : moves) {
        auto next = game;
        next.play(move);
        int score = 0;  // for the side that moved
        if (const auto result = next.result(); result.outcome != draughts::Outcome::Ongoing) {
            score = result.outcome == draughts::Outcome::Draw ? 0
                    : result.outcome == mover_wins           ? search::win_in(1)
                                                             : search::loss_in(1);
        } else {
            search::Control control;
            score = -engine.run(eval::draughts::Searchable<R>(next, weights), limits, 1, control).score;
        }
        scores.push_back(score);
    }
    const int best = *std::max_element(scores.begin(), scores.end());
    std::vector<std::size_t> near;
    for (std::size_t i = 0; i < scores.size(); ++i)
        if (scores[i] >= best - s.varied_margin) near.push_back(i);
    return moves[near[std::uniform_int_distribution<std::size_t>(0, near.size() - 1)(random)]];
}

template <draughts::RuleSet R>
std::vector<std::string> play_one_game(const SelfplaySettings& s, std::uint64_t game_seed,
                                       search::AlphaBeta<eval::draughts::Searchable<R>>& engine,
                                       const eval::draughts::Weights& weights) {
    using N = draughts::Notation<R>;
    using draughts::Outcome;
    std::mt19937_64 random(game_seed);
    draughts::Game<R> game(N::start());
    draughts::MoveList<typename R::board> moves;
    search::Limits limits;
    limits.nodes = s.nodes;
    // Random plies often drop a man (about half the openings of 4-10 plies at
    // international): such a game teaches the fit little but material, so an
    // opening that the search does not find about even is drawn again (with
    // --openings, another opening and other plies).
    for (int attempt = 0; attempt < 100; ++attempt) {
        auto start = N::start();
        if (!s.openings.empty()) {
            const std::size_t pick = std::uniform_int_distribution<std::size_t>(0, s.openings.size() - 1)(random);
            start = *N::parse_fen(s.openings[pick]);  // checked when they were read
        }
        game = draughts::Game<R>(start);
        const int random_plies = std::uniform_int_distribution<int>(s.random_plies_min, s.random_plies_max)(random);
        for (int i = 0; i < random_plies && game.result().outcome == Outcome::Ongoing; ++i) {
            game.legal_moves(moves);
            game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)]);
        }
        if (s.balance <= 0 || game.result().outcome != Outcome::Ongoing) break;
        search::Control control;
        const auto opening = engine.run(eval::draughts::Searchable<R>(game, weights), limits, 1, control);
        if (std::abs(opening.score) <= s.balance) break;
    }
    // The plies (counted from the opening) that play a varied move.
    std::vector<int> varied_plies;
    while (static_cast<int>(varied_plies.size()) < s.varied_moves) {
        const int ply = std::uniform_int_distribution<int>(0, SelfplayOptions::varied_span - 1)(random);
        if (std::find(varied_plies.begin(), varied_plies.end(), ply) == varied_plies.end()) varied_plies.push_back(ply);
    }
    std::vector<std::string> fens;
    std::vector<int> scores;  // White's search score of each position in fens
    double white_result = 0.5;
    int decisive_plies = 0, last_sign = 0;
    for (int ply = 0;; ++ply) {
        const auto result = game.result();
        if (result.outcome != Outcome::Ongoing) {
            white_result = result.outcome == Outcome::WhiteWins ? 1.0 : result.outcome == Outcome::BlackWins ? 0.0 : 0.5;
            break;
        }
        if (ply >= s.max_plies) break;
        const auto& p = game.position();
        const bool quiet = !draughts::MoveGen<R>::capture_possible(p);
        search::Control control;
        auto found = engine.run(eval::draughts::Searchable<R>(game, weights), limits, 1, control);
        if (!found.has_move) break;  // unreachable: result() saw a legal move
        // Adjudicate a lasting lead, from White's point of view.
        const int white_score = p.side == draughts::Color::White ? found.score : -found.score;
        if (quiet) {
            fens.push_back(N::fen(p));
            scores.push_back(white_score);
        }
        const int sign = white_score >= s.adjudicate_score ? 1 : white_score <= -s.adjudicate_score ? -1 : 0;
        decisive_plies = sign != 0 && sign == last_sign ? decisive_plies + 1 : (sign != 0 ? 1 : 0);
        last_sign = sign;
        if (decisive_plies >= 8) {
            white_result = sign > 0 ? 1.0 : 0.0;
            break;
        }
        if (std::find(varied_plies.begin(), varied_plies.end(), ply) != varied_plies.end())
            game.play(varied_move<R>(s, game, weights, engine, random));
        else
            game.play(found.best);
    }
    const std::string label = std::string(white_result == 1.0 ? "1" : white_result == 0.0 ? "0" : "0.5") + "\t" +
                              std::to_string(game_seed);
    for (std::size_t i = 0; i < fens.size(); ++i) fens[i] += "\t" + label + "\t" + std::to_string(scores[i]);
    return fens;
}

// Plays s.games games on s.threads threads, handing each finished game to `sink`
// (called under a lock, in finishing order).
template <draughts::RuleSet R>
void selfplay(const SelfplaySettings& s, const eval::draughts::Weights& weights, const GameSink& sink) {
    std::atomic<int> next{0};
    std::mutex lock;
    auto worker = [&] {
        search::TranspositionTable table(16);
        search::AlphaBeta<eval::draughts::Searchable<R>> engine(table);
        for (int g; (g = next.fetch_add(1)) < s.games;) {
            const auto seed = game_seed(s, g);
            if (s.kept_games.count(seed)) continue;
            table.clear();  // each game starts afresh, as its seed says
            engine.forget_history();
            auto lines = play_one_game<R>(s, seed, engine, weights);
            std::lock_guard guard(lock);
            sink(lines);
        }
    };
    std::vector<std::jthread> threads;
    for (int t = 0; t < s.threads; ++t) threads.emplace_back(worker);
}

}  // namespace damier::tune
