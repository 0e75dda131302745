// damier-tune's command line: selfplay --shard K/N and fit --data A,B (the shards of
// a self-play run hold the lines of the run in one process, and the fit reads several
// files as one), and import of PDN games for the fit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_runner.hpp"
#include "tests/support/scratch.hpp"

namespace {

using damier::testing_support::slurp;

damier::testing_support::CliRun tune(const std::string& args) {
    return damier::testing_support::run_binary(DAMIER_TUNE_BINARY, args);
}

// A fresh folder of the test, removed when it passes; returns a path prefix in it
// ("<folder>/run") for the files the test names "<prefix>-1.pos", "<prefix>.pdn".
std::string scratch_folder() {
    const std::string folder = damier::test::scratch_path("files");
    std::filesystem::create_directories(folder);
    return folder + "/run";
}

std::vector<std::string> sorted_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::stringstream s(text);
    for (std::string l; std::getline(s, l);) lines.push_back(l);
    std::sort(lines.begin(), lines.end());
    return lines;
}

TEST(TuneShard, ShardsTogetherAreTheOneProcessRun) {
    // A long path (the scratch folder's): the refusal below must still name the
    // missing file, so errors shorten long paths in the middle.
    const std::string dir = scratch_folder();
    const std::string common = "selfplay --variant russian --games 5 --nodes 100 --seed 7 --out " + dir;
    ASSERT_EQ(tune(common + "-all.pos").status, 0);
    std::string shards;
    for (int k = 1; k <= 3; ++k) {
        const std::string file = dir + "-" + std::to_string(k) + ".pos";
        auto r = tune(common + "-" + std::to_string(k) + ".pos --shard " + std::to_string(k) + "/3");
        ASSERT_EQ(r.status, 0) << r.err;
        EXPECT_FALSE(slurp(file).empty()) << "shard " << k;
        shards += slurp(file);
    }
    EXPECT_EQ(sorted_lines(shards), sorted_lines(slurp(dir + "-all.pos")));

    // The fit of the three files is the fit of their lines in one file.
    std::ofstream(dir + "-joined.pos") << slurp(dir + "-1.pos") << slurp(dir + "-2.pos") << slurp(dir + "-3.pos");
    const std::string fit = "fit --variant russian --epochs 3 --holdout 40 --out " + dir + ".weights --data ";
    auto joined = tune(fit + dir + "-joined.pos");
    auto listed = tune(fit + dir + "-1.pos," + dir + "-2.pos," + dir + "-3.pos");
    ASSERT_EQ(joined.status, 0) << joined.err;
    EXPECT_EQ(listed.status, 0) << listed.err;
    // "fit russian: N training and M held-out positions ...": the same counts.
    auto counts = [](const std::string& out) {
        const auto from = out.find(": "), to = out.find('\n');
        return from < to && to != std::string::npos ? out.substr(from, to - from) : out;
    };
    EXPECT_EQ(counts(listed.out), counts(joined.out));
    auto missing = tune(fit + dir + "-1.pos," + dir + "-none.pos");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("none.pos"), std::string::npos) << missing.err;
}

TEST(TuneShard, ShardOutOfRangeIsRefused) {
    for (const char* shard : {"0/2", "3/2", "2", "1/9"}) {
        auto r = tune(std::string("selfplay --variant russian --games 4 --out /dev/null --shard ") + shard);
        EXPECT_EQ(r.status, 2) << shard;
        EXPECT_NE(r.err.find("--shard"), std::string::npos) << shard << ": " << r.err;
    }
}

TEST(TuneSelfplay, BalanceOutOfRangeOrForChineseCheckersIsRefused) {
    for (const char* bad : {"--variant russian --balance -1", "--variant russian --balance x",
                            "--variant chinese --balance 60"}) {
        auto r = tune(std::string("selfplay --games 1 --out /dev/null ") + bad);
        EXPECT_EQ(r.status, 2) << bad;
        EXPECT_NE(r.err.find("balance"), std::string::npos) << bad << ": " << r.err;
    }
}

