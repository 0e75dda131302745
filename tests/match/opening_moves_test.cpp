// The moves from the start to an opening, which the PDN records write instead of
// a FEN setup: found for the bundled ballots of every rule set, legal, leading to
// the opening; none for setups that no move sequence reaches.
#include "tools/match/opening_moves.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"
#include "tools/match/openings.hpp"

namespace m = damier::match;
namespace d = damier::draughts;

namespace {

// Plays `moves` from the start of `variant`; true when they are legal and end on `fen`.
bool leads_to(const std::string& variant, const std::vector<std::string>& moves, const std::string& fen) {
    bool ok = false;
    d::with_variant(variant, false, [&]<class R>() {
        using N = d::Notation<R>;
        auto p = N::start();
        for (const auto& text : moves) {
            auto mv = N::parse_move(p, text);
            if (!mv) return;
            p = p.after(*mv);
        }
        auto target = N::parse_fen(fen);
        ok = target && *target == p;
    });
    return ok;
}

TEST(OpeningMoves, BundledBallotsAreMoveSequencesFromTheStart) {
    for (const auto& [variant, file, plies] :
         std::vector<std::tuple<std::string, std::string, std::size_t>>{{"international", "international-2move.tsv", 2},
                                                                        {"international", "international-3move.tsv", 3},
                                                                        {"american", "american-3move.tsv", 3},
                                                                        {"american", "american-2move.tsv", 2},
                                                                        {"canadian", "canadian-2move.tsv", 2},
                                                                        {"czech", "czech-2move.tsv", 2},
                                                                        {"spanish", "spanish-2move.tsv", 2},
                                                                        {"russian", "russian-idf.tsv", 0},
                                                                        {"brazilian", "brazilian-fmjd.tsv", 0}}) {
        SCOPED_TRACE(file);
        auto openings = m::load_openings(m::bundled_openings_dir() + "/" + file, variant);
        ASSERT_TRUE(openings) << openings.error();
        for (std::size_t i = 0; i < std::min<std::size_t>(openings->size(), 12); ++i) {
            const auto& o = (*openings)[i];
            SCOPED_TRACE(o.name);
            auto moves = m::opening_moves(variant, false, o.position);
            ASSERT_TRUE(moves);
            if (plies) {
                EXPECT_EQ(moves->size(), plies);
            }
            EXPECT_TRUE(leads_to(variant, *moves, o.position));
        }
    }
}

TEST(OpeningMoves, TheStartIsNoMoveAndSetupsAreNoSequence) {
    auto start = m::opening_moves("international", false, d::Notation<d::International>::fen(d::Notation<d::International>::start()));
    ASSERT_TRUE(start);
    EXPECT_TRUE(start->empty());
    EXPECT_FALSE(m::opening_moves("international", false, "W:W31-50:B3,4"));
    EXPECT_FALSE(m::opening_moves("international", false, "not a fen"));
    // The 11-man ballots take pieces off the board: each is refused within the search budget.
    auto italian = m::load_openings(m::bundled_openings_dir() + "/italian-11man.tsv", "italian");
    ASSERT_TRUE(italian) << italian.error();
    const auto begin = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < 3; ++i) EXPECT_FALSE(m::opening_moves("italian", false, (*italian)[i].position));
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count(), 6.0);
}

}  // namespace
