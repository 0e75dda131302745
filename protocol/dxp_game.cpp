#include "protocol/dxp_game.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>

#include "engine/core/text.hpp"
#include "eval/builtin_weights.hpp"
#include "protocol/hub_line.hpp"

namespace damier::dxp {

namespace {

// How long the other side has to answer a game end or a back request.
constexpr double AnswerSeconds = 10;

Clock::time_point after(double seconds) {
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

}  // namespace

const LegalMove* find_move(const std::vector<LegalMove>& legal, const Move& move) {
    std::vector<int> taken = move.captured;
    std::sort(taken.begin(), taken.end());
    for (const LegalMove& candidate : legal) {
        if (candidate.path.empty() || candidate.path.front() != move.from || candidate.path.back() != move.to) continue;
        std::vector<int> theirs = candidate.captured;
        std::sort(theirs.begin(), theirs.end());
        if (theirs == taken) return &candidate;
    }
    return nullptr;
}

std::string Searcher::configure(const std::vector<std::pair<std::string, std::string>>& params) {
    for (const auto& [name, value] : params)
        if (auto error = options_.set(name, value); !error.empty()) return error;
    if (options_.text("variant") != "international")
        return "DXP plays international draughts; variant " + options_.text("variant") + " cannot be played";
    std::string warning;
    auto made = hub::make_session(options_, table_, warning);
    if (!made) return made.error();
    session_ = std::move(made.value());
    if (const std::string& path = options_.text("eval-file"); !path.empty()) {
        auto file = eval::load_eval_file(path);
        if (!file) return file.error();
        weights_ = std::move(file.value());
    }
    session_->set_weights(weights_ ? &*weights_ : nullptr);
    if (const std::string& path = options_.text("pattern-file"); !path.empty()) {
        auto file = eval::draughts::load_patterns(path);
        if (!file) return file.error();
        patterns_ = std::make_shared<const eval::draughts::PatternFile>(std::move(file.value()));
    }
    if (auto error = session_->set_patterns(patterns_); !error.empty()) return error;
    if (auto error = session_->set_egdb_path(options_.text("egdb-path")); !error.empty()) return error;
    return session_->prepare(static_cast<std::size_t>(options_.integer("hash")));
}

Result<std::string> Searcher::choose(const std::string& start, const std::vector<std::string>& moves,
                                     const search::Limits& limits) {
    std::string listed;
    for (const auto& move : moves) listed += (listed.empty() ? "" : " ") + move;
    std::string text = "pos pos=" + start + " moves=" + hub::format_value(listed);
    auto line = hub::parse_line(text);
    if (!line) return failure<std::string>(line.error());
    if (auto error = session_->set_position(*line); !error.empty()) return failure<std::string>(error);
    if (auto error = session_->cannot_search(); !error.empty()) return failure<std::string>(error);
    hub::SearchRequest request;
    request.limits = limits;
    request.threads = static_cast<int>(options_.integer("threads"));
    search::Control control;
    const hub::SearchResult result = session_->search(request, control, [](const hub::SearchInfo&) {});
    if (result.best.empty()) return failure<std::string>("the search found no move");
    return result.best;
}

GameOutcome DxpGame::play(const GameRequest& request, char our_colour, bool last) {
    outcome_ = {};
    our_colour_ = our_colour;
    last_ = last;
    asked_back_ = false;
    hub_moves_.clear();
    auto made = make_game("international");
    game_ = std::move(made.value());
    if (!request.initial_position) {
        if (auto error = game_->set_position(hub_position(request)); !error.empty()) {
            fault("the requested position is not legal: " + error);
            return outcome_;
        }
    }
    outcome_.start_position = game_->position();
    labels_.assign(1, {1, to_move()});
    period_ = request.minutes * 60.0;
    period_moves_ = request.moves;
    our_left_ = their_left_ = period_;
    our_moves_ = 0;
    searcher_.new_game();
    if (!settings_.chat.empty()) link_.send(Chat{settings_.chat});
    Turn turn = Turn::Continue;
    while (turn == Turn::Continue) {
        if (over_by_rules(turn)) break;
        turn = to_move() == our_colour_ ? our_turn() : their_turn();
    }
    return outcome_;
}

bool DxpGame::over_by_rules(Turn& turn) {
    const auto result = game_->result();
    if (!result) return false;
    const auto& places = result->places;
    const std::string white = places[0] < places[1] ? "2-0" : places[0] > places[1] ? "0-2" : "1-1";
    const int ours = our_colour_ == 'W' ? 0 : 1;
    const EndReason view = places[0] == places[1] ? EndReason::Draw
                           : places[static_cast<std::size_t>(ours)] < places[static_cast<std::size_t>(1 - ours)]
                               ? EndReason::SenderWins
                               : EndReason::SenderLoses;
    turn = finish(view, white, result->reason);
    return true;
}

DxpGame::Turn DxpGame::our_turn() {
    // What the peer sent while we thought: chat, a back request or a game end
    // are taken; a move now is out of turn.
    std::string text;
    while (link_.receive(text, Clock::now()) == Connection::Status::Received) {
        auto message = decode(text);
        if (!message) return fault(message.error());
        Turn turn = Turn::Continue;
        if (any_time(*message, turn)) {
            if (turn == Turn::Over || to_move() != our_colour_) return turn;
            continue;
        }
        return fault("message " + text.substr(0, 1) + " out of turn (" + text + ")");
    }
    if (!link_.is_open()) return fault("the connection was closed", true);
    if (settings_.take_back_at_ply > 0 && !asked_back_ &&
        static_cast<int>(hub_moves_.size()) == settings_.take_back_at_ply && hub_moves_.size() >= 2)
        return ask_take_back();
    search::Limits limits;
    limits.depth = settings_.depth;
    limits.nodes = settings_.nodes;
    limits.move_time = settings_.move_time;
    if (period_ > 0) {
        limits.time = std::max(our_left_, 0.05);
        if (period_moves_ > 0) limits.moves_to_go = period_moves_ - our_moves_ % period_moves_;
    }
    if (!limits.depth && !limits.nodes && !limits.move_time && !limits.time) limits.move_time = 1;
    const auto start = Clock::now();
    auto chosen = searcher_.choose(outcome_.start_position, hub_moves_, limits);
    if (!chosen) return fault("our search failed: " + chosen.error());
    const double used = search::seconds_since(start);
    auto played = game_->play(*chosen);
    if (!played) return fault("our search chose an illegal move: " + played.error());
    Move move{static_cast<int>(std::lround(used)), played->path.front(), played->path.back(), played->captured};
    if (auto error = link_.send(move); !error.empty()) return fault(error, true);
    our_left_ -= used;
    if (period_moves_ > 0 && ++our_moves_ % period_moves_ == 0) our_left_ += period_;
    hub_moves_.push_back(played->text);
    outcome_.record.push_back(played->record_text);
    labels_.emplace_back(labels_.back().first + (labels_.back().second == 'Z' ? 1 : 0),
                         labels_.back().second == 'W' ? 'Z' : 'W');
    return Turn::Continue;
}

DxpGame::Turn DxpGame::their_turn() {
    const double allowed = (period_ > 0 ? std::max(their_left_, 0.0) : 0) + settings_.stall_seconds;
    const auto start = Clock::now();
    const auto deadline = after(allowed);
    std::string text;
    for (;;) {
        const auto status = link_.receive(text, deadline);
        if (status == Connection::Status::Timeout)
            return fault("the " + their_name() + " peer sent no move within " + std::to_string(std::lround(allowed)) +
                         " s");
        if (status != Connection::Status::Received) return fault(describe(status), true);
        auto message = decode(text);
        if (!message) return fault(message.error());
        Turn turn = Turn::Continue;
        if (any_time(*message, turn)) {
            if (turn == Turn::Over || to_move() == our_colour_) return turn;
            continue;
        }
        const Move* move = std::get_if<Move>(&message.value());
        if (!move) return fault("message " + text.substr(0, 1) + " out of turn (" + text + ")");
        const auto legal = game_->legal_moves();
        const LegalMove* found = find_move(legal, *move);
        if (!found) return fault("illegal move " + text + " at " + game_->position());
        const LegalMove chosen = *found;
        game_->play(chosen.text);
        hub_moves_.push_back(chosen.text);
        outcome_.record.push_back(chosen.record_text);
        labels_.emplace_back(labels_.back().first + (labels_.back().second == 'Z' ? 1 : 0),
                             labels_.back().second == 'W' ? 'Z' : 'W');
        their_left_ -= search::seconds_since(start);
        return Turn::Continue;
    }
}

bool DxpGame::any_time(const Message& message, Turn& turn) {
    if (const auto* chat = std::get_if<Chat>(&message)) {
        ++outcome_.chats;
        err_ << "dxp: chat from the peer: " << chat->text << '\n';
        return true;
    }
    if (const auto* back = std::get_if<BackRequest>(&message)) {
        turn = back_request(*back);
        return true;
    }
    if (const auto* end = std::get_if<GameEnd>(&message)) {
        turn = peer_ended(*end);
        return true;
    }
    return false;
}

void DxpGame::take_back(std::size_t plies) {
    for (std::size_t i = 0; i < plies; ++i) {
        game_->undo();
        hub_moves_.pop_back();
        outcome_.record.pop_back();
        labels_.pop_back();
    }
}

DxpGame::Turn DxpGame::back_request(const BackRequest& request) {
    // The latest ply with that move number and colour to move; refused when none.
    for (std::size_t ply = labels_.size(); ply-- > 0;) {
        if (labels_[ply] != std::pair<int, char>{request.move_number, request.to_move}) continue;
        take_back(labels_.size() - 1 - ply);
        ++outcome_.back_requests;
        err_ << "dxp: took back to move " << request.move_number << " " << request.to_move << '\n';
        if (auto error = link_.send(BackAccept{0}); !error.empty()) return fault(error, true);
        return Turn::Continue;
    }
    if (auto error = link_.send(BackAccept{1}); !error.empty()) return fault(error, true);
    return Turn::Continue;
}

DxpGame::Turn DxpGame::ask_take_back() {
    asked_back_ = true;
    const auto target = labels_[labels_.size() - 3];  // before our last move
    if (auto error = link_.send(BackRequest{target.first, target.second}); !error.empty()) return fault(error, true);
    const auto deadline = after(AnswerSeconds);
    std::string text;
    for (;;) {
        const auto status = link_.receive(text, deadline);
        if (status == Connection::Status::Timeout) return fault("no answer to our back request");
        if (status != Connection::Status::Received) return fault(describe(status), true);
        auto message = decode(text);
        if (!message) return fault(message.error());
        if (const auto* accept = std::get_if<BackAccept>(&message.value())) {
            if (accept->code == 0) {
                take_back(2);
                ++outcome_.back_requests;
                err_ << "dxp: the peer took back to move " << target.first << " " << target.second << '\n';
            }
            return Turn::Continue;
        }
        Turn turn = Turn::Continue;
        if (!any_time(*message, turn)) return fault("message " + text.substr(0, 1) + " instead of a back accept");
        if (turn == Turn::Over) return turn;
    }
}

DxpGame::Turn DxpGame::finish(EndReason our_view, const std::string& white_result, const std::string& reason) {
    outcome_.result = white_result;
    outcome_.reason = reason;
    outcome_.stop = last_;
    if (auto error = link_.send(GameEnd{our_view, last_ ? 1 : 0}); !error.empty()) {
        outcome_.connection_lost = true;
        return Turn::Over;
    }
    // The answer is a game end; chat or a late move may come before it.
    const auto deadline = after(AnswerSeconds);
    std::string text;
    for (;;) {
        const auto status = link_.receive(text, deadline);
        if (status != Connection::Status::Received) {
            outcome_.reason += "; the peer did not answer the game end (" + describe(status) + ")";
            outcome_.connection_lost = status != Connection::Status::Timeout;
            return Turn::Over;
        }
        auto message = decode(text);
        if (const auto* end = message ? std::get_if<GameEnd>(&message.value()) : nullptr) {
            outcome_.stop = outcome_.stop || end->stop == 1;
            return Turn::Over;
        }
    }
}

DxpGame::Turn DxpGame::peer_ended(const GameEnd& end) {
    // The peer's view of the result, taken when our rules do not know better.
    const char sender = our_colour_ == 'W' ? 'Z' : 'W';
    const char* claims[] = {"ends the game", "resigns", "claims a draw", "claims a win"};
    outcome_.reason = "the " + their_name() + " peer " + claims[static_cast<int>(end.reason)];
    outcome_.stop = end.stop == 1;
    switch (end.reason) {
        case EndReason::SenderLoses: outcome_.result = sender == 'W' ? "0-2" : "2-0"; break;
        case EndReason::Draw: outcome_.result = "1-1"; break;
        case EndReason::SenderWins: outcome_.result = sender == 'W' ? "2-0" : "0-2"; break;
        case EndReason::Unknown: outcome_.result = "*"; break;
    }
    outcome_.reason += " at move " + std::to_string(labels_.back().first);
    if (auto error = link_.send(GameEnd{EndReason::Unknown, end.stop}); !error.empty()) outcome_.connection_lost = true;
    return Turn::Over;
}

DxpGame::Turn DxpGame::fault(const std::string& reason, bool connection_lost) {
    err_ << "dxp: " << reason << '\n';
    outcome_.fault = true;
    outcome_.connection_lost = connection_lost;
    // The peer's fault loses it the game; our own (a failed search) loses ours.
    const bool ours = reason.rfind("our ", 0) == 0;
    const bool white_loses = ours == (our_colour_ == 'W');
    outcome_.result = white_loses ? "0-2" : "2-0";
    outcome_.reason = reason;
    if (connection_lost) return Turn::Over;
    link_.send(Chat{"Damier ends the game: " + reason});
    const Turn turn = finish(EndReason::Unknown, outcome_.result, reason);
    return turn;
}

}  // namespace damier::dxp