// selfplay --resume: a run stopped part-way (here a file cut inside a line, as a
// killed run leaves it) and resumed ends with the lines of the run never stopped,
// having played only the games it lacked. A file of another run is refused, untouched.
TEST(TuneSelfplay, ResumeKeepsWholeGamesAndPlaysOnlyTheRest) {
    const std::string dir = scratch_folder();
    for (const std::string variant : {"russian", "chinese --players 3"}) {
        const std::string common = "selfplay --variant " + variant + " --games 6 --nodes 100 --threads 2 --seed 11 --out ";
        const std::string full = dir + "-full.pos", cut = dir + "-cut.pos";
        std::filesystem::remove(full);
        std::filesystem::remove(cut);
        ASSERT_EQ(tune(common + full).status, 0) << variant;
        const std::string all = slurp(full);
        // Cut inside a line near the middle.
        const auto middle = all.find('\n', all.size() / 2) + 5;
        ASSERT_LT(middle, all.size()) << variant;
        std::ofstream(cut, std::ios::binary) << all.substr(0, middle);

        auto resumed = tune(common + cut + " --resume");
        ASSERT_EQ(resumed.status, 0) << variant << ": " << resumed.err;
        EXPECT_EQ(sorted_lines(slurp(cut)), sorted_lines(all)) << variant;
        // "resuming FILE, kept K whole games (...)", then "N of M games": M = 6 - K.
        int kept = -1, done = -1, to_play = -1;
        const auto at = resumed.out.find(", kept ");
        ASSERT_NE(at, std::string::npos) << resumed.out;
        std::sscanf(resumed.out.c_str() + at, ", kept %d", &kept);
        std::sscanf(resumed.out.c_str() + resumed.out.find(": ", at) + 2, "%d of %d", &done, &to_play);
        EXPECT_GE(kept, 1) << resumed.out;
        EXPECT_EQ(to_play, 6 - kept) << resumed.out;
        EXPECT_EQ(done, to_play) << resumed.out;

        // Resumed with another seed: not this run's games.
        auto other = tune("selfplay --variant " + variant + " --games 6 --nodes 100 --seed 12 --out " + full + " --resume");
        EXPECT_EQ(other.status, 2) << variant;
        EXPECT_NE(other.err.find("not one of this run's"), std::string::npos) << other.err;
        EXPECT_EQ(slurp(full), all) << variant;
    }
    // Not self-play lines at all.
    std::ofstream(dir + "-notes.txt") << "a note\nanother\n";
    auto notes = tune("selfplay --variant russian --games 2 --nodes 100 --out " + dir + "-notes.txt --resume");
    EXPECT_EQ(notes.status, 2);
    EXPECT_NE(notes.err.find("line 1: no game seed"), std::string::npos) << notes.err;
    EXPECT_EQ(slurp(dir + "-notes.txt"), "a note\nanother\n");
}

