// Opening files: every bundled file under its rule set, the other formats, errors with
// file and line, garbage input; random balanced Chinese checkers openings.
#include "tools/match/openings.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "engine/halma/notation.hpp"
#include "tests/support/scratch.hpp"

namespace m = damier::match;
namespace h = damier::halma;

namespace {

std::string bundled(const std::string& file) { return m::bundled_openings_dir() + "/" + file; }

// Rows of a bundled TSV counted apart from the loader: every non-comment line, and
// those whose last field is not "lost".
std::pair<std::size_t, std::size_t> count_rows(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::size_t all = 0, kept = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        ++all;
        if (line.substr(line.rfind('\t') + 1) != "lost") ++kept;
    }
    return {all, kept};
}

std::string temp_file(const std::string& name, const std::string& content) {
    std::string path = damier::test::scratch_path(name);
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

const std::string kIntStart = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1-20";

}  // namespace

TEST(LoadOpenings, EveryBundledFileLoadsWithItsRuleSet) {
    const std::vector<std::pair<std::string, std::string>> files = {
        {"international-2move.tsv", "international"}, {"international-3move.tsv", "international"},
        {"american-2move.tsv", "american"},           {"american-3move.tsv", "american"},
        {"brazilian-fmjd.tsv", "brazilian"},          {"russian-idf.tsv", "russian"},
        {"italian-11man.tsv", "italian"}};
    for (const auto& [file, variant] : files) {
        auto [all, kept] = count_rows(bundled(file));
        ASSERT_GT(kept, 0u) << file;
        auto openings = m::load_openings(bundled(file), variant);
        ASSERT_TRUE(openings) << openings.error();
        EXPECT_EQ(openings->size(), kept) << file;
        auto with_lost = m::load_openings(bundled(file), variant, true);
        ASSERT_TRUE(with_lost) << with_lost.error();
        EXPECT_EQ(with_lost->size(), all) << file;
        for (const auto& o : *openings) EXPECT_FALSE(o.name.empty()) << file;
    }
    // The american files do have barred ballots.
    EXPECT_LT(count_rows(bundled("american-3move.tsv")).second, count_rows(bundled("american-3move.tsv")).first);
}

// The ending suites of the draughts SPRT log: named <rule set>-<ending>.fen, each 40
// distinct positions valid under its rule set.
TEST(LoadOpenings, EveryEndingSuiteLoadsWithItsRuleSet) {
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(DAMIER_SOURCE_DIR "/eval/draughts/sprt/endings")) {
        if (entry.path().extension() != ".fen") continue;
        ++files;
        const std::string name = entry.path().filename().string();
        auto openings = m::load_openings(entry.path().string(), name.substr(0, name.find('-')));
        ASSERT_TRUE(openings) << openings.error();
        std::set<std::string> distinct;
        for (const auto& o : *openings) distinct.insert(o.position);
        EXPECT_EQ(distinct.size(), 40u) << name;
    }
    EXPECT_EQ(files, 8);
}

TEST(LoadOpenings, DefaultFilesExistForTheirRuleSets) {
    for (std::string v :
         {"international", "american", "russian", "brazilian", "italian", "canadian", "czech", "spanish"}) {
        auto file = m::default_openings_file(v);
        ASSERT_FALSE(file.empty()) << v;
        EXPECT_TRUE(std::filesystem::exists(bundled(file))) << file;
        EXPECT_TRUE(m::load_openings(bundled(file), v)) << file;
    }
    EXPECT_EQ(m::default_openings_file("international"), "international-2move.tsv");
    EXPECT_EQ(m::default_openings_file("american"), "american-3move.tsv");
    // A ballot file of the generated kind holds every position after one move each.
    const auto czech = m::load_openings(bundled("czech-2move.tsv"), "czech");
    ASSERT_TRUE(czech) << czech.error();
    EXPECT_EQ(czech->size(), 7u * 7u);
    for (std::string v : {"chinese", "diamond", "nonsense"})
        EXPECT_EQ(m::default_openings_file(v), "") << v;
}

TEST(LoadOpenings, BadFenNamesFileAndLine) {
    std::string text = "# header\n# name\tfen\tstatus\n";
    for (int i = 3; i <= 6; ++i) text += "o" + std::to_string(i) + "\t" + kIntStart + "\tstandard\n";
    text += "bad\tW:W31,32,51:B1\tstandard\n";  // line 7: square 51 is off the board
    text += "o8\t" + kIntStart + "\tstandard\n";
    auto path = temp_file("bad7.tsv", text);
    auto r = m::load_openings(path, "international");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find(path + ":7:"), std::string::npos) << r.error();
    // A man on its crowning row is refused by the rules, not only by the syntax.
    auto crowned = temp_file("crowned.tsv", "x\tW:W3:B40\tstandard\n");
    auto c = m::load_openings(crowned, "international");
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().find(":1:"), std::string::npos) << c.error();
    // The same file is wrong for a rule set with another board.
    EXPECT_FALSE(m::load_openings(temp_file("int.tsv", "a\t" + kIntStart + "\tstandard\n"), "american"));
}

TEST(LoadOpenings, FenListWithNamesCommentsAndBlankLines) {
    auto path = temp_file("list.txt", "# my openings\n\n" + kIntStart + "\r\nsecond\tB:W31-50:B1-19,24\n\n");
    auto r = m::load_openings(path, "international");
    ASSERT_TRUE(r) << r.error();
    ASSERT_EQ(r->size(), 2u);
    EXPECT_EQ((*r)[0].name, "1");
    EXPECT_EQ((*r)[0].position, kIntStart);
    EXPECT_EQ((*r)[1].name, "second");
    EXPECT_EQ((*r)[1].position, "B:W31-50:B1-19,24");
}

