#include "tools/serve/geometry.hpp"

#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"
#include "engine/halma/topology.hpp"
#include "engine/rule_sets.hpp"

namespace damier::serve {

nlohmann::json board_geometry(std::string_view variant) {
    const RuleSetInfo* info = find_rule_set(variant);
    if (!info) return nullptr;
    if (info->family == Family::ChineseCheckers) {
        nlohmann::json cells = nlohmann::json::array();
        for (int c = 0; c < halma::CellCount; ++c) {
            const int q = halma::topology.q[static_cast<std::size_t>(c)],
                      r = halma::topology.r[static_cast<std::size_t>(c)];
            cells.push_back({c + 1, 2 * q + r, r + 8});  // x in half cells: a row below starts half a cell on
        }
        return {{"kind", "star"}, {"cells", cells}};
    }
    nlohmann::json out;
    draughts::with_variant(info->name, false, [&]<class R>() {
        using B = typename R::board;
        constexpr bool mirrored =
            R::numbering == draughts::Numbering::Italian || R::numbering == draughts::Numbering::Spanish;
        nlohmann::json squares = nlohmann::json::array();
        for (int row = 0; row < B::rows; ++row)
            for (int column = 0; column < B::cols; ++column) {
                const int square = B::square_at(row, mirrored ? B::cols - 1 - column : column);
                if (square >= 0) squares.push_back({draughts::Notation<R>::number_of_square(square), row, column});
            }
        out = {{"kind", "grid"}, {"rows", B::rows}, {"cols", B::cols}, {"squares", squares}};
    });
    return out;
}

}  // namespace damier::serve
