#include "eval/halma/weights.hpp"

#include <algorithm>

#include "engine/halma/rules.hpp"
#include "eval/builtin_weights.hpp"

namespace damier::halma {

// [halma], then one section per board of the registry (engine/halma/rules.hpp).
const std::array<std::string_view, 3> sections = [] {
    static_assert(variant_names.size() + 1 == std::tuple_size_v<decltype(sections)>);
    std::array<std::string_view, 3> s{"halma"};
    std::copy(variant_names.begin(), variant_names.end(), s.begin() + 1);
    return s;
}();

// Every variant's section may carry a player count: [chinese 6].
eval::WeightNames weight_names() {
    return {"Chinese checkers", term_names, sections, variant_names, MinPlayers, MaxPlayers};
}

namespace {

void apply(const eval::WeightsFile& file, std::string_view variant, int players, Weights& w) {
    if (players) file.apply(weight_names(), {"halma", variant, eval::counted_section(variant, players)}, w.value);
    else file.apply(weight_names(), {"halma", variant}, w.value);
}

}  // namespace

Weights weights_for(std::string_view variant, const eval::WeightsFile* file, int players) {
    Weights w = builtin_weights(variant, players);
    if (file) apply(*file, variant, players, w);
    return w;
}

const Weights& builtin_weights(std::string_view variant, int players) {
    // One entry per section and player count (0 and MinPlayers..MaxPlayers).
    static const auto table = [] {
        std::array<std::array<Weights, MaxPlayers + 1>, sections.size()> t{};
        for (std::size_t i = 0; i < sections.size(); ++i)
            for (int n = 0; n <= MaxPlayers; ++n)
                if (n == 0 || n >= MinPlayers) apply(eval::builtin_weights_file(), sections[i], n, t[i][n]);
        return t;
    }();
    const std::size_t count = players >= MinPlayers && players <= MaxPlayers ? static_cast<std::size_t>(players) : 0;
    for (std::size_t i = 1; i < sections.size(); ++i)
        if (sections[i] == variant) return table[i][count];
    return table[0][0];
}

const Weights& builtin_weights_for(const Rules& rules) {
    return builtin_weights(rules.diamond() ? "diamond" : "chinese", rules.players());
}

}  // namespace damier::halma
