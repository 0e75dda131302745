// PDN records: exact text for a short game, round trips through the independent
// reader of pdn_reader.hpp, line wrapping, GameType and result tokens per rule set.
#include "tools/match/pdn.hpp"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "engine/draughts/notation.hpp"
#include "tools/match/game.hpp"
#include "tests/match/pdn_reader.hpp"

namespace m = damier::match;
namespace d = damier::draughts;

namespace {

using Tags = std::vector<std::pair<std::string, std::string>>;

Tags roster(const std::string& result, const std::string& fen) {
    return {{"Event", "Damier match"}, {"Site", "?"},         {"Date", "2026.01.02"}, {"Round", "1"},
            {"White", "damier"},       {"Black", "scan"},     {"Result", result},     {"GameType", "20"},
            {"FEN", fen}};
}

// A game of random legal moves from `fen`, with moves as the rules library prints them.
template <class R>
m::PdnGame random_game(const std::string& fen, int plies, std::uint64_t seed) {
    m::PdnGame g;
    auto p = d::Notation<R>::parse_fen(fen).value();
    g.black_moves_first_in_fen = p.side == d::Color::Black;
    std::mt19937_64 rng(seed);
    for (int i = 0; i < plies; ++i) {
        d::MoveList<typename R::board> moves;
        d::MoveGen<R>::generate(p, moves);
        if (moves.size() == 0) break;
        auto mv = moves[static_cast<std::size_t>(rng() % moves.size())];
        g.moves.push_back(d::Notation<R>::pdn_move(p, mv));
        g.comments.push_back(i % 3 == 0 ? "score " + std::to_string(i) + " {depth} 12" : "");
        p = p.after(mv);
    }
    g.result = "*";
    g.tags = roster("*", fen);
    return g;
}

void expect_round_trip(const m::PdnGame& g) {
    std::string text = m::write_pdn(g);
    auto r = m::test::read_pdn_game(text);
    ASSERT_TRUE(r.ok) << text;
    EXPECT_EQ(r.tags, g.tags) << text;
    EXPECT_EQ(r.moves, g.moves) << text;
    ASSERT_EQ(r.comments.size(), g.comments.size()) << text;
    for (std::size_t i = 0; i < g.comments.size(); ++i) {
        std::string expected = g.comments[i];
        for (char& c : expected) c = c == '{' ? '(' : c == '}' ? ')' : c;  // the writer's documented change
        EXPECT_EQ(r.comments[i], expected) << text;
    }
    EXPECT_EQ(r.result, g.result) << text;
    EXPECT_EQ(r.first_move_after_dots, g.black_moves_first_in_fen) << text;
}

}  // namespace

TEST(WritePdn, ShortGameExactText) {
    m::PdnGame g;
    g.tags = roster("1-1", "W:W31-50:B1-20");
    g.moves = {"32-28", "19-23", "28x19", "14x23"};
    g.comments = {"", "+0.05/12", "", ""};
    g.result = "1-1";
    EXPECT_EQ(m::write_pdn(g),
              "[Event \"Damier match\"]\n"
              "[Site \"?\"]\n"
              "[Date \"2026.01.02\"]\n"
              "[Round \"1\"]\n"
              "[White \"damier\"]\n"
              "[Black \"scan\"]\n"
              "[Result \"1-1\"]\n"
              "[GameType \"20\"]\n"
              "[FEN \"W:W31-50:B1-20\"]\n"
              "\n"
              "1. 32-28 19-23 {+0.05/12} 2. 28x19 14x23 1-1\n"
              "\n");
}

TEST(WritePdn, BlackFirstFenAndExtraTagsAfterTheRoster) {
    m::PdnGame g;
    g.tags = {{"Opening", "003"}, {"Result", "0-2"}, {"Event", "e"}};
    g.moves = {"19-23", "32-28", "23x32"};
    g.result = "0-2";
    g.black_moves_first_in_fen = true;
    EXPECT_EQ(m::write_pdn(g),
              "[Event \"e\"]\n[Result \"0-2\"]\n[Opening \"003\"]\n\n1... 19-23 2. 32-28 23x32 0-2\n\n");
}

