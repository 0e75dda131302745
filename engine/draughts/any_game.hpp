// The draughts rule sets behind the runtime interface (engine/any_game.hpp).
#pragma once

#include "engine/any_game.hpp"

namespace damier::draughts {

// A game of the draughts rule set `info` (nocapture: the optional-capture house rule).
Result<std::unique_ptr<AnyGame>> make_any_game(const RuleSetInfo& info, bool optional_capture);

}  // namespace damier::draughts
