// Texel tuning on data with known answers: K and the weights that generated the
// results are found again, frozen weights stay, and the held-out loss is reported.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include "protocol/command_line.hpp"
#include "tools/tune/commands.hpp"
#include "tools/tune/texel.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/scratch.hpp"

namespace damier::tune {
namespace {

// Two terms, results drawn with P(white wins) = sigmoid(k * (w0 f0 + w1 f1) / 100).
Samples synthetic(std::size_t n, std::uint64_t seed, double w0, double w1, double k) {
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<int> f0(-3, 3), f1(-6, 6);
    std::uniform_real_distribution<double> u(0, 1);
    Samples s;
    s.terms = 2;
    for (std::size_t i = 0; i < n; ++i) {
        const int a = f0(random), b = f1(random);
        const double p = 1 / (1 + std::exp(-k * (w0 * a + w1 * b) / 100));
        s.counts.push_back(static_cast<float>(a));
        s.counts.push_back(static_cast<float>(b));
        s.result.push_back(u(random) < p ? 1.0f : 0.0f);
    }
    return s;
}

TEST(Texel, FindsTheScaleOfKnownWeights) {
    const Samples s = synthetic(40000, 1, 100, 30, 0.8);
    EXPECT_NEAR(fit_k(s, {100, 30}), 0.8, 0.05);
    EXPECT_LT(log_loss(s, {100, 30}, 0.8), log_loss(s, {100, 0}, 0.8));
}

// Fits weight 1 of synthetic data made with weights {100, 30}, weight 0 frozen at
// 100, from {100, 0}, in 400 epochs reported every 50.
FitResult fit_second_weight(double l2, const std::function<void(const std::string&)>& progress) {
    static const Samples train = synthetic(40000, 2, 100, 30, 0.8);
    static const Samples held_out = synthetic(10000, 3, 100, 30, 0.8);
    FitSettings settings;
    settings.epochs = 400;
    settings.report_every = 50;
    settings.l2 = l2;
    return fit(train, held_out, {100, 0}, {false, true}, settings, progress);
}

TEST(Texel, FitsTheFreeWeightAndKeepsTheFrozenOne) {
    int reports = 0;
    const FitResult r = fit_second_weight(0, [&](const std::string&) { ++reports; });
    EXPECT_EQ(reports, 8);
    EXPECT_EQ(r.weights[0], 100) << "frozen";
    EXPECT_NEAR(r.weights[1], 30, 4);
    EXPECT_LT(r.validation_loss, r.validation_loss_before);
    EXPECT_EQ(r.weights[1], std::round(r.weights[1])) << "the engine's weights are whole numbers";
}

// With patience the fit stops once the held-out loss has not improved for that
// many reports, and keeps the best weights; without it every epoch runs.
TEST(Texel, PatienceStopsAFitThatNoLongerImproves) {
    static const Samples train = synthetic(20000, 4, 100, 30, 0.8);
    static const Samples held_out = synthetic(5000, 5, 100, 30, 0.8);
    FitSettings settings;
    settings.epochs = 20000;
    settings.report_every = 20;
    settings.patience = 3;
    std::string last;
    const FitResult r = fit(train, held_out, {100, 0}, {false, true}, settings, [&](const std::string& l) { last = l; });
    EXPECT_LT(r.last_epoch, 20000);
    EXPECT_EQ(r.last_epoch, r.best_epoch + 3 * settings.report_every);
    EXPECT_NE(last.find("stopped at epoch " + std::to_string(r.last_epoch)), std::string::npos) << last;
    EXPECT_NEAR(r.weights[1], 30, 4);
    settings.epochs = 200;
    settings.patience = 0;
    EXPECT_EQ(fit(train, held_out, {100, 0}, {false, true}, settings, [](const std::string&) {}).last_epoch, 200);
}

// With check positions each report gives their loss; asked to, the fit keeps the
// report best on them. Here the check games were played with weight 1 at -30, so
// every step towards the training data's +30 predicts them worse: the start is kept.
TEST(Texel, KeepsTheReportBestOnTheCheckPositionsWhenAsked) {
    static const Samples train = synthetic(20000, 6, 100, 30, 0.8);
    static const Samples held_out = synthetic(5000, 7, 100, 30, 0.8);
    static const Samples check = synthetic(10000, 8, 100, -30, 0.8);
    FitSettings settings;
    settings.epochs = 200;
    settings.report_every = 50;
    std::vector<std::string> lines;
    const auto fit_with = [&](bool on_check) {
        settings.keep_best_on_check = on_check;
        lines.clear();
        return fit(train, held_out, {100, 0}, {false, true}, settings, [&](const std::string& l) { lines.push_back(l); },
                   &check);
    };
    const FitResult on_held_out = fit_with(false);
    EXPECT_NEAR(on_held_out.weights[1], 30, 4);
    EXPECT_GT(on_held_out.check_loss, on_held_out.check_loss_before) << "the check loss of the weights kept";
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_NE(lines[0].find("check loss"), std::string::npos) << lines[0];

    const FitResult on_check = fit_with(true);
    EXPECT_EQ(on_check.best_epoch, 0);
    EXPECT_EQ(on_check.weights, (std::vector<double>{100, 0}));
    EXPECT_DOUBLE_EQ(on_check.check_loss, on_check.check_loss_before);
    EXPECT_EQ(on_check.last_epoch, 200);
    for (const auto& line : lines) EXPECT_EQ(line.find("(best)"), std::string::npos) << line;

    // Patience counts check reports when the check decides.
    settings.patience = 2;
    EXPECT_EQ(fit_with(true).last_epoch, 100);
    EXPECT_NE(lines.back().find("no better check loss in 2 reports"), std::string::npos) << lines.back();
    // Without check positions the setting has nothing to judge by: the held-out games decide.
    settings.patience = 0;
    settings.keep_best_on_check = true;
    EXPECT_NEAR(fit(train, held_out, {100, 0}, {false, true}, settings, [](const std::string&) {}).weights[1], 30, 4);
}

TEST(Texel, TheL2PullKeepsAWeightNearItsStart) {
    auto fitted = [](double l2) { return fit_second_weight(l2, [](const std::string&) {}).weights[1]; };
    const double free = fitted(0), pulled = fitted(1e-4);
    EXPECT_NEAR(free, 30, 4);
    // The pull costs 1e-4 * 30^2 = 0.09 at the true weight, far more than the loss gained.
    EXPECT_LT(pulled, free / 2);
    EXPECT_GE(pulled, 0);
}

TEST(Texel, SparseFeaturesAreFittedLikeTerms) {
    // One term (frozen, weight 100) and two sparse weights, each sample reading
    // weight 1 with a random sign and weight 2 with the opposite one; the results
    // were drawn with weights 1 and 2 at +40 and -20.
    std::mt19937_64 random(5);
    std::uniform_int_distribution<int> term(-2, 2), sign(0, 1);
    std::uniform_real_distribution<double> u(0, 1);
    auto make = [&](std::size_t n) {
        Samples s;
        s.terms = 1;
        s.sparse_per_row = 2;
        for (std::size_t i = 0; i < n; ++i) {
            const int t = term(random), plus = sign(random) ? 1 : -1;
            s.counts.push_back(static_cast<float>(t));
            s.sparse.push_back(plus * 2);   // weight 1
            s.sparse.push_back(-plus * 3);  // weight 2
            const double score = 100 * t + plus * 40 - plus * -20;
            s.result.push_back(u(random) < 1 / (1 + std::exp(-0.8 * score / 100)) ? 1.0f : 0.0f);
        }
        return s;
    };
    const Samples train = make(40000), held_out = make(10000);
    // Only the difference of the two sparse weights shows in the results (their
    // gradients are opposite), so that is what the fit finds.
    FitSettings settings;
    settings.epochs = 400;
    settings.report_every = 50;
    const FitResult r = fit(train, held_out, {100, 0, 0}, {false, true, true}, settings, [](const std::string&) {});
    EXPECT_EQ(r.weights[0], 100);
    EXPECT_NEAR(r.weights[1] - r.weights[2], 60, 8);
    EXPECT_LT(r.validation_loss, r.validation_loss_before);
}

// Rows padded with 0 (no feature), as the tuner pads a position's kings, fit
// exactly as the rows without the padding.
TEST(Texel, ZeroPaddedSparseRowsFitAsUnpadded) {
    std::mt19937_64 random(9);
    std::uniform_int_distribution<int> sign(0, 1);
    std::uniform_real_distribution<double> u(0, 1);
    Samples plain, padded;
    plain.terms = padded.terms = 1;
    plain.sparse_per_row = 1;
    padded.sparse_per_row = 3;
    for (int i = 0; i < 4000; ++i) {
        const int plus = sign(random) ? 1 : -1;
        const float result = u(random) < 1 / (1 + std::exp(-0.8 * plus * 0.5)) ? 1.0f : 0.0f;
        for (Samples* s : {&plain, &padded}) {
            s->counts.push_back(0);
            s->sparse.push_back(plus * 2);
            s->result.push_back(result);
        }
        padded.sparse.insert(padded.sparse.end(), {0, 0});
    }
    FitSettings settings;
    settings.epochs = 60;
    settings.report_every = 20;
    const auto quiet = [](const std::string&) {};
    const FitResult a = fit(plain, plain, {100, 0}, {false, true}, settings, quiet);
    const FitResult b = fit(padded, padded, {100, 0}, {false, true}, settings, quiet);
    EXPECT_NE(a.weights[1], 0);
    EXPECT_EQ(a.weights, b.weights);
    EXPECT_EQ(log_loss(plain, a.weights, a.k), log_loss(padded, a.weights, a.k));
}

// Minibatches (shuffled every epoch) find the same weight as the full batch.
TEST(Texel, MinibatchesFitLikeTheFullBatch) {
    static const Samples train = synthetic(40000, 6, 100, 30, 0.8);
    static const Samples held_out = synthetic(10000, 7, 100, 30, 0.8);
    FitSettings settings;
    settings.epochs = 10;
    settings.report_every = 1;
    settings.batch = 2000;
    settings.learning_rate = 0.5;
    const FitResult r = fit(train, held_out, {100, 0}, {false, true}, settings, [](const std::string&) {});
    EXPECT_NEAR(r.weights[1], 30, 4);
    EXPECT_LT(r.validation_loss, r.validation_loss_before);
}

// Threads share the passes: a fit on three threads repeats exactly, and finds what
// one thread finds up to the order of the additions.
TEST(Texel, ThreadedFitsRepeatAndAgreeWithOneThread) {
    static const Samples train = synthetic(40000, 10, 100, 30, 0.8);
    static const Samples held_out = synthetic(10000, 11, 100, 30, 0.8);
    auto run = [&](int threads) {
        FitSettings settings;
        settings.epochs = 200;
        settings.report_every = 50;
        settings.threads = threads;
        return fit(train, held_out, {100, 0}, {false, true}, settings, [](const std::string&) {});
    };
    const FitResult one = run(1), three = run(3), again = run(3);
    EXPECT_EQ(three.weights, again.weights);
    EXPECT_EQ(three.validation_loss, again.validation_loss);
    EXPECT_EQ(three.k, again.k);
    EXPECT_NEAR(three.weights[1], one.weights[1], 1);
    EXPECT_NEAR(three.weights[1], 30, 4);
    EXPECT_NEAR(three.validation_loss, one.validation_loss, 1e-4);
    EXPECT_NEAR(log_loss(train, {100, 30}, 0.8, 3), log_loss(train, {100, 30}, 0.8), 1e-12);
    EXPECT_NEAR(fit_k(train, {100, 30}, 2), fit_k(train, {100, 30}), 1e-6);
}

// Paired sparse weights: an opening value counted with the sample's phase and an
// ending value with the rest; results drawn with +50 in the opening and -30 in the
// ending are fitted back to those.
TEST(Texel, PhasedSparsePairsFitAnOpeningAndAnEndingValue) {
    std::mt19937_64 random(8);
    std::uniform_int_distribution<int> term(-2, 2), sign(0, 1);
    std::uniform_real_distribution<double> u(0, 1);
    auto make = [&](std::size_t n) {
        Samples s;
        s.terms = 1;
        s.sparse_per_row = 1;
        s.sparse_pairs = true;
        for (std::size_t i = 0; i < n; ++i) {
            const int t = term(random), plus = sign(random) ? 1 : -1;
            const double phase = u(random);
            s.counts.push_back(static_cast<float>(t));
            s.sparse.push_back(plus * 2);  // weights 1 (opening) and 2 (ending)
            s.phase.push_back(static_cast<float>(phase));
            const double score = 100 * t + plus * (phase * 50 + (1 - phase) * -30);
            s.result.push_back(u(random) < 1 / (1 + std::exp(-0.8 * score / 100)) ? 1.0f : 0.0f);
        }
        return s;
    };
    const Samples train = make(60000), held_out = make(10000);
    FitSettings settings;
    settings.epochs = 400;
    settings.report_every = 50;
    const FitResult r = fit(train, held_out, {100, 0, 0}, {false, true, true}, settings, [](const std::string&) {});
    EXPECT_NEAR(r.weights[1], 50, 10);
    EXPECT_NEAR(r.weights[2], -30, 10);
}

// sparse_reads counts the samples that read each weight, whatever the sign and the
// padding; a phased pair counts for its opening and its ending weight.
TEST(Texel, SparseReadsCountTheSamplesReadingEachWeight) {
    Samples s;
    s.terms = 1;
    s.sparse_per_row = 3;
    for (const std::array<std::int32_t, 3> row : {std::array{2, -3, 0}, std::array{-2, 0, 0}, std::array{5, 2, 0}}) {
        s.counts.push_back(1);
        s.result.push_back(0.5f);
        s.phase.push_back(0.5f);
        s.sparse.insert(s.sparse.end(), row.begin(), row.end());
    }
    EXPECT_EQ(sparse_reads(s, 5), (std::vector<std::size_t>{0, 3, 1, 0, 1}));
    s.sparse_pairs = true;  // weight 1 with 2, weight 2 with 3, weight 4 with 5
    EXPECT_EQ(sparse_reads(s, 6), (std::vector<std::size_t>{0, 3, 4, 1, 1, 1}));
    EXPECT_EQ(sparse_reads(s, 3), (std::vector<std::size_t>{0, 3, 4})) << "weights past the count are not read";
}

TEST(Texel, BlendedLabelsMixTheResultWithTheSearchScore) {
    Samples s;
    s.terms = 0;
    s.result = {1.0f, 0.0f, 0.5f};
    s.score = {0.0f, 0.0f, 100.0f};
    blend_labels(s, 1.0, 0.5);
    EXPECT_FLOAT_EQ(s.result[0], 0.75f);
    EXPECT_FLOAT_EQ(s.result[1], 0.25f);
    EXPECT_NEAR(s.result[2], 0.25 + 0.5 / (1 + std::exp(-1.0)), 1e-6);
    Samples without;
    without.result = {1.0f};
    blend_labels(without, 1.0, 0.5);
    EXPECT_EQ(without.result[0], 1.0f) << "no scores, nothing to blend";
}

Result<FitOptions> parsed_fit_options(const std::vector<std::string>& words) {
    auto args = cli::parse_arguments(words, {}, {"data", "out", "epochs", "rate", "l2", "holdout", "threads", "check", "best-on"});
    EXPECT_TRUE(args) << args.error();
    return fit_options(*args);
}

TEST(Texel, FitOptionsTakeTheL2PullAndRefuseBadValues) {
    const auto ok = parsed_fit_options({"--data", "d.pos", "--out", "w", "--l2", "0.00002", "--rate", "0.5"});
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_DOUBLE_EQ(ok->settings.l2, 0.00002);
    EXPECT_DOUBLE_EQ(ok->settings.learning_rate, 0.5);
    EXPECT_EQ(parsed_fit_options({"--data", "d.pos", "--out", "w"})->settings.l2, 0) << "no pull by default";
    for (const char* bad : {"-1", "abc", "", "2", "nan"}) {
        const auto r = parsed_fit_options({"--data", "d.pos", "--out", "w", "--l2", bad});
        ASSERT_FALSE(r) << bad;
        EXPECT_NE(r.error().find("--l2"), std::string::npos) << r.error();
    }
}

TEST(Texel, FitOptionsTakeTheThreadsAndRefuseBadCounts) {
    EXPECT_EQ(parsed_fit_options({"--data", "d.pos", "--out", "w"})->settings.threads, 1) << "one by default";
    const auto two = parsed_fit_options({"--data", "d.pos", "--out", "w", "--threads", "2"});
    ASSERT_TRUE(two) << two.error();
    EXPECT_EQ(two->settings.threads, 2);
    for (const char* bad : {"0", "-2", "x", "999"}) {
        const auto r = parsed_fit_options({"--data", "d.pos", "--out", "w", "--threads", bad});
        ASSERT_FALSE(r) << bad;
        EXPECT_NE(r.error().find("threads"), std::string::npos) << r.error();
    }
}

TEST(Texel, FitOptionsChooseWhichPositionsPickTheEpochKept) {
    EXPECT_FALSE(parsed_fit_options({"--data", "d.pos", "--out", "w"})->settings.keep_best_on_check);
    const auto check = parsed_fit_options({"--data", "d.pos", "--out", "w", "--check", "c.pos", "--best-on", "check"});
    ASSERT_TRUE(check) << check.error();
    EXPECT_TRUE(check->settings.keep_best_on_check);
    const auto held_out = parsed_fit_options({"--data", "d.pos", "--out", "w", "--check", "c.pos", "--best-on", "held-out"});
    ASSERT_TRUE(held_out) << held_out.error();
    EXPECT_FALSE(held_out->settings.keep_best_on_check);
    const auto unknown = parsed_fit_options({"--data", "d.pos", "--out", "w", "--check", "c.pos", "--best-on", "train"});
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().find("--best-on takes held-out or check"), std::string::npos) << unknown.error();
    const auto nothing_to_check = parsed_fit_options({"--data", "d.pos", "--out", "w", "--best-on", "check"});
    ASSERT_FALSE(nothing_to_check);
    EXPECT_NE(nothing_to_check.error().find("needs --check"), std::string::npos) << nothing_to_check.error();
}

// Runs the damier-tune binary; its status, stdout and stderr.
testing_support::CliRun run_tune(const std::string& args) {
    return testing_support::run_binary(DAMIER_TUNE_BINARY, args);
}

TEST(TuneCli, HelpAndVersionOnStdoutWithStatusZero) {
    for (const char* args : {"--help", "-h", "help"}) {
        const auto r = run_tune(args);
        EXPECT_EQ(r.status, 0) << args;
        EXPECT_EQ(r.out.rfind("usage: damier-tune", 0), 0u) << r.out;
        EXPECT_TRUE(r.err.empty()) << r.err;
    }
    const auto version = run_tune("--version");
    EXPECT_EQ(version.status, 0);
    EXPECT_EQ(version.out.rfind("damier-tune 0.", 0), 0u) << version.out;
    // A wrong command line still gets the usage on stderr and status 2.
    const auto wrong = run_tune("nosuch");
    EXPECT_EQ(wrong.status, 2);
    EXPECT_TRUE(wrong.out.empty());
}

// fit refuses an output it cannot write before it reads a single position (here
// the data file does not even exist, so reading it first would name the data).
TEST(TuneCli, FitChecksItsOutputsBeforeFitting) {
    for (const std::string& outs : {std::string("--out /nonexistent/dir/w.weights"),
                                    std::string("--out ") + ::testing::TempDir() + "/w.weights --patterns-out /nonexistent/p"}) {
        const auto r = run_tune("fit --variant international --data /nonexistent/data.pos " + outs);
        EXPECT_EQ(r.status, 2) << outs;
        EXPECT_NE(r.err.find("cannot write --"), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find("data.pos"), std::string::npos) << r.err;
    }
    const auto r = run_tune("fit --variant international --data /nonexistent/data.pos --out " + ::testing::TempDir() +
                            "/w.weights --patience -1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("patience"), std::string::npos) << r.err;
}

// Three-player Chinese checkers: self-play labels seat 0 with its standing score,
// and the fit writes the player count's section.
TEST(TuneCli, ChineseCheckersForThreePlayersPlaysAndFitsItsOwnSection) {
    const std::string data = damier::test::scratch_path("three.pos"), weights = damier::test::scratch_path("three.weights");
    const auto play = run_tune("selfplay --variant chinese --players 3 --games 6 --nodes 200 --seed 5 --out " + data);
    ASSERT_EQ(play.status, 0) << play.err;
    std::ifstream in(data);
    std::set<std::string> labels;
    std::size_t lines = 0;
    for (std::string line; std::getline(in, line); ++lines) {
        const auto tab = line.find('\t');
        labels.insert(line.substr(tab + 1, line.find('\t', tab + 1) - tab - 1));
    }
    ASSERT_GT(lines, 100u);
    for (const auto& label : labels)  // places 1 to 3, or shared: (3 - place) / 2
        EXPECT_TRUE(label == "1" || label == "0.75" || label == "0.5" || label == "0.25" || label == "0") << label;
    const auto fit = run_tune("fit --variant chinese --players 3 --data " + data + " --epochs 20 --holdout 30 --out " +
                              weights);
    ASSERT_EQ(fit.status, 0) << fit.err << fit.out;
    std::ifstream written(weights);
    std::stringstream text;
    text << written.rdbuf();
    EXPECT_NE(text.str().find("[chinese 3]"), std::string::npos) << text.str();
    // Results outside 0 to 1 are refused with the line named.
    const std::string bad = damier::test::scratch_path("bad.pos");
    std::ofstream(bad) << "not checked\t1.5\t1\n";
    const auto refused = run_tune("fit --variant chinese --players 3 --data " + bad + " --out " + weights);
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("line 1: bad result or game"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace damier::tune
