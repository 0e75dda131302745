#include "tools/match/referee.hpp"

#include "engine/draughts/diagram.hpp"
#include "engine/draughts/game.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"
#include "engine/halma/diagram.hpp"
#include "engine/halma/notation.hpp"
#include "protocol/hub_line.hpp"

namespace damier::match {

namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
    return text;
}

template <draughts::RuleSet R>
class DraughtsReferee final : public Referee {
public:
    using N = draughts::Notation<R>;
    using Pos = draughts::Position<typename R::board>;

    explicit DraughtsReferee(const Pos& start) : start_(start), game_(start) {}

    int seats() const override { return 2; }
    int to_move() const override { return game_.position().side == draughts::Color::White ? 0 : 1; }
    std::string position_argument() const override {
        return "pos=" + N::hub_position(start_) + " moves=" + hub::format_value(joined(hub_moves_));
    }
    std::string play(const std::string& move) override {
        if (end_) return "the game is over";
        auto m = N::parse_move(game_.position(), move);
        if (!m) return m.error();
        pdn_moves_.push_back(N::pdn_move(game_.position(), *m));
        hub_moves_.push_back(N::hub_move(*m));
        game_.play(*m);
        const auto r = game_.result();
        using O = draughts::Outcome;
        if (r.outcome == O::WhiteWins) end_ = GameEnd{{1, 2}, r.reason};
        if (r.outcome == O::BlackWins) end_ = GameEnd{{2, 1}, r.reason};
        if (r.outcome == O::Draw) end_ = GameEnd{{1.5, 1.5}, r.reason};
        return {};
    }
    void forfeit(int seat, const std::string& reason) override {
        end_ = GameEnd{seat == 0 ? std::vector<double>{2, 1} : std::vector<double>{1, 2}, reason};
    }
    void adjudicate(const GameEnd& end) override { end_ = end; }
    void stop_unfinished(const std::string& reason) override { end_ = GameEnd{{1.5, 1.5}, reason}; }
    std::optional<GameEnd> result() const override {
        if (end_) return end_;
        // A start with no legal move (a bad opening) ends at once.
        const auto r = game_.result();
        if (r.outcome == draughts::Outcome::Ongoing) return std::nullopt;
        const bool white_wins = r.outcome == draughts::Outcome::WhiteWins;
        if (r.outcome == draughts::Outcome::Draw) return GameEnd{{1.5, 1.5}, r.reason};
        return GameEnd{white_wins ? std::vector<double>{1, 2} : std::vector<double>{2, 1}, r.reason};
    }
    int plies() const override { return static_cast<int>(hub_moves_.size()); }
    std::string opening_text() const override { return N::fen(start_); }
    bool opening_mid_move() const override { return start_.side != R::first_to_move; }
    const std::vector<std::string>& record_moves() const override { return pdn_moves_; }
    std::string diagram() const override { return draughts::diagram<R>(game_.position()); }

private:
    Pos start_;
    draughts::Game<R> game_;
    std::vector<std::string> hub_moves_, pdn_moves_;
    std::optional<GameEnd> end_;
};

class HalmaReferee final : public Referee {
public:
    HalmaReferee(const halma::Rules& rules, const halma::Position& start)
        : rules_(rules), opening_(start), sent_start_(start), position_(start) {}

