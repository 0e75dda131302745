#include "tools/tune/texel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <thread>

namespace damier::tune {

namespace {

double score_of(const Samples& samples, std::size_t i, const std::vector<double>& w) {
    const float* row = samples.row(i);
    double s = 0;
    for (std::size_t j = 0; j < samples.terms; ++j) s += w[j] * row[j];
    const std::int32_t* sparse = samples.sparse_row(i);
    if (samples.sparse_pairs) {
        double opening = 0, ending = 0;
        for (std::size_t k = 0; k < samples.sparse_per_row; ++k) {
            if (sparse[k] == 0) continue;
            const auto j = static_cast<std::size_t>(std::abs(sparse[k]) - 1);
            const double sign = sparse[k] > 0 ? 1 : -1;
            opening += sign * w[j];
            ending += sign * w[j + 1];
        }
        return s + samples.phase[i] * opening + (1 - samples.phase[i]) * ending;
    }
    for (std::size_t k = 0; k < samples.sparse_per_row; ++k)
        if (sparse[k] != 0)
            s += sparse[k] > 0 ? w[static_cast<std::size_t>(sparse[k] - 1)] : -w[static_cast<std::size_t>(-sparse[k] - 1)];
    return s;
}

// Adds d(loss)/d(score) = error times each feature's count in sample i to gradient.
void add_gradient(const Samples& samples, std::size_t i, double error, std::vector<double>& gradient) {
    const float* row = samples.row(i);
    for (std::size_t j = 0; j < samples.terms; ++j) gradient[j] += error * row[j];
    const std::int32_t* sparse = samples.sparse_row(i);
    const double opening = samples.sparse_pairs ? error * samples.phase[i] : error, ending = error - opening;
    for (std::size_t k = 0; k < samples.sparse_per_row; ++k) {
        if (sparse[k] == 0) continue;
        const auto j = static_cast<std::size_t>(std::abs(sparse[k]) - 1);
        const double sign = sparse[k] > 0 ? 1 : -1;
        gradient[j] += sign * opening;
        if (samples.sparse_pairs) gradient[j + 1] += sign * ending;
    }
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// Calls work(part, begin, end) for `parts` consecutive slices of [0, n), each on
// its own thread (the caller's for the first). The slices depend only on n and
// parts, so sums taken per slice and added in slice order repeat exactly.
template <class F>
void for_slices(std::size_t n, int parts, F&& work) {
    parts = std::max(1, parts);
    const auto bound = [&](int part) { return n * static_cast<std::size_t>(part) / static_cast<std::size_t>(parts); };
    std::vector<std::jthread> helpers;
    for (int part = 1; part < parts; ++part) helpers.emplace_back([&, part] { work(part, bound(part), bound(part + 1)); });
    work(0, bound(0), bound(1));
}

// Log loss of one prediction, clamped away from log(0).
double loss_of(double p, double y) {
    p = std::clamp(p, 1e-12, 1.0 - 1e-12);
    return -(y * std::log(p) + (1.0 - y) * std::log(1.0 - p));
}

}  // namespace

double log_loss(const Samples& s, const std::vector<double>& weights, double k, int threads) {
    if (s.size() == 0) return 0;
    std::vector<double> totals(static_cast<std::size_t>(std::max(1, threads)), 0.0);
    for_slices(s.size(), threads, [&](int part, std::size_t begin, std::size_t end) {
        double total = 0;
        for (std::size_t i = begin; i < end; ++i)
            total += loss_of(sigmoid(k * score_of(s, i, weights) / 100.0), s.result[i]);
        totals[static_cast<std::size_t>(part)] = total;
    });
    double total = 0;
    for (double t : totals) total += t;
    return total / static_cast<double>(s.size());
}

double fit_k(const Samples& s, const std::vector<double>& weights, int threads) {
    double low = 0.01, high = 10.0;
    const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int i = 0; i < 60; ++i) {
        const double a = high - ratio * (high - low), b = low + ratio * (high - low);
        if (log_loss(s, weights, a, threads) < log_loss(s, weights, b, threads)) high = b;
        else low = a;
    }
    return (low + high) / 2.0;
}

std::vector<std::size_t> sparse_reads(const Samples& s, std::size_t weights) {
    std::vector<std::size_t> reads(weights, 0);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const std::int32_t* sparse = s.sparse_row(i);
        for (std::size_t k = 0; k < s.sparse_per_row; ++k) {
            if (sparse[k] == 0) continue;
            const auto j = static_cast<std::size_t>(std::abs(sparse[k]) - 1);
            if (j < weights) ++reads[j];
            if (s.sparse_pairs && j + 1 < weights) ++reads[j + 1];
        }
    }
    return reads;
}

void blend_labels(Samples& s, double k, double blend) {
    if (blend <= 0 || s.score.size() != s.size()) return;
    for (std::size_t i = 0; i < s.size(); ++i)
        s.result[i] = static_cast<float>((1 - blend) * s.result[i] + blend * sigmoid(k * s.score[i] / 100.0));
}

