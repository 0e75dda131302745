// Chinese checkers behind the runtime interface (engine/any_game.hpp).
#pragma once

#include "engine/any_game.hpp"
#include "engine/halma/rules.hpp"

namespace damier::halma {

// A game on board `info` with the validated `rules`.
std::unique_ptr<AnyGame> make_any_game(const RuleSetInfo& info, const Rules& rules);

}  // namespace damier::halma
