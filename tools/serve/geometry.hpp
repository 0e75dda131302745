// Where each square or cell of a rule set is drawn, so that the web board needs
// no knowledge of the eight numberings and the star: draughts squares by row and
// column as seen from White (mirrored for italian and spanish, as the diagrams),
// Chinese checkers cells by x (half-cell units) and row.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

namespace damier::serve {

// {"kind": "grid", rows, cols, squares: [[number, row, col]...]} or
// {"kind": "star", cells: [[number, x, row]...]}; null for an unknown rule set.
nlohmann::json board_geometry(std::string_view variant);

}  // namespace damier::serve
