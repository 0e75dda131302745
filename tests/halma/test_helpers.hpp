// Helpers shared by the Chinese checkers tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/halma/rules.hpp"

namespace damier::halma::testing {

// Rules for a seating and variant, with options set by their protocol names.
inline Rules make_rules(int players, Variant variant = Variant::Chinese,
                        const std::vector<std::pair<std::string, std::string>>& options = {}) {
    Settings s;
    s.players = players;
    s.variant = variant;
    for (const auto& [name, value] : options) EXPECT_EQ(s.set(name, value), "");
    auto rules = Rules::make(s);
    EXPECT_TRUE(rules.ok()) << rules.error();
    return *rules;
}

}  // namespace damier::halma::testing
