// Texel tuning: logistic regression of game results on evaluation terms.
//
// Each sample is a position's term counts (White's point of view) and the game's
// result for White. The model predicts sigmoid(K * score / 100) with score the
// weighted sum of the counts in the engine's units. K (it maps the engine's scale
// to winning chances) is fitted first with the starting weights, then the tunable
// weights by Adam on the mean log loss of the training samples, K fitted again at
// each report; the weights and K of the report with the best plain log loss (no
// l2 pull) on held-out games are kept, or on check positions when asked. One
// weight must stay fixed (the unit: a man is 100) for the weights and K to be
// found together.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace damier::tune {

struct Samples {
    std::size_t terms = 0;
    std::vector<float> counts;  // terms per sample, row after row
    std::vector<float> result;  // 1, 0.5 or 0 for White (between them once blended)
    std::vector<float> score;   // the search's score for White per sample, or empty
    // Optional sparse features (pattern entries), `sparse_per_row` per sample: each
    // is +(j + 1) or -(j + 1) for weight j counted once with that sign, or 0 for
    // none (rows with fewer features are padded, as a position's kings vary). With
    // sparse_pairs, j is an opening weight and j + 1 its ending weight, counted
    // phase[i] and 1 - phase[i] times in sample i.
    std::size_t sparse_per_row = 0;
    std::vector<std::int32_t> sparse;
    bool sparse_pairs = false;
    std::vector<float> phase;
    std::size_t size() const { return result.size(); }
    const float* row(std::size_t i) const { return counts.data() + i * terms; }
    const std::int32_t* sparse_row(std::size_t i) const { return sparse.data() + i * sparse_per_row; }
};

struct FitSettings {
    int epochs = 2000;
    double learning_rate = 1.0;  // Adam step, in weight units
    // Pull towards the starting weights: l2 * sum (w - start)^2 is added to the
    // training loss, so a weight the data hardly supports stays near its start.
    double l2 = 0;
    int report_every = 100;
    // Samples per Adam step; 0 = every training sample (full batch). Minibatches,
    // in an order shuffled each epoch, fit large data sets in few epochs.
    std::size_t batch = 0;
    // Weight of the search score in the training labels: each label becomes
    // (1 - blend) * result + blend * sigmoid(K * score / 100), K that of the
    // starting weights. Held-out labels stay the game results.
    double blend = 0;
    // Early stop: after this many reports in a row without a better held-out loss
    // the fit ends (the best weights are kept either way); 0 runs every epoch.
    int patience = 0;
    // Threads sharing each pass over the samples. Their partial sums are added in
    // a fixed order, so a fit repeats exactly for a given count; another count
    // adds in another order and may differ in the last bits.
    int threads = 1;
    // Keep the report whose check positions (fit's `check`, K fitted to them at each
    // report) have the least loss, not the one best on the held-out games, which
    // share the training games' openings (eval/draughts/SPRT.md, entry 56). Patience
    // then counts reports without a better check loss.
    bool keep_best_on_check = false;
};

struct FitResult {
    std::vector<double> weights;
    double k = 1;
    double train_loss_before = 0, validation_loss_before = 0;
    double train_loss = 0, validation_loss = 0;
    // On the check positions, if any (K fitted to them for each set of weights).
    double check_loss_before = 0, check_loss = 0;
    int best_epoch = 0;
    int last_epoch = 0;  // the epochs run: fewer than asked when patience stopped the fit
};

// Mean log loss of the samples under weights and K.
double log_loss(const Samples& s, const std::vector<double>& weights, double k, int threads = 1);

// The K of least log loss for fixed weights (golden-section search).
double fit_k(const Samples& s, const std::vector<double>& weights, int threads = 1);

// How many samples read each of `weights` weights through their sparse features
// (an opening and ending pair counts for both of its weights).
std::vector<std::size_t> sparse_reads(const Samples& s, std::size_t weights);

// Blends each label with the sample's search score, as FitSettings::blend says.
void blend_labels(Samples& s, double k, double blend);

// Fits the weights whose `tunable` flag is set, starting from `start`; `progress`
// receives a line every report_every epochs. With `check` (not empty), each report
// gives its loss too, and settings.keep_best_on_check keeps the report best there.
FitResult fit(const Samples& train, const Samples& validation, const std::vector<double>& start,
              const std::vector<bool>& tunable, const FitSettings& settings,
              const std::function<void(const std::string&)>& progress, const Samples* check = nullptr);

}  // namespace damier::tune
