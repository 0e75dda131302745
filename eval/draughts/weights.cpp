#include "eval/draughts/weights.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "eval/builtin_patterns_text.hpp"  // generated from eval/draughts/patterns/
#include "eval/builtin_weights.hpp"

namespace damier::eval::draughts {

// [draughts], then the rule sets of the one list (engine/draughts/variant_list.hpp).
const std::array<std::string_view, section_count> sections = [] {
    std::array<std::string_view, section_count> s{"draughts"};
    std::copy(damier::draughts::Variants::names.begin(), damier::draughts::Variants::names.end(), s.begin() + 1);
    return s;
}();

WeightNames weight_names() { return {"draughts", term_names, sections}; }

Weights weights_for(std::string_view variant, const WeightsFile* file) {
    Weights w = builtin_weights(variant);
    if (file) file->apply(weight_names(), {"draughts", variant}, w.value);
    return w;
}

const Weights& builtin_weights(std::string_view variant) {
    static const auto table = [] {
        std::array<Weights, sections.size()> t{};
        for (std::size_t i = 0; i < sections.size(); ++i)
            builtin_weights_file().apply(weight_names(), {"draughts", sections[i]}, t[i].value);
        for (const BuiltinText& builtin : builtin_pattern_texts) {
            const std::string_view text = builtin.view;
            if (text.empty()) continue;
            auto file = parse_patterns(text, "eval/draughts/patterns");
            if (!file) {  // a build of a broken table; the pattern tests catch it first
                std::fputs((file.error() + "\n").c_str(), stderr);
                std::abort();
            }
            std::shared_ptr<const PatternTable> folded;
            damier::draughts::with_variant(file->variant, false, [&]<class R>() {
                folded = std::make_shared<const PatternTable>(with_both_sides<typename R::board>(std::move(file->table)));
            });
            for (std::size_t i = 1; i < sections.size(); ++i)
                if (sections[i] == file->variant) t[i].patterns = folded;
        }
        return t;
    }();
    for (std::size_t i = 1; i < sections.size(); ++i)
        if (sections[i] == variant) return table[i];
    return table[0];
}

}  // namespace damier::eval::draughts
