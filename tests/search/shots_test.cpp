// Draughts shots (tests/data/shots/shots.tsv): positions where the side to move wins
// material by force in a few moves through a sacrifice or a quiet move. Each row is
// first proved by a brute-force material minimax written here on the move generator
// alone (no search/ code), then the search must find the one winning move.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/draughts/notation.hpp"
#include "eval/draughts/searchable.hpp"
#include "search/alphabeta.hpp"

namespace damier::search {
namespace {

using draughts::Color;
using draughts::Game;
using draughts::MoveGen;
using draughts::MoveList;
using draughts::Notation;
using draughts::Position;

// ---- the brute-force proof ---------------------------------------------------

constexpr int Lost = 1000;  // material "value" of having no legal move

// Material counted as man = 1, king = 3 with flying kings and 2 otherwise.
template <class R>
struct Material {
    using B = typename R::board;
    using Pos = Position<B>;
    using M = draughts::Move<B>;
    static constexpr int king = R::flying_kings ? 3 : 2;

    static int of(const Pos& p, Color c) { return popcount(p.men(c)) + king * popcount(p.kings_of(c)); }
    // The side to move's material minus the other side's.
    static int balance(const Pos& p) { return of(p, p.side) - of(p, draughts::opponent(p.side)); }

    // Negamax on material: `plies` plies full width, then on while the side to move
    // must capture. Alpha-beta only cuts what cannot change the value inside the
    // window, so the answer is plain minimax's wherever it lies inside it.
    static int value(const Pos& p, int plies, int alpha, int beta) {
        MoveList<B> list;
        MoveGen<R>::generate(p, list);
        if (list.empty()) return -Lost;
        if (plies <= 0 && !list[0].is_capture()) return balance(p);  // captures are mandatory
        int best = -Lost - 1;
        for (const auto& m : list) {
            best = std::max(best, -value(p.after(m), plies - 1, -beta, -alpha));
            alpha = std::max(alpha, best);
            if (alpha >= beta) break;
        }
        return best;
    }

