// Perft against published counts: the start position of every rule set and the
// special positions of tests/data/perft. Rows up to kDefaultNodes run in the default
// suite; deeper rows carry the `slow` label; rows beyond kMaxNodes are listed but
// left to `damier perft` by hand (hours on a 2-core machine).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/text.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/draughts/perft.hpp"
#include "engine/draughts/variant_list.hpp"
#include "tests/common/perft_rows.hpp"

namespace damier::draughts {
namespace {

constexpr std::uint64_t kDefaultNodes = 12'000'000;
constexpr std::uint64_t kMaxNodes = 3'000'000'000;

using testing_support::PerftRow;

std::vector<PerftRow> all_rows(bool slow) {
    std::vector<PerftRow> selected;
    for (const auto& row : testing_support::read_all_perft_rows())
        if ((row.nodes <= kDefaultNodes) != slow) selected.push_back(row);
    return selected;
}

std::uint64_t run_perft(const PerftRow& row, int threads) {
    std::uint64_t total = 0;
    auto error = with_variant(row.variant, false, [&]<class R>() {
        auto start = row.fen.empty() ? Result<Position<typename R::board>>(Notation<R>::start())
                                     : Notation<R>::parse_fen(row.fen);
        ASSERT_TRUE(start.ok()) << start.error();
        auto paths = row.count_paths ? CapturePaths::Count : CapturePaths::Merge;
        for (const auto& entry : perft_divide<R>(*start, row.depth, threads, paths)) total += entry.nodes;
    });
    EXPECT_EQ(error, "");
    return total;
}

std::string row_name(const testing::TestParamInfo<PerftRow>& info) {
    std::string name = info.param.variant + "_" + std::to_string(info.index) + "_depth" +
                       std::to_string(info.param.depth);
    return name;
}

class PerftTest : public testing::TestWithParam<PerftRow> {};
class PerftSlowTest : public testing::TestWithParam<PerftRow> {};

TEST_P(PerftTest, MatchesPublishedCount) {
    const auto& row = GetParam();
    EXPECT_EQ(run_perft(row, 1), row.nodes) << row.variant << " " << row.fen << " (" << row.source << ")";
}

TEST_P(PerftSlowTest, MatchesPublishedCount) {
    const auto& row = GetParam();
    if (row.nodes > kMaxNodes) GTEST_SKIP() << "too deep for the test machine: run damier perft by hand";
    EXPECT_EQ(run_perft(row, 2), row.nodes) << row.variant << " " << row.fen << " (" << row.source << ")";
}

INSTANTIATE_TEST_SUITE_P(Published, PerftTest, testing::ValuesIn(all_rows(false)), row_name);
INSTANTIATE_TEST_SUITE_P(Published, PerftSlowTest, testing::ValuesIn(all_rows(true)), row_name);

// Every rule set's table starts at depth 1 and the default suite covers each one.
TEST(PerftData, EveryRuleSetHasRows) {
    auto rows = all_rows(false);
    Variants::for_each([&]<class R>() {
        int count = 0;
        for (const auto& row : rows) count += row.variant == R::name;
        EXPECT_GE(count, 5) << R::name;
    });
}

}  // namespace
}  // namespace damier::draughts

namespace damier::draughts {
namespace {

// Root moves shared between threads give the same per-move counts as one thread
// (and, under the tsan preset, no data race).
TEST(PerftThreads, TwoThreadsMatchOneThread) {
    const auto start = Notation<International>::start();
    auto one = perft_divide<International>(start, 5, 1);
    auto two = perft_divide<International>(start, 5, 2);
    ASSERT_EQ(one.size(), two.size());
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < one.size(); ++i) {
        EXPECT_EQ(one[i].move, two[i].move);
        EXPECT_EQ(one[i].nodes, two[i].nodes);
        total += two[i].nodes;
    }
    EXPECT_EQ(total, 27'117u);
}

}  // namespace
}  // namespace damier::draughts