TEST(LoadOpenings, LostRowsAreCheckedAndByteOrderMarkIsSkipped) {
    auto lost = temp_file("lost.tsv", "a\t" + kIntStart + "\tstandard\nb\tW:W99:B1\tlost\n");
    auto r = m::load_openings(lost, "international");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find(":2:"), std::string::npos) << r.error();
    auto bom = m::load_openings(temp_file("bom.pdn", "\xEF\xBB\xBF[FEN \"" + kIntStart + "\"]\n*\n"), "international");
    ASSERT_TRUE(bom) << bom.error();
    EXPECT_EQ(bom->size(), 1u);
}

TEST(LoadOpenings, PdnGamesWithFenTags) {
    auto path = temp_file("games.pdn",
                          "[Event \"Ballot 1\"]\n[FEN \"B:W31-50:B1-19,24\"]\n\n1... 19-23 {see [x]} *\n\n"
                          "[Event \"?\"]\n[Round \"7\"]\n[FEN \"" + kIntStart + "\"]\n\n*\n\n"
                          "[FEN \"W:W28,31-35,37-50:B1-19,24\"]\n1. 32-28 *\n");
    auto r = m::load_openings(path, "international");
    ASSERT_TRUE(r) << r.error();
    ASSERT_EQ(r->size(), 3u);
    EXPECT_EQ((*r)[0].name, "Ballot 1");
    EXPECT_EQ((*r)[0].position, "B:W31-50:B1-19,24");
    EXPECT_EQ((*r)[1].name, "7");
    EXPECT_EQ((*r)[2].name, "3");
    auto no_fen =
        temp_file("nofen.pdn", "[Event \"a\"]\n[FEN \"" + kIntStart + "\"]\n*\n\n[Event \"b\"]\n1. 32-28 *\n");
    auto e = m::load_openings(no_fen, "international");
    ASSERT_FALSE(e);
    EXPECT_NE(e.error().find(":5:"), std::string::npos) << e.error();
}

TEST(LoadOpenings, ChineseCheckersPositionStrings) {
    for (int players : {2, 3, 6}) {
        h::Settings s;
        s.players = players;
        auto rules = h::Rules::make(s).value();
        auto path = temp_file("halma.txt", "start\t" + h::position_string(h::start_position(rules)) + "\n");
        auto r = m::load_openings(path, "chinese");
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->size(), 1u);
    }
    EXPECT_FALSE(m::load_openings(temp_file("halma_bad.txt", "1eee\n"), "chinese"));
}

TEST(LoadOpenings, GarbageGivesErrorsNotCrashes) {
    EXPECT_FALSE(m::load_openings(::testing::TempDir() + "damier_no_such_file.tsv", "international"));
    EXPECT_FALSE(m::load_openings(temp_file("empty.tsv", ""), "international"));
    EXPECT_FALSE(m::load_openings(temp_file("comments.tsv", "# only\n\n"), "international"));
    EXPECT_FALSE(m::load_openings(bundled("international-2move.tsv"), "no-such-variant"));
    EXPECT_FALSE(m::load_openings(::testing::TempDir(), "international"));  // a directory
    std::mt19937_64 rng(42);
    const std::string alphabet = "WBK:,-x0123456789[]\"{}\t\n# \\ab.?";
    for (int round = 0; round < 300; ++round) {
        std::string bytes;
        const auto size = rng() % 200;
        for (std::uint64_t i = 0; i < size; ++i)
            bytes += round % 2 ? static_cast<char>(rng() % 256) : alphabet[rng() % alphabet.size()];
        auto path = temp_file("garbage", bytes);
        for (std::string v : {"international", "russian", "chinese"}) {
            auto r = m::load_openings(path, v);
            if (r) {
                for (const auto& o : *r) EXPECT_FALSE(o.position.empty());
            } else {
                EXPECT_FALSE(r.error().empty());
            }
        }
    }
}

TEST(RandomHalmaOpenings, DistinctNotOverAndReproducible) {
    for (int players : {2, 3, 6}) {
        h::Settings s;
        s.players = players;
        auto rules = h::Rules::make(s).value();
        auto a = m::random_halma_openings(s, 20, 4, 1234);
        ASSERT_EQ(a.size(), 20u) << players;
        std::set<std::string> distinct;
        for (const auto& o : a) {
            distinct.insert(o.position);
            auto p = h::parse_position(rules, o.position);
            ASSERT_TRUE(p) << p.error();
            EXPECT_FALSE(p->over);
            EXPECT_EQ(p->side, rules.seat(0)) << "whole rounds are played";
        }
        EXPECT_EQ(distinct.size(), a.size());
        auto again = m::random_halma_openings(s, 20, 4, 1234);
        ASSERT_EQ(again.size(), a.size());
        for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(again[i].position, a[i].position);
        auto other = m::random_halma_openings(s, 20, 4, 99);
        std::size_t shared = 0;
        for (const auto& o : other) shared += distinct.count(o.position);
        EXPECT_LT(shared, a.size()) << players;
    }
}

TEST(RandomHalmaOpenings, NoMoveLosesDistance) {
    h::Settings s;
    auto rules = h::Rules::make(s).value();
    auto start = h::start_position(rules);
    for (const auto& o : m::random_halma_openings(s, 10, 6, 5)) {
        auto p = h::parse_position(rules, o.position).value();
        for (int i = 0; i < rules.seat_count(); ++i) {
            int camp = rules.seat(i);
            EXPECT_LE(h::remaining_distance(rules, p, camp), h::remaining_distance(rules, start, camp));
        }
    }
    h::Settings bad;
    bad.players = 9;
    EXPECT_TRUE(m::random_halma_openings(bad, 5, 3, 1).empty());
}