    int seats() const override { return rules_.players(); }
    int to_move() const override {
        for (int seat = 0; seat < rules_.players(); ++seat)
            if (rules_.seat(seat) == position_.side) return seat;
        return 0;
    }
    // The engines get a start and the moves since: the opening, or the position
    // of the last forfeit with the camps that left as `resigned` (the engines
    // cannot know of a forfeit from the moves alone).
    std::string position_argument() const override {
        std::string text =
            "pos=" + halma::position_string(sent_start_) + " moves=" + hub::format_value(joined(sent_moves_));
        std::string resigned;
        for (int camp = 0; camp < halma::CampCount; ++camp)
            if ((sent_start_.resigned >> camp) & 1) resigned += (resigned.empty() ? "" : " ") + std::to_string(camp + 1);
        if (!resigned.empty()) text += " resigned=" + hub::format_value(resigned);
        if (sent_start_.ply) text += " ply=" + std::to_string(sent_start_.ply);
        return text;
    }
    std::string play(const std::string& move) override {
        if (position_.over) return "the game is over";
        auto m = halma::parse_move(rules_, position_, move);
        if (!m) return m.error();
        moves_.push_back(halma::move_string(rules_, position_, *m));
        sent_moves_.push_back(moves_.back());
        position_ = halma::play(rules_, position_, *m);
        return {};
    }
    void forfeit(int seat, const std::string& reason) override {
        // The engine's pieces stay and it is skipped, as a resignation (rule 9).
        position_ = halma::resign(rules_, position_, rules_.seat(seat));
        sent_start_ = position_;
        sent_moves_.clear();
        if (!forfeit_reason_.empty()) forfeit_reason_ += "; ";
        forfeit_reason_ += "camp " + std::to_string(rules_.seat(seat) + 1) + " " + reason;
    }
    void adjudicate(const GameEnd& end) override { adjudicated_ = end; }
    void stop_unfinished(const std::string& reason) override {
        const int n = rules_.players();
        GameEnd end{std::vector<double>(static_cast<std::size_t>(n), 0), reason};
        double taken = 0;
        int unplaced = 0;
        for (int seat = 0; seat < n; ++seat) {
            const int place2 = position_.place2[rules_.seat(seat)];
            end.places[static_cast<std::size_t>(seat)] = place2 / 2.0;
            taken += place2 / 2.0;
            unplaced += place2 == 0;
        }
        const double shared = unplaced ? (n * (n + 1) / 2.0 - taken) / unplaced : 0;
        for (auto& place : end.places)
            if (place == 0) place = shared;
        adjudicated_ = end;
    }
    std::optional<GameEnd> result() const override {
        if (adjudicated_) return adjudicated_;
        if (!position_.over) return std::nullopt;
        GameEnd end;
        for (const auto& s : halma::standings(rules_, position_)) end.places.push_back(s.place);
        end.reason = forfeit_reason_.empty() ? end_reason() : forfeit_reason_ + "; " + end_reason();
        return end;
    }
    int plies() const override { return static_cast<int>(moves_.size()); }
    std::string opening_text() const override { return halma::position_string(opening_); }
    const std::vector<std::string>& record_moves() const override { return moves_; }
    std::string diagram() const override { return halma::diagram(rules_, position_); }

private:
    // Why the game ended, from its last position, in the order engine/halma/game.cpp
    // checks the ends: one player left, the first finish without play-to-end, the
    // move limit, and otherwise stagnation.
    std::string end_reason() const {
        const auto& set = rules_.settings();
        std::string finished;
        int placed = 0;
        for (int seat = 0; seat < rules_.players(); ++seat) {
            const int camp = rules_.seat(seat);
            if ((position_.finished >> camp) & 1) finished += (finished.empty() ? "camp " : ", camp ") + std::to_string(camp + 1);
            placed += ((position_.finished | position_.resigned) >> camp) & 1;
        }
        if (placed >= rules_.players() - 1)
            return finished.empty() ? "every player but one resigned" : "every player but one is placed (finished: " + finished + ")";
        if (!finished.empty() && !set.play_to_end) return finished + " reached its goal";
        if (rules_.ply_limit() && position_.ply >= rules_.ply_limit())
            return "move limit of " + std::to_string(set.move_limit) + " moves per player";
        return "no progress for " + std::to_string(set.stagnation) + " rounds (stagnation)";
    }

    halma::Rules rules_;
    halma::Position opening_, sent_start_, position_;
    std::vector<std::string> moves_, sent_moves_;
    std::string forfeit_reason_;
    std::optional<GameEnd> adjudicated_;
};

}  // namespace

Result<std::unique_ptr<Referee>> make_draughts_referee(const std::string& variant, bool nocapture,
                                                       const std::string& fen) {
    std::unique_ptr<Referee> referee;
    std::string error;
    std::string unknown = draughts::with_variant(variant, nocapture, [&]<class R>() {
        using N = draughts::Notation<R>;
        auto start = fen.empty() ? Result<draughts::Position<typename R::board>>(N::start()) : N::parse_fen(fen);
        if (!start) error = start.error();
        else referee = std::make_unique<DraughtsReferee<R>>(*start);
    });
    if (!unknown.empty()) return failure<std::unique_ptr<Referee>>(unknown);
    if (!referee) return failure<std::unique_ptr<Referee>>(error);
    return referee;
}

Result<std::unique_ptr<Referee>> make_halma_referee(const halma::Settings& settings, const std::string& position) {
    auto rules = halma::Rules::make(settings);
    if (!rules) return failure<std::unique_ptr<Referee>>(rules.error());
    auto start = position.empty() ? Result<halma::Position>(halma::start_position(*rules))
                                  : halma::parse_position(*rules, position);
    if (!start) return failure<std::unique_ptr<Referee>>(start.error());
    return std::unique_ptr<Referee>(std::make_unique<HalmaReferee>(*rules, *start));
}

}  // namespace damier::match