FitResult fit(const Samples& train, const Samples& validation, const std::vector<double>& start,
              const std::vector<bool>& tunable, const FitSettings& settings,
              const std::function<void(const std::string&)>& progress, const Samples* check) {
    FitResult r;
    r.weights = start;
    const int threads = std::max(1, settings.threads);
    r.k = fit_k(train, start, threads);
    double k = r.k;
    r.train_loss_before = r.train_loss = log_loss(train, start, r.k, threads);
    r.validation_loss_before = r.validation_loss = log_loss(validation, start, r.k, threads);
    if (check && check->size() == 0) check = nullptr;
    const auto check_loss = [&](const std::vector<double>& weights) {
        return log_loss(*check, weights, fit_k(*check, weights, threads), threads);
    };
    if (check) r.check_loss_before = r.check_loss = check_loss(start);
    const bool on_check = check && settings.keep_best_on_check;
    std::vector<double> w = start, m(start.size(), 0.0), v(start.size(), 0.0), gradient(start.size());
    // One gradient per thread, added into the first in thread order.
    std::vector<std::vector<double>> partial(static_cast<std::size_t>(threads - 1), std::vector<double>(start.size()));
    const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    const std::size_t batch = settings.batch > 0 ? std::min(settings.batch, train.size()) : train.size();
    std::vector<std::size_t> order(train.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::mt19937_64 shuffler(20260101);
    long long steps = 0;
    int stale = 0;  // reports since the best one
    // One Adam step on the samples order[begin, end).
    auto step = [&](std::size_t begin, std::size_t end) {
        // Small batches are not worth a thread's start.
        const int parts = end - begin >= 4096 * static_cast<std::size_t>(threads) ? threads : 1;
        for_slices(end - begin, parts, [&](int part, std::size_t from, std::size_t to) {
            auto& g = part == 0 ? gradient : partial[static_cast<std::size_t>(part - 1)];
            std::fill(g.begin(), g.end(), 0.0);
            for (std::size_t n = begin + from; n < begin + to; ++n) {
                const std::size_t i = order[n];
                // d(log loss)/d(score) = (p - y) * K / 100
                add_gradient(train, i, (sigmoid(k * score_of(train, i, w) / 100.0) - train.result[i]) * k / 100.0, g);
            }
        });
        for (int part = 1; part < parts; ++part)
            for (std::size_t j = 0; j < gradient.size(); ++j) gradient[j] += partial[static_cast<std::size_t>(part - 1)][j];
        ++steps;
        const double count = static_cast<double>(end - begin);
        const double m_scale = 1 / (1 - std::pow(beta1, static_cast<double>(steps)));
        const double v_scale = 1 / (1 - std::pow(beta2, static_cast<double>(steps)));
        for (std::size_t j = 0; j < w.size(); ++j) {
            if (!tunable[j]) continue;
            const double g = gradient[j] / count + 2 * settings.l2 * (w[j] - start[j]);
            m[j] = beta1 * m[j] + (1 - beta1) * g;
            v[j] = beta2 * v[j] + (1 - beta2) * g * g;
            const double m_hat = m[j] * m_scale, v_hat = v[j] * v_scale;
            w[j] -= settings.learning_rate * m_hat / (std::sqrt(v_hat) + epsilon);
        }
    };
    for (int epoch = 1; epoch <= settings.epochs && train.size() > 0; ++epoch) {
        r.last_epoch = epoch;
        if (batch < train.size()) std::shuffle(order.begin(), order.end(), shuffler);
        for (std::size_t begin = 0; begin < train.size(); begin += batch) step(begin, std::min(train.size(), begin + batch));
        if (epoch % settings.report_every == 0 || epoch == settings.epochs) {
            // K follows the weights (a fixed unit weight keeps the pair identifiable).
            k = fit_k(train, w, threads);
            // The engine uses whole numbers: judge the rounded weights.
            std::vector<double> rounded = w;
            for (auto& x : rounded) x = std::round(x);
            const double train_loss = log_loss(train, rounded, k, threads);
            const double validation_loss = log_loss(validation, rounded, k, threads);
            const double checked = check ? check_loss(rounded) : 0;
            if (on_check ? checked < r.check_loss : validation_loss < r.validation_loss) {
                r.validation_loss = validation_loss;
                r.check_loss = checked;
                r.train_loss = train_loss;
                r.weights = rounded;
                r.k = k;
                r.best_epoch = epoch;
            }
            char line[200];
            char check_text[40] = "";
            if (check) std::snprintf(check_text, sizeof check_text, ", check loss %.6f", checked);
            std::snprintf(line, sizeof line, "epoch %d: train loss %.6f, validation loss %.6f%s%s", epoch, train_loss,
                          validation_loss, check_text, r.best_epoch == epoch ? " (best)" : "");
            progress(line);
            stale = r.best_epoch == epoch ? 0 : stale + 1;
            if (settings.patience > 0 && stale >= settings.patience) {
                std::snprintf(line, sizeof line, "stopped at epoch %d: no better %s loss in %d reports (best: epoch %d)",
                              epoch, on_check ? "check" : "held-out", stale, r.best_epoch);
                progress(line);
                break;
            }
        }
    }
    return r;
}

}  // namespace damier::tune
