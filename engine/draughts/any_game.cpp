// AnyGame for every draughts rule set: one template over the rules traits.
#include "engine/draughts/any_game.hpp"

#include "engine/draughts/diagram.hpp"
#include "engine/draughts/game.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"

namespace damier::draughts {

namespace {

template <RuleSet R>
class DraughtsGame final : public AnyGame {
public:
    using N = Notation<R>;
    using Pos = Position<typename R::board>;
    using Move = draughts::Move<typename R::board>;

    explicit DraughtsGame(const RuleSetInfo& info) : info_(info), game_(N::start()) {}

    const RuleSetInfo& rule_set() const override { return info_; }
    int seats() const override { return 2; }
    int to_move() const override { return game_.position().side == Color::White ? 0 : 1; }

    std::string position() const override { return N::hub_position(game_.position()); }
    std::string set_position(std::string_view text) override {
        auto p = N::parse_hub_position(text);
        if (!p) p = N::parse_fen(text);
        if (!p) return p.error();
        game_ = Game<R>(*p);
        return {};
    }
    std::string record_position() const override { return N::fen(game_.position()); }
    bool second_mover_to_move() const override { return game_.position().side != R::first_to_move; }

    std::vector<LegalMove> legal_moves() const override {
        MoveList<typename R::board> moves;
        game_.legal_moves(moves);
        std::vector<LegalMove> out;
        for (const Move& m : moves) out.push_back(describe(m));
        return out;
    }
    Result<LegalMove> play(std::string_view text) override {
        if (resigned_) return failure<LegalMove>("the game is over");
        auto m = N::parse_move(game_.position(), text);
        if (!m) return failure<LegalMove>(m.error());
        LegalMove played = describe(*m);
        game_.play(*m);
        return played;
    }
    bool undo() override {
        if (game_.ply() == 0) return false;
        game_.undo();
        resigned_.reset();
        return true;
    }
    void resign(int seat, const std::string& reason) override {
        resigned_ = FinalResult{seat == 0 ? std::vector<double>{2, 1} : std::vector<double>{1, 2}, reason};
    }

    std::optional<FinalResult> result() const override {
        if (resigned_) return resigned_;
        const auto r = game_.result();
        switch (r.outcome) {
            case Outcome::Ongoing: return std::nullopt;
            case Outcome::WhiteWins: return FinalResult{{1, 2}, r.reason};
            case Outcome::BlackWins: return FinalResult{{2, 1}, r.reason};
            case Outcome::Draw: break;
        }
        return FinalResult{{1.5, 1.5}, r.reason};
    }
    std::string draw_state() const override {
        std::string text = "repetitions=" + std::to_string(game_.repetitions()) +
                           " quiet-plies=" + std::to_string(game_.quiet_plies()) + "/" +
                           std::to_string(R::quiet_draw_plies);
        if (const int limit = Game<R>::endgame_limit(game_.position()); limit > 0)
            text += " endgame-plies=" + std::to_string(game_.endgame_plies()) + "/" + std::to_string(limit);
        return text;
    }
    FinalResult stopped(const std::string& reason) const override { return {{1.5, 1.5}, reason}; }
    std::string diagram() const override { return draughts::diagram<R>(game_.position()); }

private:
    // A legal move of the current position with its squares in the rule set's
    // numbering; a capture's path is one of those the rules allow.
    LegalMove describe(const Move& m) const {
        const Pos& p = game_.position();
        LegalMove legal{N::hub_move(m), N::pdn_move(p, m), {}, {N::number_of_bit(m.from)}};
        for (auto taken = m.captured; taken;) legal.captured.push_back(N::number_of_bit(pop_lowest(taken)));
        if (m.is_capture()) {
            MoveList<typename R::board> captures;
            std::vector<typename MoveGen<R>::Path> paths;
            MoveGen<R>::generate_captures_with_paths(p, captures, paths);
            for (std::size_t i = 0; i < captures.size(); ++i) {
                if (!(captures[i] == m)) continue;
                for (std::size_t j = 1; j + 1 < paths[i].size(); ++j) legal.path.push_back(N::number_of_bit(paths[i][j]));
                break;
            }
        }
        legal.path.push_back(N::number_of_bit(m.to));
        return legal;
    }

    const RuleSetInfo& info_;
    Game<R> game_;
    std::optional<FinalResult> resigned_;
};

}  // namespace

Result<std::unique_ptr<AnyGame>> make_any_game(const RuleSetInfo& info, bool optional_capture) {
    std::unique_ptr<AnyGame> game;
    const std::string error = with_variant(info.name, optional_capture, [&]<class R>() {
        game = std::make_unique<DraughtsGame<R>>(info);
    });
    if (!game) return failure<std::unique_ptr<AnyGame>>(error);
    return game;
}

}  // namespace damier::draughts
