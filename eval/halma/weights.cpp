#include "eval/halma/weights.hpp"

#include "eval/builtin_weights.hpp"

namespace damier::halma {

const std::array<std::string_view, 3> sections{"halma", "chinese", "diamond"};

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