// fit --check: the loss on positions of other games, before and after the fit (each
// with its own K), printed and written into the weights file's header. The loss
// before depends on the starting weights and the check file alone; the loss after
// is that of the weights written.
TEST(TuneFit, CheckReportsTheLossOnOtherGames) {
    const std::string dir = scratch_folder();
    for (const char* seed : {"7", "8", "9"})
        ASSERT_EQ(tune(std::string("selfplay --variant russian --games 20 --nodes 100 --seed ") + seed + " --out " +
                       dir + "-" + seed + ".pos")
                      .status,
                  0);
    // "check: N positions of FILE, game results only: log loss BEFORE -> AFTER"
    auto losses = [](const std::string& out) {
        const auto at = out.find("log loss ", out.find("check: "));
        double before = -1, after = -1;
        if (at != std::string::npos) std::sscanf(out.c_str() + at, "log loss %lf -> %lf", &before, &after);
        return std::pair{before, after};
    };
    const std::string check = " --check " + dir + "-9.pos";
    const std::string fit = "fit --variant russian --epochs 5 --data ";
    auto a = tune(fit + dir + "-7.pos --out " + dir + "-a.weights" + check);
    auto b = tune(fit + dir + "-8.pos --out " + dir + "-b.weights" + check);
    auto from_a = tune(fit + dir + "-8.pos --eval-file " + dir + "-a.weights --out " + dir + "-c.weights" + check);
    ASSERT_EQ(a.status, 0) << a.err;
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_NE(a.out.find("positions of " + dir + "-9.pos, game results only"), std::string::npos) << a.out;
    const auto [a_before, a_after] = losses(a.out);
    const auto [b_before, b_after] = losses(b.out);
    EXPECT_GT(a_before, 0.0) << a.out;
    EXPECT_GT(a_after, 0.0) << a.out;
    EXPECT_DOUBLE_EQ(a_before, b_before);
    EXPECT_NE(a_after, b_after);  // fitted on other games, the weights differ
    ASSERT_EQ(from_a.status, 0) << from_a.err;
    EXPECT_NEAR(losses(from_a.out).first, a_after, 1e-4);  // the written weights are rounded
    EXPECT_NE(slurp(dir + "-a.weights").find("# check: "), std::string::npos);
    // --best-on check keeps the report best on the check positions, the start among
    // them: its check loss is never above the loss before.
    auto kept = tune(fit + dir + "-7.pos --out " + dir + "-k.weights" + check + " --best-on check");
    ASSERT_EQ(kept.status, 0) << kept.err;
    EXPECT_NE(kept.out.find("(the epoch kept)"), std::string::npos) << kept.out;
    const auto [kept_before, kept_after] = losses(kept.out);
    EXPECT_DOUBLE_EQ(kept_before, a_before);
    EXPECT_LE(kept_after, kept_before);
    EXPECT_EQ(std::min(a_after, a_before), kept_after) << "the fit's end or its start, whichever the check prefers";

    auto missing = tune("fit --variant russian --epochs 1 --data " + dir + "-7.pos --out " + dir +
                        "-c.weights --check " + dir + "-none.pos");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("--check: cannot read"), std::string::npos) << missing.err;
    EXPECT_NE(missing.err.find("none.pos"), std::string::npos) << missing.err;
}

// fit --phase pips: the table's two phases blend by the men's rows still to go; the
// way is written into the table, kept by a fit that starts from it, and refused
// when no table is written or as another word.
TEST(TuneFit, ThePipPhaseIsWrittenAndKept) {
    const std::string dir = scratch_folder();
    ASSERT_EQ(tune("selfplay --variant russian --games 20 --nodes 100 --seed 7 --out " + dir + ".pos").status, 0);
    const std::string fit = "fit --variant russian --epochs 3 --rate 0.5 --data " + dir +
                            ".pos --pattern-phases 2 --out " + dir + ".weights --patterns-out " + dir;
    auto men = tune(fit + "-men.patterns");
    auto pips = tune(fit + "-pips.patterns --phase pips");
    ASSERT_EQ(men.status, 0) << men.err;
    ASSERT_EQ(pips.status, 0) << pips.err;
    EXPECT_EQ(slurp(dir + "-men.patterns").find("phase ="), std::string::npos);
    EXPECT_NE(slurp(dir + "-pips.patterns").find("\nphase = pips\n"), std::string::npos);
    EXPECT_NE(slurp(dir + "-men.patterns"), slurp(dir + "-pips.patterns")) << "the phases split the entries otherwise";
    auto again = tune(fit + "-again.patterns --pattern-file " + dir + "-pips.patterns");
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_NE(slurp(dir + "-again.patterns").find("\nphase = pips\n"), std::string::npos);
    // Without a table written, or another word.
    for (const std::string& bad :
         std::vector<std::string>{" --phase pips", " --phase rows --patterns-out " + dir + "-bad.patterns"}) {
        auto r = tune("fit --variant russian --epochs 1 --data " + dir + ".pos --out " + dir + ".weights" + bad);
        EXPECT_EQ(r.status, 2) << bad;
        EXPECT_NE(r.err.find("--phase"), std::string::npos) << bad << ": " << r.err;
    }
}

