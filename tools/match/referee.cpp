#include "tools/match/referee.hpp"

#include "protocol/hub_line.hpp"

namespace damier::match {

namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
    return text;
}

class GameReferee final : public Referee {
public:
    explicit GameReferee(std::unique_ptr<AnyGame> game)
        : game_(std::move(game)),
          opening_(game_->record_position()),
          opening_mid_move_(game_->second_mover_to_move()),
          sent_start_(game_->position()) {}

    int seats() const override { return game_->seats(); }
    int to_move() const override { return game_->to_move(); }
    // The engines get a start and the moves since: the opening, or the position of
    // the last forfeit with its extra fields (the engines cannot know of a forfeit
    // from the moves alone).
    std::string position_argument() const override {
        std::string text = "pos=" + sent_start_ + " moves=" + hub::format_value(joined(sent_moves_));
        for (const auto& [name, value] : sent_fields_) text += " " + name + "=" + hub::format_value(value);
        return text;
    }
    std::string play(const std::string& move) override {
        if (result()) return "the game is over";
        auto played = game_->play(move);
        if (!played) return played.error();
        record_moves_.push_back(played->record_text);
        sent_moves_.push_back(played->text);
        return {};
    }
    void forfeit(int seat, const std::string& reason) override {
        game_->resign(seat, reason);
        if (game_->result()) return;
        sent_start_ = game_->position();
        sent_fields_ = game_->position_fields();
        sent_moves_.clear();
    }
    void adjudicate(const GameEnd& end) override { decided_ = end; }
    void stop_unfinished(const std::string& reason) override {
        const FinalResult end = game_->stopped(reason);
        decided_ = GameEnd{end.places, end.reason};
    }
    std::optional<GameEnd> result() const override {
        if (decided_) return decided_;
        // A start with no legal move (a bad opening) ends at once.
        auto end = game_->result();
        if (!end) return std::nullopt;
        return GameEnd{end->places, end->reason};
    }
    int plies() const override { return static_cast<int>(record_moves_.size()); }
    std::string opening_text() const override { return opening_; }
    bool opening_mid_move() const override { return opening_mid_move_; }
    const std::vector<std::string>& record_moves() const override { return record_moves_; }
    std::string diagram() const override { return game_->diagram(); }

private:
    std::unique_ptr<AnyGame> game_;
    std::string opening_;
    bool opening_mid_move_;
    std::string sent_start_;
    std::vector<std::pair<std::string, std::string>> sent_fields_;
    std::vector<std::string> sent_moves_, record_moves_;
    std::optional<GameEnd> decided_;  // by adjudication or the runner's stop
};

}  // namespace

Result<std::unique_ptr<Referee>> make_referee(const std::string& variant, const OptionValues& options,
                                              const std::string& position) {
    using Made = Result<std::unique_ptr<Referee>>;
    auto game = make_game(variant, options);
    if (!game) return Made::failure(game.error());
    if (!position.empty())
        if (auto error = (*game)->set_position(position); !error.empty()) return Made::failure(error);
    return std::unique_ptr<Referee>(std::make_unique<GameReferee>(std::move(game.value())));
}

}  // namespace damier::match
