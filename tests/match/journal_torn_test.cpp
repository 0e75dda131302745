// A journal whose last line was cut (a shard killed mid-write, or read while it
// plays): the whole lines are read, the cut one is left out and its offset kept
// for --resume; --merge counts the whole games only.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tools/match/journal.hpp"
#include "tools/match/tournament.hpp"
#include "tests/support/scratch.hpp"

namespace {

using namespace damier::match;

std::string two_games_and_a_torn_one(const std::string& path, std::size_t& intact) {
    MatchSettings s;
    s.engines = {{"A", {"a"}, "", {}}, {"B", {"b"}, "", {}}};
    const std::string run = run_line(run_fields(s, "r1")) + "\n";
    const std::string g0 = journal_line({"r1", 0, 0, 0, {"A", "B"}, {1, 2}, "win"}) + "\n";
    const std::string g1 = journal_line({"r1", 1, 0, 1, {"B", "A"}, {1.5, 1.5}, "draw"}) + "\n";
    const std::string torn = journal_line({"r1", 2, 1, 0, {"A", "B"}, {2, 1}, "win"}).substr(0, 25);
    intact = run.size() + g0.size() + g1.size();
    std::ofstream(path, std::ios::binary) << run << g0 << g1 << torn;
    return path;
}

TEST(JournalTorn, TheCutLastLineIsLeftOutAndItsOffsetKept) {
    std::size_t intact = 0;
    const auto path = two_games_and_a_torn_one(damier::test::scratch_path("torn.journal"), intact);
    auto j = read_journal(path);
    ASSERT_TRUE(j) << j.error();
    EXPECT_EQ(j->games.size(), 2u);
    EXPECT_TRUE(j->torn);
    EXPECT_EQ(j->intact_size, intact);
}

TEST(JournalTorn, WholeJournalIsNotTorn) {
    std::size_t intact = 0;
    const auto path = two_games_and_a_torn_one(damier::test::scratch_path("whole.journal"), intact);
    std::filesystem::resize_file(path, intact);
    auto j = read_journal(path);
    ASSERT_TRUE(j) << j.error();
    EXPECT_EQ(j->games.size(), 2u);
    EXPECT_FALSE(j->torn);
}

TEST(JournalTorn, MergeCountsTheWholeGamesAndNamesAnSprtDecision) {
    std::size_t intact = 0;
    const auto path = two_games_and_a_torn_one(damier::test::scratch_path("merge.journal"), intact);
    std::ostringstream out, err;
    ASSERT_EQ(merge_journals({path}, std::nullopt, out, err), 0) << err.str();
    EXPECT_EQ(out.str().rfind("Merged 2 games from 1 journals", 0), 0u) << out.str();
    EXPECT_EQ(out.str().find("SPRT decided"), std::string::npos);
}

}  // namespace