// fit --min-count N: table values read by fewer than N training positions keep
// their start, the others are fitted; refused without a table written.
TEST(TuneFit, TableValuesReadTooRarelyKeepTheirStart) {
    const std::string dir = scratch_folder();
    ASSERT_EQ(tune("selfplay --variant russian --games 20 --nodes 100 --seed 7 --out " + dir + ".pos").status, 0);
    // Checked on its own positions, a fit keeps its last epoch (held out, two games
    // would keep the start).
    const std::string fit = "fit --variant russian --epochs 3 --rate 0.5 --data " + dir + ".pos --check " + dir +
                            ".pos --best-on check --pattern-phases 2 --out " + dir + ".weights --patterns-out " + dir;
    auto all = tune(fit + "-all.patterns");
    auto common = tune(fit + "-common.patterns --min-count 30");
    auto none = tune(fit + "-none.patterns --min-count 1000000");
    ASSERT_EQ(all.status, 0) << all.err;
    ASSERT_EQ(common.status, 0) << common.err;
    ASSERT_EQ(none.status, 0) << none.err;
    EXPECT_NE(common.out.find("--min-count 30: "), std::string::npos) << common.out;
    // The built-in table is the start: the entry lines each fit changed from it.
    auto changed = [&](const std::string& name) {
        const auto start = sorted_lines(slurp(dir + "-none.patterns"));
        const auto lines = sorted_lines(slurp(dir + name));
        return std::count_if(lines.begin(), lines.end(), [&](const std::string& l) {
            return !std::binary_search(start.begin(), start.end(), l);
        });
    };
    EXPECT_GT(changed("-common.patterns"), 0);
    EXPECT_LT(changed("-common.patterns"), changed("-all.patterns"));
    // From a table, every value kept: the same table written again.
    auto kept = tune(fit + "-kept.patterns --pattern-file " + dir + "-common.patterns --min-count 1000000");
    ASSERT_EQ(kept.status, 0) << kept.err;
    EXPECT_EQ(slurp(dir + "-kept.patterns"), slurp(dir + "-common.patterns"));
    for (const auto& [bad, error] : std::vector<std::pair<std::string, std::string>>{
             {" --min-count 5", "--min-count needs --patterns-out"},
             {" --min-count -1 --patterns-out " + dir + "-bad.patterns", "--min-count"},
             {" --min-count many --patterns-out " + dir + "-bad.patterns", "--min-count"}}) {
        auto r = tune("fit --variant russian --epochs 1 --data " + dir + ".pos --out " + dir + ".weights" + bad);
        EXPECT_EQ(r.status, 2) << bad;
        EXPECT_NE(r.err.find(error), std::string::npos) << bad << ": " << r.err;
    }
}