TEST(WritePdn, QuotesAndBackslashesInTagsAreEscaped) {
    m::PdnGame g;
    g.tags = {{"Event", "the \"big\" match"}, {"White", "C:\\engines\\scan"}, {"Black", "\\\""}};
    g.result = "*";
    std::string text = m::write_pdn(g);
    EXPECT_NE(text.find("[Event \"the \\\"big\\\" match\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("[White \"C:\\\\engines\\\\scan\"]"), std::string::npos) << text;
    expect_round_trip(g);
}

TEST(WritePdn, CommentsNeverCloseEarly) {
    m::PdnGame g;
    g.tags = roster("2-0", "W:W31-50:B1-20");
    g.moves = {"32-28", "19-23"};
    g.comments = {"a } b { c", "}"};
    g.result = "2-0";
    std::string text = m::write_pdn(g);
    EXPECT_NE(text.find("{a ) b ( c}"), std::string::npos) << text;
    expect_round_trip(g);
}

TEST(WritePdn, RoundTripsRandomGamesOfSeveralRuleSets) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        expect_round_trip(random_game<d::International>("W:W31-50:B1-20", 120, seed));
        expect_round_trip(random_game<d::International>("B:W17,31,32,34-50:B1-16,18,19,20", 60, seed));
        expect_round_trip(random_game<d::Russian>("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,"
                                                  "b8,d8,f8,h8", 80, seed));
        expect_round_trip(random_game<d::American>("B:W21-32:B1-12", 80, seed));
    }
}

TEST(WritePdn, LongGamesWrapAt80ColumnsBetweenMoves) {
    auto g = random_game<d::International>("W:W31-50:B1-20", 200, 7);
    g.comments.assign(g.moves.size(), "");
    std::string text = m::write_pdn(g);
    std::istringstream in(text);
    std::string line;
    int movetext_lines = 0;
    bool in_tags = true;
    while (std::getline(in, line)) {
        if (in_tags) {
            in_tags = !line.empty();
            continue;
        }
        if (line.empty()) continue;
        ++movetext_lines;
        EXPECT_LE(line.size(), 80u) << line;
        EXPECT_NE(line.back(), '.') << "a move number is parted from its move: " << line;
        EXPECT_NE(line.front(), ' ') << line;
    }
    EXPECT_GT(movetext_lines, 5);
    ASSERT_GE(text.size(), 2u);
    EXPECT_EQ(text.substr(text.size() - 2), "\n\n");
    expect_round_trip(g);
}

TEST(WritePdn, EmptyFenTagIsLeftOut) {
    m::PdnGame g;
    g.tags = {{"Event", "e"}, {"FEN", ""}};
    g.moves = {"32-28"};
    g.result = "*";
    EXPECT_EQ(m::write_pdn(g), "[Event \"e\"]\n\n1. 32-28 *\n\n");
}

TEST(PdnGameType, FmjdTypeNumbers) {
    EXPECT_EQ(m::pdn_game_type("international"), "20");
    EXPECT_EQ(m::pdn_game_type("american"), "21");
    EXPECT_EQ(m::pdn_game_type("italian"), "22");
    EXPECT_EQ(m::pdn_game_type("spanish"), "24");
    EXPECT_EQ(m::pdn_game_type("russian"), "25");
    EXPECT_EQ(m::pdn_game_type("brazilian"), "26");
    EXPECT_EQ(m::pdn_game_type("canadian"), "27");
    EXPECT_EQ(m::pdn_game_type("czech"), "29");
    EXPECT_EQ(m::pdn_game_type("chinese"), "");
    EXPECT_EQ(m::pdn_game_type(""), "");
}

TEST(PdnResult, TwoPointsOnLargeBoardsOnePointOn8x8) {
    for (std::string v : {"international", "canadian"}) {
        EXPECT_EQ(m::pdn_result(v, 2), "2-0") << v;
        EXPECT_EQ(m::pdn_result(v, 1), "1-1") << v;
        EXPECT_EQ(m::pdn_result(v, 0), "0-2") << v;
    }
    for (std::string v : {"brazilian", "russian", "czech", "american", "spanish", "italian"}) {
        EXPECT_EQ(m::pdn_result(v, 2), "1-0") << v;
        EXPECT_EQ(m::pdn_result(v, 1), "1/2-1/2") << v;
        EXPECT_EQ(m::pdn_result(v, 0), "0-1") << v;
    }
    EXPECT_EQ(m::pdn_result("international", 3), "*");
    EXPECT_EQ(m::pdn_result("international", -1), "*");
    EXPECT_EQ(m::pdn_result("chinese", 2), "*");
}

namespace {

// The TimeControl tag in the PGN standard's form (9.6.1), cutechess's for a fixed
// time per move, "-" for limits that are no time control.
TEST(PdnTimeControl, PgnForms) {
    for (const auto& [text, tag] : std::vector<std::pair<std::string, std::string>>{{"40/60+0.5", "40/60+0.5"},
                                                                                     {"40/9000", "40/9000"},
                                                                                     {"300+2", "300+2"},
                                                                                     {"10+0.1", "10+0.1"},
                                                                                     {"60", "60"},
                                                                                     {"movetime=0.05", "0.05/move"},
                                                                                     {"movetime=2", "2/move"},
                                                                                     {"depth=8", "-"},
                                                                                     {"nodes=20000", "-"}}) {
        auto tc = m::TimeControl::parse(text);
        ASSERT_TRUE(tc) << text;
        EXPECT_EQ(tc->pdn(), tag) << text;
    }
}

}  // namespace
