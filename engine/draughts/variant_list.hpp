// The single list of draughts rule sets. The command line, the tests, the
// benchmarks and the runtime registry (engine/rule_sets.hpp) all dispatch through
// it, so a new rule set is added here once.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "engine/draughts/rules.hpp"

namespace damier::draughts {

template <class... Rs>
struct RuleList {
    static constexpr std::array<std::string_view, sizeof...(Rs)> names{Rs::name...};

    template <class F>
    static void for_each(F&& f) {
        (f.template operator()<Rs>(), ...);
    }
};

using Variants = RuleList<International, Brazilian, Canadian, Russian, Czech, American, Spanish, Italian>;

inline bool is_draughts_variant(std::string_view name) {
    bool found = false;
    Variants::for_each([&]<class R>() { found = found || R::name == name; });
    return found;
}

// Calls f.template operator()<R>() for the rule set called `name`, wrapped in
// OptionalCapture when `optional_capture` is set. Returns an error message, empty
// on success.
template <class F>
std::string with_variant(std::string_view name, bool optional_capture, F&& f) {
    std::string error = "unknown variant '" + std::string(name) + "'";
    Variants::for_each([&]<class R>() {
        if (R::name != name) return;
        error.clear();
        if constexpr (std::is_same_v<typename R::board, Board8>) {
            if (optional_capture) f.template operator()<OptionalCapture<R>>();
            else f.template operator()<R>();
        } else {
            if (optional_capture) error = "nocapture applies to 8x8 rule sets only, not " + std::string(name);
            else f.template operator()<R>();
        }
    });
    return error;
}

}  // namespace damier::draughts