// fit --pattern-windows N: a table reading more windows than its start. The added
// windows start at 0 and the starting table's values (king squares included) stay
// where they were; a fit of them writes values in the added windows, with
// --only-added-windows there alone. Counts that
// are no table of the board, fewer windows than the start, or no table written are
// refused.
TEST(TuneFit, AddedWindowsStartAtZeroBesideTheStartingTable) {
    const std::string dir = scratch_folder();
    ASSERT_EQ(tune("selfplay --variant russian --games 20 --nodes 100 --seed 7 --out " + dir + ".pos").status, 0);
    const std::string fit = "fit --variant russian --epochs 3 --rate 0.5 --data " + dir + ".pos --check " + dir +
                            ".pos --best-on check --pattern-phases 2 --king-squares --out " + dir + ".weights";
    auto nine = tune(fit + " --patterns-out " + dir + "-9.patterns");
    ASSERT_EQ(nine.status, 0) << nine.err;
    auto kept = tune(fit + " --pattern-file " + dir + "-9.patterns --pattern-windows 13 --min-count 1000000" +
                     " --patterns-out " + dir + "-13-kept.patterns");
    ASSERT_EQ(kept.status, 0) << kept.err;
    EXPECT_NE(kept.out.find("pattern table: 13 windows and king squares"), std::string::npos) << kept.out;
    // The same lines but the window count: the kings' too, though they are stored after the windows.
    auto without_count = [](std::string text) {
        const auto at = text.find("windows = ");
        return text.erase(at, text.find('\n', at) - at);
    };
    const std::string start = slurp(dir + "-9.patterns"), extended = slurp(dir + "-13-kept.patterns");
    EXPECT_NE(extended.find("windows = 13\n"), std::string::npos);
    EXPECT_NE(start.find("\nk "), std::string::npos) << "the start has king square values";
    EXPECT_EQ(without_count(extended), without_count(start));
    auto fitted = tune(fit + " --pattern-file " + dir + "-9.patterns --pattern-windows 25 --patterns-out " + dir +
                       "-25.patterns");
    ASSERT_EQ(fitted.status, 0) << fitted.err;
    const auto lines = sorted_lines(slurp(dir + "-25.patterns"));
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
        return !l.empty() && std::isdigit(static_cast<unsigned char>(l[0])) && std::stoi(l) >= 13;
    })) << "values in the windows astride the aligned ones";
    // Only the added windows fitted: the starting table's lines all stay, and values
    // appear in the added windows.
    auto added = tune(fit + " --pattern-file " + dir + "-9.patterns --pattern-windows 13 --only-added-windows" +
                      " --patterns-out " + dir + "-13-added.patterns");
    ASSERT_EQ(added.status, 0) << added.err;
    auto start_lines = sorted_lines(start);
    std::erase_if(start_lines, [](const std::string& l) { return l.rfind("windows = ", 0) == 0; });
    const auto added_lines = sorted_lines(slurp(dir + "-13-added.patterns"));
    std::vector<std::string> new_lines;
    std::set_difference(added_lines.begin(), added_lines.end(), start_lines.begin(), start_lines.end(),
                        std::back_inserter(new_lines));
    ASSERT_FALSE(new_lines.empty());
    for (const auto& l : new_lines) {
        if (l.rfind("windows = ", 0) != 0) {
            EXPECT_TRUE(std::stoi(l) >= 9 && std::stoi(l) < 13) << l;
        }
    }
    EXPECT_TRUE(std::includes(added_lines.begin(), added_lines.end(), start_lines.begin(), start_lines.end()));
    for (const auto& [bad, error] : std::vector<std::pair<std::string, std::string>>{
             {" --pattern-file " + dir + "-9.patterns --only-added-windows --patterns-out " + dir + "-bad.patterns",
              "--only-added-windows needs a starting table and --pattern-windows above its count"},
             {" --pattern-windows 10 --patterns-out " + dir + "-bad.patterns",
              "--pattern-windows on this board is 9 (aligned), 13 (and the odd ones) or 25 (all), got 10"},
             {" --pattern-windows 26 --patterns-out " + dir + "-bad.patterns", "--pattern-windows"},
             {" --pattern-file " + dir + "-25.patterns --pattern-windows 13 --patterns-out " + dir + "-bad.patterns",
              "--pattern-windows cannot drop windows of the starting table"},
             {" --pattern-file " + dir + "-9.patterns --pattern-windows 13", "--pattern-windows needs --patterns-out"}}) {
        auto r = tune("fit --variant russian --epochs 1 --data " + dir + ".pos --out " + dir + ".weights" + bad);
        EXPECT_EQ(r.status, 2) << bad;
        EXPECT_NE(r.err.find(error), std::string::npos) << bad << ": " << r.err;
        EXPECT_FALSE(std::filesystem::exists(dir + "-bad.patterns")) << bad;
    }
}

