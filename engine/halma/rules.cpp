#include "engine/halma/rules.hpp"

#include "engine/core/text.hpp"

namespace damier::halma {

namespace {

constexpr std::array<std::array<int, 6>, 7> Seatings{{
    {}, {}, {0, 3}, {0, 2, 4}, {0, 1, 3, 4}, {0, 1, 2, 3, 4}, {0, 1, 2, 3, 4, 5},
}};

std::string parse_bool(std::string_view name, std::string_view value, bool& out) {
    if (value == "true" || value == "1" || value == "on") out = true;
    else if (value == "false" || value == "0" || value == "off") out = false;
    else return std::string(name) + " takes true or false, got " + quoted(value);
    return {};
}

std::string parse_int(std::string_view name, std::string_view value, int low, int high, int& out) {
    auto n = parse_uint(value);
    if (!n || *n < static_cast<std::uint64_t>(low) || *n > static_cast<std::uint64_t>(high))
        return std::string(name) + " must be a whole number from " + std::to_string(low) + " to " +
               std::to_string(high) + ", got " + quoted(value);
    out = static_cast<int>(*n);
    return {};
}

}  // namespace

std::span<const OptionSpec> option_specs() {
    static constexpr std::array<OptionSpec, 7> specs{{
        {"players", nullptr, &Settings::players, 2, 6},
        {"anti-blocking", &Settings::anti_blocking},
        {"play-to-end", &Settings::play_to_end},
        {"move-limit", nullptr, &Settings::move_limit, 0, 1000000},
        {"stagnation", nullptr, &Settings::stagnation, 0, 1000000},
        {"goal-lock", &Settings::goal_lock},
        {"swap", &Settings::swap},
    }};
    return specs;
}

std::string Settings::set(std::string_view name, std::string_view value) {
    if (name == "variant") {
        auto v = parse_variant(value);
        if (!v) return v.error();
        variant = *v;
        return {};
    }
    for (const OptionSpec& spec : option_specs()) {
        if (spec.name != name) continue;
        if (spec.flag) return parse_bool(name, value, this->*spec.flag);
        return parse_int(name, value, spec.min, spec.max, this->*spec.number);
    }
    return "unknown Chinese checkers option " + quoted(name);
}

std::string Settings::text(std::string_view name) const {
    if (name == "variant") return variant_name(variant);
    for (const OptionSpec& spec : option_specs()) {
        if (spec.name != name) continue;
        if (spec.flag) return this->*spec.flag ? "true" : "false";
        return std::to_string(this->*spec.number);
    }
    return {};
}

Result<Variant> parse_variant(std::string_view name) {
    for (std::size_t i = 0; i < variant_names.size(); ++i)
        if (variant_names[i] == name) return static_cast<Variant>(i);
    return failure<Variant>("unknown Chinese checkers variant " + quoted(name));
}

// The names are literals, so data() is a C string.
const char* variant_name(Variant v) { return variant_names[static_cast<std::size_t>(v)].data(); }

Result<Rules> Rules::make(const Settings& s) {
    if (s.players < 2 || s.players > 6)
        return failure<Rules>("players must be from 2 to 6, got " + std::to_string(s.players));
    if (s.move_limit < 0 || s.stagnation < 0) return failure<Rules>("move-limit and stagnation cannot be negative");
    Rules rules;
    rules.settings_ = s;
    rules.diamond_ = s.variant == Variant::Diamond && s.players <= 3;
    if (rules.diamond_ && (s.swap || s.goal_lock))
        return failure<Rules>("swap and goal-lock are international options, not for diamond");
    const auto& seating = Seatings[static_cast<std::size_t>(s.players)];
    for (int i = 0; i < s.players; ++i) {
        int camp = seating[i];
        rules.seats_[i] = camp;
        rules.seated_mask_ |= 1u << camp;
        rules.next_seat_[camp] = seating[(i + 1) % s.players];
    }
    for (int camp = 0; camp < CampCount; ++camp) {
        const auto& cells = rules.diamond_ ? topology.diamond : topology.point;
        rules.home_[camp] = cells[camp];
        rules.goal_[camp] = cells[opposite(camp)];
        rules.allowed_[camp] = rules.diamond_
                                   ? topology.hexagon | topology.point[camp] | topology.point[opposite(camp)]
                                   : topology.all;
    }
    rules.ply_limit_ = static_cast<unsigned>(s.move_limit) * static_cast<unsigned>(s.players);
    return rules;
}

}  // namespace damier::halma
