// The evaluation weights compiled into the engine (eval/default.weights) and the
// reading of an eval-file, checked against every game family's weight names.
#pragma once

#include <array>
#include <string>

#include "eval/weights_file.hpp"

namespace damier::eval {

// The weight names of every family (draughts, Chinese checkers).
std::array<WeightNames, 2> all_weight_names();

// eval/default.weights as compiled in, parsed once.
const WeightsFile& builtin_weights_file();

// Reads a weights file for the eval-file option: one-line error on any problem.
Result<WeightsFile> load_eval_file(const std::string& path);

}  // namespace damier::eval
