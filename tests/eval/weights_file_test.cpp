// Weights as data: the weights file format, its errors, the order sections apply
// in, and the built-in weights compiled from eval/default.weights.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "eval/builtin_weights.hpp"
#include "eval/draughts/weights.hpp"
#include "eval/halma/weights.hpp"
#include "tests/support/scratch.hpp"

namespace damier::eval {
namespace {

Result<WeightsFile> parse(std::string_view text) {
    const auto families = all_weight_names();
    return WeightsFile::parse(text, families, "test.weights");
}

std::string error_of(std::string_view text) {
    auto r = parse(text);
    return r ? "<parsed>" : r.error();
}

TEST(WeightsFile, BuiltInWeightsMatchTheDefaultFile) {
    using namespace draughts;
    const Weights& international = builtin_weights("international");
    EXPECT_EQ(international[Man], 100);
    EXPECT_EQ(international[King], 153) << "[international] overrides [draughts]";
    EXPECT_EQ(builtin_weights("american")[King], 168) << "[american] overrides [draughts]";
    EXPECT_EQ(builtin_weights("italian")[King], 177);
    EXPECT_EQ(builtin_weights("canadian")[King], 281);
    EXPECT_EQ(builtin_weights("draughts")[King], 300) << "the [draughts] value, under every rule set's own";
    EXPECT_EQ(builtin_weights("russian")[King], 203);
    EXPECT_EQ(halma::builtin_weights("chinese")[halma::Progress], 100);
    EXPECT_EQ(halma::builtin_weights("diamond")[halma::StragglerSlack], 4);
}

TEST(WeightsFile, LaterSectionsOverrideEarlierOnesForTheirRuleSetOnly) {
    auto file = parse("# comment\n[draughts]\nman = 90   # trailing comment\n\n[russian]\nman = 80\nking=-5\n"
                      "[halma]\ngoal_piece = 7\n[diamond]\ngoal_piece = 9\n");
    ASSERT_TRUE(file) << file.error();
    using namespace draughts;
    EXPECT_EQ(weights_for("russian", &*file)[Man], 80);
    EXPECT_EQ(weights_for("russian", &*file)[King], -5);
    EXPECT_EQ(weights_for("international", &*file)[Man], 90);
    EXPECT_EQ(weights_for("international", &*file)[King], 153) << "not in the file: built in";
    EXPECT_EQ(weights_for("american", &*file)[King], 168);
    EXPECT_EQ(halma::weights_for("chinese", &*file)[halma::GoalPiece], 7);
    EXPECT_EQ(halma::weights_for("diamond", &*file)[halma::GoalPiece], 9);
    EXPECT_EQ(halma::weights_for("diamond", &*file)[halma::Progress], 100);
}

TEST(WeightsFile, EveryMistakeIsAOneLineErrorWithItsLine) {
    EXPECT_EQ(error_of("[draughts]\nmann = 3\n"), "test.weights line 2: unknown draughts weight 'mann'");
    EXPECT_EQ(error_of("\n[internatonal]\n"), "test.weights line 2: unknown section 'internatonal'");
    EXPECT_EQ(error_of("man = 3\n"), "test.weights line 1: weight 'man' before any [section]");
    EXPECT_EQ(error_of("[draughts]\nman 3\n"), "test.weights line 2: expected name = value, got 'man 3'");
    EXPECT_EQ(error_of("[draughts\n"), "test.weights line 1: a section is written [name], got '[draughts'");
    EXPECT_EQ(error_of("[draughts]\nman = 1.5\n"),
              "test.weights line 2: man takes a whole number from -1000000 to 1000000, got '1.5'");
    EXPECT_EQ(error_of("[draughts]\nman = 1000001\n"),
              "test.weights line 2: man takes a whole number from -1000000 to 1000000, got '1000001'");
    EXPECT_EQ(error_of("[draughts]\nman =\n"),
              "test.weights line 2: man takes a whole number from -1000000 to 1000000, got ''");
    EXPECT_EQ(error_of("[halma]\nman = 1\n"), "test.weights line 2: unknown Chinese checkers weight 'man'");
    EXPECT_EQ(error_of(std::string("[draughts]\r\nman = 4\r\n")), "<parsed>") << "Windows line ends";
    EXPECT_EQ(error_of(""), "<parsed>");
    EXPECT_EQ(error_of(std::string("\0\xff[", 3)), "test.weights line 1: expected name = value, got '??['")
        << "binary junk is refused";
}

// [chinese 6]: a section for one player count, read after the variant's own, so
// it sets only the terms it names; other player counts never see it.
TEST(WeightsFile, PlayerCountSectionsOverrideTheVariantForThatCountOnly) {
    auto file = parse("[halma]\nlateral = 3\n[chinese]\ngoal_piece = 7\n[chinese 6]\ngoal_piece = 2\nto_move = 5\n"
                      "[ chinese   3 ]\nto_move = -4\n[diamond 2]\nprogress = 90\n");
    ASSERT_TRUE(file) << file.error();
    std::vector<std::string> names;
    for (const auto& e : file->entries()) names.push_back(e.section);
    EXPECT_EQ(names, (std::vector<std::string>{"halma", "chinese", "chinese 6", "chinese 6", "chinese 3", "diamond 2"}))
        << "a counted section's name is written with one blank";
    using namespace halma;
    const Weights six = weights_for("chinese", &*file, 6);
    EXPECT_EQ(six[GoalPiece], 2);
    EXPECT_EQ(six[ToMove], 5);
    EXPECT_EQ(six[Lateral], 3) << "[halma] still applies";
    EXPECT_EQ(six[Straggler], builtin_weights("chinese")[Straggler]) << "not in the file: built in";
    for (int players : {0, 2, 4, 5}) {
        SCOPED_TRACE(players);
        const Weights w = weights_for("chinese", &*file, players);
        EXPECT_EQ(w[GoalPiece], 7) << "falls back to [chinese]";
        EXPECT_EQ(w[ToMove], builtin_weights("chinese")[ToMove]);
    }
    EXPECT_EQ(weights_for("chinese", &*file, 3)[ToMove], -4);
    EXPECT_EQ(weights_for("chinese", &*file, 2)[Progress], 100) << "[diamond 2] is not chinese";
    EXPECT_EQ(weights_for("diamond", &*file, 2)[Progress], 90);
    EXPECT_EQ(weights_for("diamond", &*file, 3)[Progress], 100);
    // The built-in file has a [chinese 3] section (F3, eval/halma/SPRT.md): three
    // players read it, every other count the variant's weights.
    for (int players = MinPlayers; players <= MaxPlayers; ++players)
        if (players != 3) {
            EXPECT_EQ(builtin_weights("chinese", players), builtin_weights("chinese")) << players;
        }
    EXPECT_EQ(builtin_weights("chinese", 3)[ToMove], -129);
    EXPECT_EQ(builtin_weights("chinese")[ToMove], 0);
    EXPECT_EQ(builtin_weights("chinese", 3)[Progress], 100) << "the unit stays";
}

TEST(WeightsFile, BadPlayerCountSectionsAreOneLineErrors) {
    EXPECT_EQ(error_of("[chinese 7]\n"),
              "test.weights line 1: section 'chinese 7': a player count from 2 to 6 follows the name, got '7'");
    EXPECT_EQ(error_of("\n[chinese 1]\n"),
              "test.weights line 2: section 'chinese 1': a player count from 2 to 6 follows the name, got '1'");
    EXPECT_EQ(error_of("[chinese six]\n"),
              "test.weights line 1: section 'chinese six': a player count from 2 to 6 follows the name, got 'six'");
    EXPECT_EQ(error_of("[chinese -6]\n"),
              "test.weights line 1: section 'chinese -6': a player count from 2 to 6 follows the name, got '-6'");
    EXPECT_EQ(error_of("[halma 6]\n"), "test.weights line 1: unknown section 'halma 6'")
        << "only variants take a count";
    EXPECT_EQ(error_of("[russian 2]\n"), "test.weights line 1: unknown section 'russian 2'");
    EXPECT_EQ(error_of("[chinse 6]\n"), "test.weights line 1: unknown section 'chinse 6'");
    EXPECT_EQ(error_of("[chinese 6]\nman = 1\n"), "test.weights line 2: unknown Chinese checkers weight 'man'");
}

TEST(WeightsFile, FormattedSectionsReadBack) {
    draughts::Weights w = draughts::builtin_weights("spanish");
    for (std::size_t i = 0; i < w.value.size(); ++i) w.value[i] = static_cast<int>(i * 7) - 20;
    auto file = parse(format_section("spanish", draughts::weight_names(), w.value));
    ASSERT_TRUE(file) << file.error();
    EXPECT_EQ(draughts::weights_for("spanish", &*file), w);
}

TEST(WeightsFile, LoadReportsUnreadableFiles) {
    auto missing = load_eval_file("/nonexistent/damier.weights");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error(), "cannot read the weights file '/nonexistent/damier.weights' (not a regular file)");
    for (const char* odd : {"/dev/zero", "/tmp", "/dev/null"}) {
        auto r = load_eval_file(odd);
        ASSERT_FALSE(r) << odd;
        EXPECT_NE(r.error().find("not a regular file"), std::string::npos) << r.error();
    }
    const std::string big = damier::test::scratch_path("big.weights");
    std::ofstream(big) << std::string((1u << 20) + 10, '#');
    auto too_big = load_eval_file(big);
    ASSERT_FALSE(too_big);
    EXPECT_NE(too_big.error().find("is over 1 MiB"), std::string::npos) << too_big.error();
    const std::string path = damier::test::scratch_path("test.weights");
    std::ofstream(path) << "[draughts]\nside_to_move = 9\n";
    auto file = load_eval_file(path);
    ASSERT_TRUE(file) << file.error();
    EXPECT_EQ(draughts::weights_for("czech", &*file)[draughts::SideToMove], 9);
}

// The SPRT bases in eval/draughts/sprt must undo the fitted built-in sections, or
// a replayed test would play against the wrong weights.
TEST(WeightsFile, SprtBaseFilesUndoTheFittedSections) {
    using namespace draughts;
    const std::string dir = DAMIER_SOURCE_DIR "/eval/draughts/sprt/";
    auto first = load_eval_file(dir + "first.weights");
    auto first_now = load_eval_file(dir + "first-now.weights");
    auto before_fits = load_eval_file(dir + "before-fits.weights");
    ASSERT_TRUE(first) << first.error();
    ASSERT_TRUE(first_now) << first_now.error();
    ASSERT_TRUE(before_fits) << before_fits.error();
    // Every rule set has a fitted section of its own, undone to the [draughts] values
    // ("draughts" reads those alone), with the king of one step (150) where kings
    // do not fly (american, italian).
    const char* unfitted = "draughts";
    for (std::size_t i = 1; i < sections.size(); ++i) {
        const std::string_view fitted = sections[i];
        const bool one_step = fitted == "american" || fitted == "italian";
        const auto undone = [&](Weights w) {
            if (one_step) w[King] = 150;
            return w.value;
        };
        EXPECT_NE(builtin_weights(fitted).value, undone(builtin_weights(unfitted)))
            << fitted << ": the fitted section is in force";
        EXPECT_EQ(weights_for(fitted, &*before_fits).value, undone(builtin_weights(unfitted))) << fitted;
        EXPECT_EQ(weights_for(fitted, &*first).value, undone(weights_for(unfitted, &*first))) << fitted;
        EXPECT_EQ(weights_for(fitted, &*first)[Runaway], 0) << fitted;
        EXPECT_EQ(weights_for(fitted, &*first)[TradeDown], 0) << fitted;
        EXPECT_EQ(weights_for(fitted, &*first_now).value, undone(weights_for(unfitted, &*first_now))) << fitted;
    }
    // Each built-in pattern table is undone by a pattern file with no values.
    for (std::size_t i = 1; i < sections.size(); ++i) {
        const std::string variant(sections[i]);
        const auto& table = builtin_weights(variant).patterns;
        if (!table) continue;
        auto no_patterns = draughts::load_patterns(dir + "no-patterns-" + variant + ".patterns");
        ASSERT_TRUE(no_patterns) << no_patterns.error();
        EXPECT_EQ(no_patterns->variant, variant);
        EXPECT_EQ(no_patterns->table.windows, table->windows);
        EXPECT_EQ(std::count(no_patterns->table.value.begin(), no_patterns->table.value.end(), 0),
                  static_cast<long>(no_patterns->table.value.size()));
    }
}

// The one-phase tables and weights that the second generations of russian, brazilian,
// american, czech, spanish, italian and canadian replaced (draughts log, entries 44-46,
// 48-50, 53) stay loadable as the bases of those tests: for their own rule set, of one
// phase, not the built-in table.
TEST(WeightsFile, FirstRoundTablesKeptAsSprtBasesLoad) {
    using namespace draughts;
    const std::string dir = DAMIER_SOURCE_DIR "/eval/draughts/sprt/";
    for (const std::string file : {"russian-round1", "brazilian-round1", "american-round1", "american-round2",
                                   "czech-round1", "spanish-round1", "italian-round1", "canadian-round1"}) {
        const std::string variant = file.substr(0, file.find('-'));
        auto patterns = load_patterns(dir + file + ".patterns");
        ASSERT_TRUE(patterns) << variant << ": " << patterns.error();
        EXPECT_EQ(patterns->variant, variant);
        EXPECT_EQ(patterns->table.phases, 1) << variant;
        EXPECT_NE(patterns->table.value, builtin_weights(variant).patterns->value) << variant;
    }
    auto russian = load_eval_file(dir + "russian-round1.weights");
    ASSERT_TRUE(russian) << russian.error();
    EXPECT_EQ(weights_for("russian", &*russian)[Centre], 10) << "entry 10's fit";
    EXPECT_EQ(weights_for("russian", &*russian)[King], 300);
    EXPECT_EQ(weights_for("russian", &*russian)[FirstKing], 0);
    for (std::size_t i = 1; i < sections.size(); ++i)
        EXPECT_EQ(builtin_weights(sections[i]).patterns->phases, 2) << sections[i] << ": a second-generation table";
}

// Every earlier generation kept as an SPRT base must still load, or its entry in the
// draughts log could not be replayed.
TEST(WeightsFile, EarlierGenerationsKeptAsSprtBasesLoad) {
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(DAMIER_SOURCE_DIR "/eval/draughts/sprt")) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with("gen")) continue;
        if (entry.path().extension() == ".weights") {
            auto file = load_eval_file(entry.path().string());
            ASSERT_TRUE(file) << name << ": " << file.error();
            EXPECT_NE(draughts::weights_for("international", &*file).value,
                      draughts::builtin_weights("international").value)
                << name << " is the built-in generation";
            ++files;
        } else if (entry.path().extension() == ".patterns") {
            auto patterns = draughts::load_patterns(entry.path().string());
            ASSERT_TRUE(patterns) << name << ": " << patterns.error();
            EXPECT_EQ(patterns->variant, "international") << name;
            ++files;
        }
    }
    EXPECT_GE(files, 2);
}

}  // namespace
}  // namespace damier::eval
