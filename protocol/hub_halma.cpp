// The Hub session of Chinese checkers (and the diamond variant): positions,
// move lists with `pass`, the two-player alpha-beta for two seats and the
// multi-player search for more, with a `scores=` field per camp.
#include <cstdio>
#include <memory>

#include "engine/core/text.hpp"
#include "engine/halma/diagram.hpp"
#include "engine/halma/notation.hpp"
#include "eval/halma/searchable.hpp"
#include "protocol/hub_session.hpp"

namespace damier::hub {

namespace {

using halma::Rules;

class HalmaSession final : public Session {
public:
    HalmaSession(const Rules& rules, SharedTable& table)
        : rules_(rules), table_(table), position_(halma::start_position(rules_)) {}

    // The variant's weights for this game's player count ([chinese 6] over [chinese]).
    void set_weights(const eval::WeightsFile* file) override {
        weights_ = halma::weights_for(variant_name(), file, rules_.players());
    }
    std::string set_patterns(std::shared_ptr<const eval::draughts::PatternFile> file) override {
        return file ? "pattern-file is for draughts rule sets; " + std::string(variant_name()) + " does not use it" : "";
    }

    std::string set_position(const Line& line) override {
        unsigned resigned = 0;
        std::uint32_t ply = 0;
        if (auto text = line.value("resigned")) {
            auto camps = halma::parse_camps(*text);
            if (!camps) return "resigned: " + camps.error() + "; the position is unchanged";
            resigned = *camps;
        }
        if (auto text = line.value("ply")) {
            auto n = parse_uint(*text);
            if (!n || *n > 1000000000) return "ply takes a whole number, got " + quoted(*text) + "; the position is unchanged";
            ply = static_cast<std::uint32_t>(*n);
        }
        const std::string text = line.value("pos").value_or(halma::position_string(halma::start_position(rules_)));
        auto start = halma::parse_position(rules_, text, resigned, ply);
        if (!start) return start.error() + "; the position is unchanged";
        halma::Position p = *start;
        const std::string error = play_moves(line, [&](std::string_view word) -> std::string {
            if (p.over) return "the game is over before it";
            auto m = halma::parse_move(rules_, p, word);
            if (!m) return m.error();
            p = halma::play(rules_, p, *m);
            return {};
        });
        position_ = p;
        return error;
    }

    std::string cannot_search() const override {
        if (!position_.over) return {};
        std::string text = "the game is over:";
        for (const auto& s : halma::standings(rules_, position_)) {
            char place[64];
            std::snprintf(place, sizeof place, " camp %d place %g", s.camp + 1, s.place);
            text += place;
        }
        return text;
    }

    std::string prepare(std::size_t hash_mib) override {
        if (rules_.players() == 2) {
            if (auto error = table_.ensure(hash_mib); !error.empty()) return error;
            if (!two_player_) two_player_ = std::make_unique<search::AlphaBeta<halma::TwoPlayerAdapter>>(table_.table);
            return {};
        }
        if (auto error = check_memory(hash_mib); !error.empty()) return error;
        try {
            if (!multi_player_) multi_player_ = std::make_unique<search::MultiSearcher<halma::MultiPlayerAdapter>>(hash_mib);
            else if (hash_mib != multi_mebibytes_) multi_player_->set_table_size(hash_mib);
            multi_mebibytes_ = hash_mib;
        } catch (const std::bad_alloc&) {
            return "cannot allocate " + std::to_string(hash_mib) + " MiB for the hash table";
        }
        return {};
    }

    SearchResult search(const SearchRequest& request, search::Control& control, const Emit& emit) override {
        const halma::Position root = position_;
        SearchResult out;
        if (rules_.players() == 2) {
            auto result = two_player_->run(halma::TwoPlayerAdapter(rules_, root, weights_), request.limits, request.threads,
                                           control, [&](const auto& r) {
                                               out.last = {r.depth, r.mean_depth, r.score, r.nodes, r.seconds,
                                                           line_moves(root, r.pv), {}};
                                               emit(out.last);
                                           });
            if (!result.has_move) return out;
            out.best = halma::move_string(rules_, root, result.best);
            const halma::Position next = halma::play(rules_, root, result.best);
            if (result.has_ponder && !next.over) out.ponder = halma::move_string(rules_, next, result.ponder);
            return out;
        }
        halma::MultiPlayerAdapter game(rules_, root, weights_);
        const int mover = game.to_move();
        multi_player_->set_threads(request.threads);
        auto result = multi_player_->run(game, request.limits, request.algorithm, control,
                                         [&](const search::MultiReport<halma::Move>& r) {
                                             out.last = {r.depth, 0, r.values[mover], r.nodes, r.seconds,
                                                         line_moves(root, r.pv), camp_scores(r.values)};
                                             emit(out.last);
                                         });
        if (result.has_move) out.best = halma::move_string(rules_, root, result.best);
        return out;
    }

    void forget_searches() override {
        if (rules_.players() == 2) {
            table_.table.clear();
            if (two_player_) two_player_->forget_history();
        } else if (multi_player_) {
            multi_player_->clear();
        }
    }

    std::string show() const override { return halma::diagram(rules_, position_); }

private:
    // Each seated camp's value in seating order.
    std::vector<CampScore> camp_scores(const search::Values& values) const {
        std::vector<CampScore> scores;
        for (int seat = 0; seat < rules_.players(); ++seat) scores.push_back({rules_.seat(seat) + 1, values[seat]});
        return scores;
    }
    // The moves of a line until the game ends (the search may add a claiming pass).
    std::vector<std::string> line_moves(halma::Position p, const std::vector<halma::Move>& moves) const {
        std::vector<std::string> texts;
        for (const auto& m : moves) {
            if (p.over) break;
            texts.push_back(halma::move_string(rules_, p, m));
            p = halma::play(rules_, p, m);
        }
        return texts;
    }

    std::string_view variant_name() const { return rules_.diamond() ? "diamond" : "chinese"; }

    Rules rules_;
    halma::Weights weights_ = halma::builtin_weights_for(rules_);
    SharedTable& table_;
    halma::Position position_;
    std::unique_ptr<search::AlphaBeta<halma::TwoPlayerAdapter>> two_player_;
    std::unique_ptr<search::MultiSearcher<halma::MultiPlayerAdapter>> multi_player_;
    std::size_t multi_mebibytes_ = 0;
};

}  // namespace

Result<std::unique_ptr<Session>> make_halma_session(const Options& options, SharedTable& table, std::string& warning) {
    halma::Settings settings;
    if (auto error = settings.set("variant", options.text("variant")); !error.empty())
        return failure<std::unique_ptr<Session>>(error);
    for (const halma::OptionSpec& spec : halma::option_specs()) {
        if (auto error = settings.set(spec.name, options.text(spec.name)); !error.empty())
            return failure<std::unique_ptr<Session>>(error);
    }
    auto rules = Rules::make(settings);
    if (!rules) {
        // Only the international options can clash (swap, goal-lock with diamond):
        // play without them and say so.
        warning = rules.error() + "; playing without swap and goal-lock";
        settings.swap = settings.goal_lock = false;
        rules = Rules::make(settings);
        if (!rules) return failure<std::unique_ptr<Session>>(rules.error());
    }
    return std::unique_ptr<Session>(std::make_unique<HalmaSession>(*rules, table));
}

}  // namespace damier::hub
