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

eval::WeightNames weight_names() { return {"Chinese checkers", term_names, sections}; }

Weights weights_for(std::string_view variant, const eval::WeightsFile* file) {
    Weights w = builtin_weights(variant);
    if (file) file->apply(weight_names(), {"halma", variant}, w.value);
    return w;
}

const Weights& builtin_weights(std::string_view variant) {
    static const auto table = [] {
        std::array<Weights, sections.size()> t{};
        for (std::size_t i = 0; i < sections.size(); ++i)
            eval::builtin_weights_file().apply(weight_names(), {"halma", sections[i]}, t[i].value);
        return t;
    }();
    for (std::size_t i = 1; i < sections.size(); ++i)
        if (sections[i] == variant) return table[i];
    return table[0];
}

}  // namespace damier::halma
