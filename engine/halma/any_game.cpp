// AnyGame for Chinese checkers: the position history for undo, the end reason
// and the resignation of a player (rule 9) on top of engine/halma/game.hpp.
#include "engine/halma/any_game.hpp"

#include "engine/core/text.hpp"
#include "engine/halma/diagram.hpp"
#include "engine/halma/game.hpp"
#include "engine/halma/movegen.hpp"
#include "engine/halma/notation.hpp"

namespace damier::halma {

namespace {

class HalmaGame final : public AnyGame {
public:
    HalmaGame(const RuleSetInfo& info, const Rules& rules)
        : info_(info), rules_(rules), history_{start_position(rules_)} {}

    const RuleSetInfo& rule_set() const override { return info_; }
    int seats() const override { return rules_.players(); }
    int to_move() const override {
        for (int seat = 0; seat < rules_.players(); ++seat)
            if (rules_.seat(seat) == now().side) return seat;
        return 0;
    }

    std::string position() const override { return position_string(now()); }
    std::string set_position(std::string_view text) override {
        auto p = parse_position(rules_, text);
        if (!p) return p.error();
        history_ = {*p};
        return {};
    }
    std::string set_position_with(std::string_view text,
                                  const std::vector<std::pair<std::string, std::string>>& fields) override {
        unsigned resigned = 0;
        std::uint32_t ply = 0;
        for (const auto& [name, value] : fields) {
            if (name == "resigned") {
                auto camps = parse_camps(value);
                if (!camps) return "resigned: " + camps.error();
                resigned = *camps;
            } else if (name == "ply") {
                auto n = parse_uint(value);
                if (!n || *n > 1000000000) return "ply takes a whole number, got '" + value + "'";
                ply = static_cast<std::uint32_t>(*n);
            } else {
                return "no position field such as " + name + " in Chinese checkers";
            }
        }
        auto p = parse_position(rules_, text, resigned, ply);
        if (!p) return p.error();
        history_ = {*p};
        return {};
    }
    std::string record_position() const override { return position(); }
    std::vector<std::pair<std::string, std::string>> position_fields() const override {
        std::vector<std::pair<std::string, std::string>> fields;
        std::string resigned;
        for (int camp = 0; camp < CampCount; ++camp)
            if ((now().resigned >> camp) & 1) resigned += (resigned.empty() ? "" : " ") + std::to_string(camp + 1);
        if (!resigned.empty()) fields.emplace_back("resigned", resigned);
        if (now().ply) fields.emplace_back("ply", std::to_string(now().ply));
        return fields;
    }

    std::vector<LegalMove> legal_moves() const override {
        std::vector<LegalMove> out;
        if (now().over) return out;
        MoveList moves;
        MoveGen::generate(rules_, now(), moves);
        for (const Move& m : moves) out.push_back(describe(m));
        return out;
    }
    Result<LegalMove> play(std::string_view text) override {
        if (now().over) return failure<LegalMove>("the game is over");
        auto m = parse_move(rules_, now(), text);
        if (!m) return failure<LegalMove>(m.error());
        LegalMove played = describe(*m);
        history_.push_back(halma::play(rules_, now(), *m));
        return played;
    }
    bool undo() override {
        if (history_.size() <= 1) return false;
        history_.pop_back();
        return true;
    }
    void resign(int seat, const std::string& reason) override {
        history_.push_back(halma::resign(rules_, now(), rules_.seat(seat)));
        if (!resignations_.empty()) resignations_ += "; ";
        resignations_ += "camp " + std::to_string(rules_.seat(seat) + 1) + " " + reason;
    }

    std::optional<FinalResult> result() const override {
        if (!now().over) return std::nullopt;
        FinalResult end;
        for (const auto& s : standings(rules_, now())) end.places.push_back(s.place);
        end.reason = resignations_.empty() ? end_reason() : resignations_ + "; " + end_reason();
        return end;
    }
    FinalResult stopped(const std::string& reason) const override {
        const int n = rules_.players();
        FinalResult end{std::vector<double>(static_cast<std::size_t>(n), 0), reason};
        double taken = 0;
        int unplaced = 0;
        for (int seat = 0; seat < n; ++seat) {
            const int place2 = now().place2[rules_.seat(seat)];
            end.places[static_cast<std::size_t>(seat)] = place2 / 2.0;
            taken += place2 / 2.0;
            unplaced += place2 == 0;
        }
        const double shared = unplaced ? (n * (n + 1) / 2.0 - taken) / unplaced : 0;
        for (auto& place : end.places)
            if (place == 0) place = shared;
        return end;
    }
    std::string draw_state() const override {
        std::string text = "ply=" + std::to_string(now().ply);
        if (rules_.ply_limit()) text += "/" + std::to_string(rules_.ply_limit());
        return text + " stagnation=" + std::to_string(now().stale) + "/" + std::to_string(rules_.settings().stagnation);
    }
    std::string diagram() const override { return halma::diagram(rules_, now()); }

private:
    const Position& now() const { return history_.back(); }

    // A move of the current position: its text, and the cells it passes through
    // in the notation's numbering (a jump's shortest chain; none for a pass).
    LegalMove describe(const Move& m) const {
        const std::string text = move_string(rules_, now(), m);
        std::vector<int> path;
        if (!m.is_pass())
            for (auto cell : split(text, "-x")) path.push_back(static_cast<int>(parse_uint(cell).value_or(0)));
        return {text, text, {}, path};
    }

    // Why the game ended, in the order engine/halma/game.cpp checks the ends: one
    // player left, the first finish without play-to-end, the move limit, and
    // otherwise stagnation.
    std::string end_reason() const {
        const Position& p = now();
        std::string finished;
        int placed = 0;
        for (int seat = 0; seat < rules_.players(); ++seat) {
            const int camp = rules_.seat(seat);
            if ((p.finished >> camp) & 1) finished += (finished.empty() ? "camp " : ", camp ") + std::to_string(camp + 1);
            placed += ((p.finished | p.resigned) >> camp) & 1;
        }
        if (placed >= rules_.players() - 1)
            return finished.empty() ? "every player but one resigned"
                                    : "every player but one is placed (finished: " + finished + ")";
        if (!finished.empty() && !rules_.settings().play_to_end) return finished + " reached its goal";
        if (rules_.ply_limit() && p.ply >= rules_.ply_limit())
            return "move limit of " + std::to_string(rules_.settings().move_limit) + " moves per player";
        return "no progress for " + std::to_string(rules_.settings().stagnation) + " rounds (stagnation)";
    }

    const RuleSetInfo& info_;
    Rules rules_;
    std::vector<Position> history_;
    std::string resignations_;  // "camp 2 lost on time; camp 4 ...", for the result's reason
};

}  // namespace

std::unique_ptr<AnyGame> make_any_game(const RuleSetInfo& info, const Rules& rules) {
    return std::make_unique<HalmaGame>(info, rules);
}

}  // namespace damier::halma
