// Games of seeded random moves, for search tests that need many varied positions
// (openings, middlegames, some with kings).
#pragma once

#include <random>
#include <vector>

#include "engine/draughts/game.hpp"
#include "engine/draughts/notation.hpp"

namespace damier::search::testing {

// `count` unfinished games, each of a random length in [min_plies, max_plies].
template <class R>
std::vector<draughts::Game<R>> random_games(int count, std::uint64_t seed, int min_plies, int max_plies) {
    std::vector<draughts::Game<R>> games;
    std::mt19937_64 random(seed);
    while (static_cast<int>(games.size()) < count) {
        draughts::Game<R> game(draughts::Notation<R>::start());
        const int plies = std::uniform_int_distribution<int>(min_plies, max_plies)(random);
        for (int i = 0; i < plies && game.result().outcome == draughts::Outcome::Ongoing; ++i) {
            draughts::MoveList<typename R::board> moves;
            game.legal_moves(moves);
            game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)]);
        }
        if (game.result().outcome == draughts::Outcome::Ongoing) games.push_back(game);
    }
    return games;
}

}  // namespace damier::search::testing
