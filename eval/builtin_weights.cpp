#include "eval/builtin_weights.hpp"

#include <cstdio>
#include <cstdlib>

#include "eval/default_weights_text.hpp"  // generated from eval/default.weights
#include "eval/draughts/weights.hpp"
#include "eval/halma/weights.hpp"

namespace damier::eval {

std::array<WeightNames, 2> all_weight_names() { return {draughts::weight_names(), halma::weight_names()}; }

const WeightsFile& builtin_weights_file() {
    static const WeightsFile file = [] {
        const auto families = all_weight_names();
        auto parsed = WeightsFile::parse(default_weights_text, families, "eval/default.weights");
        if (!parsed) {  // a build of a broken default file; the weights tests catch it first
            std::fputs((parsed.error() + "\n").c_str(), stderr);
            std::abort();
        }
        return parsed.value();
    }();
    return file;
}

Result<WeightsFile> load_eval_file(const std::string& path) {
    const auto families = all_weight_names();
    return WeightsFile::load(path, families);
}

}  // namespace damier::eval
