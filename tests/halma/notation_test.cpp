// Position strings and move notation: exact formats, one-line errors, and no
// crash on any input.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/core/text.hpp"
#include "engine/halma/notation.hpp"
#include "tests/halma/test_helpers.hpp"

namespace {

namespace h = damier::halma;
using damier::halma::testing::make_rules;


void expect_one_line_error(const std::string& error) {
    EXPECT_FALSE(error.empty());
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

}  // namespace

TEST(halma_notation, StartPositionStrings) {
    std::string two = "1" + std::string(10, '4') + std::string(101, 'e') + std::string(10, '1');
    EXPECT_EQ(h::position_string(h::start_position(make_rules(2))), two);
    // Six players: every camp full, each cell its camp's digit.
    auto six = h::position_string(h::start_position(make_rules(6)));
    EXPECT_EQ(six.substr(0, 12), "144444444443");  // side 1, cells 1..10 camp 4, cell 11 camp 3
    EXPECT_EQ(six.size(), 122u);
    auto diamond = h::position_string(h::start_position(make_rules(2, h::Variant::Diamond)));
    EXPECT_EQ(diamond.substr(0, 3), "1D4");
    EXPECT_EQ(diamond.back(), 'A');
    for (int players = 2; players <= 6; ++players) {
        auto rules = make_rules(players);
        auto start = h::start_position(rules);
        auto back = h::parse_position(rules, h::position_string(start));
        ASSERT_TRUE(back.ok()) << back.error();
        EXPECT_EQ(*back, start);
    }
}

TEST(halma_notation, BadPositionsAreRefusedWithOneLine) {
    auto rules = make_rules(2);
    std::string good = h::position_string(h::start_position(rules));
    std::vector<std::string> bad = {
        "",
        "1",
        good + "e",
        good.substr(0, 121),
        "7" + good.substr(1),                        // no camp 7
        "2" + good.substr(1),                        // camp 2 not seated
        good.substr(0, 30) + "2" + good.substr(31),  // a piece of an unseated camp
        good.substr(0, 30) + "1" + good.substr(31),  // eleven pieces
        good.substr(0, 1) + "e" + good.substr(2),    // nine pieces
        good.substr(0, 1) + "D" + good.substr(2),    // a king in chinese
        good.substr(0, 50) + "z" + good.substr(51),
        good.substr(0, 50) + "\n" + good.substr(51),
    };
    for (const auto& text : bad) {
        auto p = h::parse_position(rules, text);
        EXPECT_FALSE(p.ok()) << text;
        if (!p.ok()) expect_one_line_error(p.error());
    }
    auto diamond = make_rules(2, h::Variant::Diamond);
    std::string d = h::position_string(h::start_position(diamond));
    EXPECT_FALSE(h::parse_position(diamond, d.substr(0, 1) + "4" + d.substr(2)).ok());  // no king
    EXPECT_FALSE(h::parse_position(rules, good, 1u << 0).ok());                          // side resigned
    EXPECT_FALSE(h::parse_position(rules, good, 1u << 1).ok());                          // camp 2 not seated
    EXPECT_TRUE(h::parse_position(rules, "  " + good + "\n").ok());                      // blanks around
    EXPECT_EQ(*h::parse_camps("3 5"), (1u << 2) | (1u << 4));
    EXPECT_FALSE(h::parse_camps("3 9").ok());
}

TEST(halma_notation, MovesReadAndWritten) {
    auto rules = make_rules(2);
    auto start = h::start_position(rules);
    auto step = h::parse_move(rules, start, "112-103");
    ASSERT_TRUE(step.ok()) << step.error();
    EXPECT_EQ(step->from, 111);
    EXPECT_EQ(step->to, 102);
    EXPECT_EQ(h::move_string(rules, start, *step), "112-103");
    auto jump = h::parse_move(rules, start, "116x103");  // over 112
    ASSERT_TRUE(jump.ok()) << jump.error();
    EXPECT_EQ(jump->kind, h::MoveKind::Jump);
    EXPECT_EQ(h::move_string(rules, start, *jump), "116x103");
    EXPECT_FALSE(h::parse_move(rules, start, "116-103").ok());  // a jump is not a step
    EXPECT_FALSE(h::parse_move(rules, start, "119x112").ok());  // 112 is taken
    std::vector<std::string> bad = {"",    "-",       "x",        "112",     "112-",    "-103",      "112--103",
                                    "0-1", "122-103", "112-103-", "112x103", "103-112", "pass",      "a-b",
                                    "1e2", "112- 103", std::string(1000, '1'), "112x103x94", "\x01\xff"};
    for (const auto& text : bad) {
        auto m = h::parse_move(rules, start, text);
        EXPECT_FALSE(m.ok()) << text;
        if (!m.ok()) expect_one_line_error(m.error());
    }
}

TEST(halma_notation, JumpChainsAnySpellingShortestPrinted) {
    auto rules = make_rules(2);
    // Camp 1 at 7; camp 4 pieces on 15, 17, 28 (see the goal-lock test): 7 reaches 9
    // by 7x27x29x9 only. A second route 7x27x29x27x... revisiting cells is still a
    // valid spelling of the same move.
    std::string cells(121, 'e');
    for (int n : {7, 112, 113, 114, 115, 116, 117, 118, 119, 120}) cells[static_cast<std::size_t>(n - 1)] = '1';
    for (int n : {15, 17, 28, 80, 81, 82, 83, 84, 85, 86}) cells[static_cast<std::size_t>(n - 1)] = '4';
    auto p = h::parse_position(rules, "1" + cells);
    ASSERT_TRUE(p.ok()) << p.error();
    auto m = h::parse_move(rules, *p, "7x9");
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(h::move_string(rules, *p, *m), "7x27x29x9");
    auto full = h::parse_move(rules, *p, "7x27x29x9");
    ASSERT_TRUE(full.ok()) << full.error();
    EXPECT_EQ(*full, *m);
    auto longer = h::parse_move(rules, *p, "7x27x29x27x29x9");
    ASSERT_TRUE(longer.ok()) << longer.error();
    EXPECT_EQ(*longer, *m);
    EXPECT_FALSE(h::parse_move(rules, *p, "7x29x9").ok());   // 7 to 29 is not one jump
    EXPECT_FALSE(h::parse_move(rules, *p, "7-27").ok());     // a jump written as a step
    EXPECT_FALSE(h::parse_move(rules, *p, "7x27x9").ok());   // 27 to 9 is not one jump
    EXPECT_TRUE(h::parse_move(rules, *p, "7x27").ok());
}

// Random text and random damage to valid text never crash the parsers; whatever
// they accept prints back the same way.
TEST(halma_notation, FuzzedInputNeverCrashes) {
    std::mt19937_64 rng(99);
    const std::string alphabet = "e123456ABCDEFx- 0789\t\n\"z";
    for (int players = 2; players <= 6; ++players) {
        for (auto variant : {h::Variant::Chinese, h::Variant::Diamond}) {
            auto rules = make_rules(players, variant);
            auto start = h::start_position(rules);
            std::string good = h::position_string(start);
            int accepted = 0;
            for (int i = 0; i < 3000; ++i) {
                std::string text = good;
                int edits = static_cast<int>(rng() % 4);
                for (int e = 0; e < edits; ++e) {
                    auto at = static_cast<std::size_t>(rng() % (text.size() + 1));
                    switch (rng() % 3) {
                        case 0:
                            if (at < text.size()) text[at] = alphabet[rng() % alphabet.size()];
                            break;
                        case 1: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
                        default:
                            if (at < text.size()) text.erase(at, 1);
                    }
                }
                auto p = h::parse_position(rules, text);
                if (!p.ok()) {
                    expect_one_line_error(p.error());
                    continue;
                }
                ++accepted;
                EXPECT_EQ(h::position_string(*p), std::string(damier::trim(text)));
                std::string move;
                int len = static_cast<int>(rng() % 12);
                for (int k = 0; k < len; ++k) move += "0123456789x-ps"[rng() % 14];
                auto m = h::parse_move(rules, *p, move);
                if (m.ok()) {
                    EXPECT_EQ(h::parse_move(rules, *p, h::move_string(rules, *p, *m)).value(), *m);
                } else {
                    expect_one_line_error(m.error());
                }
            }
            EXPECT_GT(accepted, 10);
        }
    }
}

// A diamond king's line jumps reach odd distances: a chain can end next to its
// start. That (from, to) is one move, the step, and the chain spelling reads too.
TEST(halma_notation, DiamondKingChainEndingNextToItsStart) {
    auto rules = make_rules(2, h::Variant::Diamond);
    auto p = h::parse_position(rules,
                               "4eee4ee4eA4eeee1ee4eeeeeeee1ee4e4eeeeeee44e4eeee41e4eeeeeee1eeeeeee141eeeeeeee44e1eeeeeeeeeee"
                               "1eeeeeeeee1eDe1eeeeeeee111ee1");
    ASSERT_TRUE(p.ok()) << p.error();
    h::MoveList list;
    h::MoveGen::generate(rules, *p, list);
    int to114 = 0;
    for (const auto& m : list) to114 += m.from == 104 && m.to == 113;
    EXPECT_EQ(to114, 1);
    auto step = h::parse_move(rules, *p, "105-114");
    ASSERT_TRUE(step.ok()) << step.error();
    EXPECT_EQ(step->kind, h::MoveKind::Step);
    auto chain = h::parse_move(rules, *p, "105x82x80x38x57x90x112x119x114");
    ASSERT_TRUE(chain.ok()) << chain.error();
    EXPECT_EQ(*chain, *step);
    EXPECT_FALSE(h::parse_move(rules, *p, "105x114").ok());
}