// Self-play from an openings file: every game starts from one of its positions
// (here the only one, no random plies, no balance check), written first.
TEST(TuneSelfplay, GamesStartFromTheOpeningsFile) {
    const std::string dir = scratch_folder();
    const std::string fen =
        "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";
    std::ofstream(dir + ".fen") << "# one opening\n" << fen << "\n";
    auto r = tune("selfplay --variant international --games 3 --nodes 200 --random-plies 0-0 --balance 0 --openings " +
                  dir + ".fen --out " + dir + ".pos");
    ASSERT_EQ(r.status, 0) << r.err;
    const auto lines = sorted_lines(slurp(dir + ".pos"));
    const auto starts = std::count_if(lines.begin(), lines.end(), [&](const std::string& l) {
        return l.rfind(fen + "\t", 0) == 0;
    });
    EXPECT_EQ(starts, 3);
    for (const auto& [arguments, error] : std::vector<std::pair<std::string, std::string>>{
             {"--variant international --openings " + dir + "-none.fen", "cannot open"},
             {"--variant russian --openings " + dir + ".fen", dir + ".fen"},
             {"--variant chinese --openings " + dir + ".fen", "--openings is for draughts"},
         }) {
        auto refused = tune("selfplay --games 1 --out /dev/null " + arguments);
        EXPECT_EQ(refused.status, 2) << arguments;
        EXPECT_NE(refused.err.find(error), std::string::npos) << arguments << ": " << refused.err;
    }
}

// Twenty short international games (results 2-0, 1-1, 0-2 in turn, the mover's
// score after each move) imported and fitted; then what import refuses.
TEST(TuneImport, ImportedGamesFeedTheFit) {
    const std::string dir = scratch_folder();
    const char* const results[] = {"2-0", "1-1", "0-2"};
    std::ofstream pdn(dir + ".pdn");
    for (int g = 0; g < 20; ++g)
        pdn << "[Event \"g" << g << "\"]\n[Result \"" << results[g % 3] << "\"]\n\n1. 32-28 {+0.10/9} 19-23 {-0.0" << g % 10
            << "/9} 2. 28x19 {+0.05/1} 14x23 {-0.05/1} 3. 37-32 {+0." << g % 10 << "/9} 10-14 {+0.02/9} "
            << results[g % 3] << "\n\n";
    pdn << "[Event \"unfinished\"]\n\n1. 32-28 *\n\n[Event \"bad\"]\n\n1. 32-26 2-0\n";
    pdn.close();
    auto imported = tune("import --variant international --scores --pdn " + dir + ".pdn --out " + dir + ".pos");
    ASSERT_EQ(imported.status, 0) << imported.err;
    EXPECT_NE(imported.out.find("22 games, 20 taken (1 without a result, 1 left out), 80 positions with scores"),
              std::string::npos) << imported.out;
    EXPECT_NE(imported.err.find("line 107: move 1: illegal move '32-26' (game left out)"), std::string::npos)
        << imported.err;
    // Four quiet positions a game (the two captures are not quiet), the score for White.
    const auto lines = sorted_lines(slurp(dir + ".pos"));
    ASSERT_EQ(lines.size(), 80u);
    auto fit = tune("fit --variant international --epochs 2 --holdout 30 --blend 0.5 --data " + dir + ".pos --out " +
                    dir + ".weights");
    EXPECT_EQ(fit.status, 0) << fit.err;
    EXPECT_NE(fit.out.find("0.50 game result + 0.50 search score"), std::string::npos) << fit.out;

    for (const auto& [arguments, error] : std::vector<std::pair<std::string, std::string>>{
             {"--pdn " + dir + "-none.pdn", "cannot read"},
             {"--pdn " + dir + ".pos", "no positions in"},
             {"--variant russian --pdn " + dir + ".pdn", "no positions in"},
             {"--variant chinese --pdn " + dir + ".pdn", "import reads PDN draughts games, not chinese"},
             {"", "import needs --pdn"},
         }) {
        auto r = tune(std::string("import ") + (arguments.find("--variant") == std::string::npos ? "--variant international " : "") +
                      arguments + " --out " + dir + "-refused.pos");
        EXPECT_EQ(r.status, 2) << arguments;
        EXPECT_NE(r.err.find(error), std::string::npos) << arguments << ": " << r.err;
        EXPECT_EQ(slurp(dir + "-refused.pos"), "") << arguments;
    }
}

}  // namespace