    // Whether m, then best play over `moves` moves of the side to move in all (2 *
    // moves - 1 plies, then pending captures), wins at least `gain` against every
    // defence. A null window around the threshold.
    static bool wins(const Pos& root, const M& m, int moves, int gain) {
        const int need = balance(root) + gain;
        return -value(root.after(m), 2 * moves - 2, -need, -need + 1) >= need;
    }
    // The exact material gain of m over `moves` moves (for messages).
    static int gain(const Pos& root, const M& m, int moves) {
        return -value(root.after(m), 2 * moves - 2, -Lost - 1, Lost + 1) - balance(root);
    }
};

// ---- the data ------------------------------------------------------------------

struct Shot {
    int line = 0;
    std::string variant, fen, move, name, source;
    int moves = 0;
};

std::vector<Shot> load_shots() {
    const std::string path = std::string(DAMIER_TEST_DATA) + "/shots/shots.tsv";
    std::ifstream in(path);
    EXPECT_TRUE(in) << "cannot read " << path;
    std::vector<Shot> shots;
    std::string text;
    for (int line = 1; std::getline(in, text); ++line) {
        if (text.empty() || text[0] == '#') continue;
        std::vector<std::string> fields;
        std::stringstream row(text);
        for (std::string field; std::getline(row, field, '\t');) fields.push_back(field);
        EXPECT_EQ(fields.size(), 6u) << path << ":" << line << ": expected 6 tab-separated columns";
        if (fields.size() != 6) continue;
        Shot s;
        s.line = line;
        s.variant = fields[0];
        s.fen = fields[1];
        s.move = fields[2];
        s.moves = std::atoi(fields[3].c_str());
        s.name = fields[4];
        s.source = fields[5];
        shots.push_back(s);
    }
    return shots;
}

std::string where(const Shot& s) {
    return "shots.tsv:" + std::to_string(s.line) + " " + s.variant + " " + s.fen + " " + s.move + " (" + s.name + ")";
}

// Calls f.template operator()<R>() for the row's rule set; false if unknown.
template <class F>
bool with_rules(const std::string& variant, F&& f) {
    if (variant == "international") return f.template operator()<draughts::International>(), true;
    if (variant == "brazilian") return f.template operator()<draughts::Brazilian>(), true;
    if (variant == "russian") return f.template operator()<draughts::Russian>(), true;
    if (variant == "czech") return f.template operator()<draughts::Czech>(), true;
    if (variant == "american") return f.template operator()<draughts::American>(), true;
    if (variant == "italian") return f.template operator()<draughts::Italian>(), true;
    if (variant == "spanish") return f.template operator()<draughts::Spanish>(), true;
    return false;
}

// ---- the tests -----------------------------------------------------------------

TEST(Shots, RowsParseInTheirRuleSetsNotation) {
    const auto shots = load_shots();
    ASSERT_FALSE(shots.empty());
    for (const auto& s : shots) {
        const bool known = with_rules(s.variant, [&]<class R>() {
            auto p = Notation<R>::parse_fen(s.fen);
            ASSERT_TRUE(p) << where(s) << ": " << p.error();
            EXPECT_EQ(Notation<R>::fen(*p), s.fen) << where(s) << ": FEN not as the engine writes it";
            auto m = Notation<R>::parse_move(*p, s.move);
            ASSERT_TRUE(m) << where(s) << ": " << m.error();
            EXPECT_EQ(Notation<R>::pdn_move(*p, *m), s.move) << where(s) << ": move not as the engine writes it";
            EXPECT_GE(s.moves, 2) << where(s);
            EXPECT_LE(s.moves, 4) << where(s);
            EXPECT_FALSE(s.name.empty()) << where(s);
            EXPECT_FALSE(s.source.empty()) << where(s);
        });
        EXPECT_TRUE(known) << where(s) << ": unknown variant";
    }
}

TEST(Shots, CoverSeveralRuleSets) {
    std::map<std::string, int> count;
    for (const auto& s : load_shots()) ++count[s.variant];
    EXPECT_GE(count["international"], 6);
    EXPECT_GE(count["russian"], 2);
    EXPECT_GE(count["american"], 2);
    EXPECT_GE(count["brazilian"] + count["czech"], 2);
    EXPECT_GE(count["italian"] + count["spanish"], 2);
}

// (a) the stated move wins a man or more within the stated number of moves against
// every defence; (b) no other move does; (c) nothing wins it sooner, so neither a
// capture at the root nor greedy one-move play gets it: the shot needs its sacrifice
// or quiet move.
TEST(Shots, BruteForceProvesEachShot) {
    for (const auto& s : load_shots()) {
        with_rules(s.variant, [&]<class R>() {
            using Mat = Material<R>;
            auto p = Notation<R>::parse_fen(s.fen);
            ASSERT_TRUE(p) << where(s);
            auto shot = Notation<R>::parse_move(*p, s.move);
            ASSERT_TRUE(shot) << where(s);
            EXPECT_FALSE(MoveGen<R>::capture_possible(*p)) << where(s) << ": the shot must start without a capture";
            EXPECT_TRUE(Mat::wins(*p, *shot, s.moves, 1))
                << where(s) << ": wins only " << Mat::gain(*p, *shot, s.moves) << " in " << s.moves << " moves";
            MoveList<typename R::board> list;
            MoveGen<R>::generate(*p, list);
            for (const auto& m : list) {
                EXPECT_FALSE(Mat::wins(*p, m, s.moves - 1, 1))
                    << where(s) << ": " << Notation<R>::pdn_move(*p, m) << " already wins in " << s.moves - 1;
                if (m == *shot) continue;
                EXPECT_FALSE(Mat::wins(*p, m, s.moves, 1))
                    << where(s) << ": " << Notation<R>::pdn_move(*p, m) << " wins as well";
            }
        });
    }
}

// One thread, a depth of the shot's plies plus three (2N+2): the search plays the move and
// sees the gain. The evaluation counts material only, as the brute force that proves the
// shot does: positional weights may rightly prefer another strong move (a runaway man,
// say) at this depth.
// ProbCut prunes selectively: right after a sacrifice the defender, a man up,
// fails high in its shallow search, so the shipped search needs two plies more.
TEST(Shots, SearchPlaysEachShot) {
    for (const auto& s : load_shots())
        for (const bool probcut : {false, true}) with_rules(s.variant, [&]<class R>() {
            SCOPED_TRACE(probcut ? "with ProbCut" : "without ProbCut");
            auto p = Notation<R>::parse_fen(s.fen);
            ASSERT_TRUE(p) << where(s);
            TranspositionTable table(4);
            SearchParameters parameters;
            parameters.probcut = probcut;
            AlphaBeta<eval::draughts::Searchable<R>> engine(table, parameters);
            Control control;
            Limits limits;
            limits.depth = 2 * s.moves + 2 + (probcut ? 2 : 0);
            eval::draughts::Weights material{};
            material[eval::draughts::Man] = 100;
            // The brute force's measure, not the fitted king value, which each refit moves.
            material[eval::draughts::King] = 100 * Material<R>::king;
            material[eval::draughts::DrawishPercent] = 100;
            material[eval::draughts::DrawishKingsPercent] = 100;
            const auto result =
                engine.run(eval::draughts::Searchable<R>(Game<R>(*p), material), limits, 1, control);
            ASSERT_TRUE(result.has_move) << where(s);
            EXPECT_EQ(Notation<R>::pdn_move(*p, result.best), s.move) << where(s) << ": score " << result.score;
            EXPECT_GE(result.score, 80) << where(s) << ": the search played " << Notation<R>::pdn_move(*p, result.best);
        });
}

}  // namespace
}  // namespace damier::search
