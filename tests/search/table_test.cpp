// The transposition table's memory: on 4 KiB or 2 MiB pages the table holds the
// same entries, and a search through it makes the same tree.
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "engine/draughts/notation.hpp"
#include "eval/draughts/searchable.hpp"
#include "search/alphabeta.hpp"
#include "search/tt.hpp"

namespace damier::search {
namespace {

Entry entry_for(std::uint64_t key) {
    return Entry{static_cast<std::int16_t>(key % 1000), static_cast<std::uint16_t>(key % 7),
                 static_cast<std::uint8_t>(key % 30 + 1), Bound::Exact, 0};
}

// Keys spread over the table: the high bits vary, the low bits pick the bucket.
std::uint64_t key_number(std::uint64_t i) { return (i + 1) * 0x9E3779B97F4A7C15ull; }

TEST(TranspositionTable, HoldsEntriesOnEitherPageSize) {
    for (const Pages pages : {Pages::Small, Pages::Large}) {
        TranspositionTable table(64, pages);
        EXPECT_EQ(table.bytes(), std::size_t{64} << 20);
        for (std::uint64_t i = 0; i < 1000; ++i) EXPECT_FALSE(table.probe(key_number(i))) << "a fresh table is empty";
        for (std::uint64_t i = 0; i < 1000; ++i) table.store(key_number(i), entry_for(key_number(i)));
        for (std::uint64_t i = 0; i < 1000; ++i) {
            const auto found = table.probe(key_number(i));
            ASSERT_TRUE(found);
            const Entry want = entry_for(key_number(i));
            EXPECT_EQ(found->score, want.score);
            EXPECT_EQ(found->move, want.move);
            EXPECT_EQ(found->depth, want.depth);
        }
        table.clear();
        for (std::uint64_t i = 0; i < 1000; ++i) EXPECT_FALSE(table.probe(key_number(i)));
    }
}

TEST(TranspositionTable, ResizeKeepsWorking) {
    TranspositionTable table(1);
    EXPECT_EQ(table.bytes(), std::size_t{1} << 20);  // below one large page: ordinary pages
    table.resize(8);
    EXPECT_EQ(table.bytes(), std::size_t{8} << 20);
    table.store(key_number(1), entry_for(key_number(1)));
    EXPECT_TRUE(table.probe(key_number(1)));
    table.resize(3);  // not a power of two: the largest power of two buckets that fits
    EXPECT_EQ(table.bytes(), std::size_t{2} << 20);
    EXPECT_FALSE(table.probe(key_number(1))) << "a resized table starts empty";
}

TEST(TranspositionTable, PageSizeDoesNotChangeTheSearch) {
    using R = draughts::International;
    const auto position = draughts::Notation<R>::parse_fen(
        "W:W26,27,29,31,32,33,34,35,36,37,38,42,45,46:B2,6,9,11,12,14,16,17,18,19,20,21,23,24");
    ASSERT_TRUE(position);
    std::vector<std::pair<std::uint64_t, std::string>> runs;
    for (const Pages pages : {Pages::Small, Pages::Large}) {
        TranspositionTable table(16, pages);
        AlphaBeta<eval::draughts::Searchable<R>> engine(table);
        Control control;
        Limits limits;
        limits.depth = 9;
        const auto result = engine.run(eval::draughts::Searchable<R>(draughts::Game<R>(*position)), limits, 1, control);
        ASSERT_TRUE(result.has_move);
        runs.emplace_back(result.nodes, draughts::Notation<R>::hub_move(result.best));
    }
    EXPECT_GT(runs[0].first, 1000u);
    EXPECT_EQ(runs[0], runs[1]);
}

}  // namespace
}  // namespace damier::search
