// The Hub protocol loop (version 2, with this project's extensions): `damier`
// or `damier hub`. See protocol/HUB.md for the commands, the errors and the state
// each error leaves.
#pragma once

#include <istream>
#include <ostream>

namespace damier::hub {

// Reads commands from `in` and answers on `out` until `quit` or the end of
// `in`; returns the process exit status. Prints nothing but protocol lines.
int run(std::istream& in, std::ostream& out);

}  // namespace damier::hub
