#include "tools/match/dxp_bridge.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "engine/core/text.hpp"
#include "protocol/dxp_game.hpp"
#include "protocol/hub_line.hpp"

namespace damier::match {

namespace {

constexpr auto AnswerTime = std::chrono::seconds(10);
// An engine may set up its tables before it accepts its first game (Moby Dam
// takes 9 s on a loaded machine).
constexpr auto AcceptTime = std::chrono::seconds(30);
// The longest single wait, so that the engine's stdout is drained between waits.
constexpr auto Slice = std::chrono::milliseconds(100);

std::string initial_position() { return make_game("international").value()->position(); }

}  // namespace

std::string DxpBridge::connect(const std::string& host, int port, Clock::time_point deadline, bool retry) {
    std::string error;
    for (;;) {
        auto link = dxp::Connection::open(host, port, std::min(deadline, Clock::now() + std::chrono::seconds(2)));
        if (link) {
            link_ = std::move(link.value());
            in_game_ = awaiting_move_ = false;
            return {};
        }
        error = link.error();
        if (!retry || Clock::now() + std::chrono::milliseconds(100) >= deadline) return error;
        if (idle_) idle_();
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

bool DxpBridge::send_message(const dxp::Message& message) {
    log_('<', dxp::encode(message));
    return link_.send(message).empty();
}

bool DxpBridge::send(std::string_view text, Clock::time_point deadline) {
    if (!link_.is_open()) return false;
    auto parsed = hub::parse_line(text);
    if (!parsed) return false;
    const hub::Line& line = *parsed;
    const std::string& command = line.command;
    if (command == "hub") {
        replies_.push_back("id name=" + hub::format_value(name_));
        replies_.push_back("wait");
    } else if (command == "set-param") {
        replies_.push_back(hub::error_line("a DXP engine takes no parameters"));
    } else if (command == "ping") {
        replies_.push_back("pong");
    } else if (command == "init") {
        replies_.push_back("ready");
    } else if (command == "new-game") {
        end_game(false);
    } else if (command == "quit") {
        close(true);
    } else if (command == "pos") {
        position_ = line.value("pos").value_or(initial_position());
        moves_.clear();
        const std::string listed = line.value("moves").value_or("");
        for (auto move : split(listed, " "))
            if (!move.empty()) moves_.emplace_back(move);
    } else if (command == "level") {
        // DXP knows only minutes per game (and moves for them): the clock's time
        // at the game's first move sets them; a fixed time per move counts as 60 moves.
        const auto number = [&](const char* name) {
            return std::strtod(line.value(name).value_or("0").c_str(), nullptr);
        };
        if (line.has("time")) clock_seconds_ = number("time");
        if (line.has("move-time")) clock_seconds_ = number("move-time") * 60;
        period_moves_ = static_cast<int>(number("moves"));
    } else if (command == "go") {
        return go(deadline);
    }
    return true;  // stop and anything else: nothing to say over DXP
}

bool DxpBridge::go(Clock::time_point deadline) {
    const bool continues = in_game_ && position_ == game_start_ && moves_.size() >= synced_.size() &&
                           std::equal(synced_.begin(), synced_.end(), moves_.begin());
    if (in_game_ && !continues) end_game(false);
    if (!in_game_) {
        game_ = std::move(make_game("international").value());
        std::string problem = game_->set_position(position_);
        for (const auto& move : moves_)
            if (problem.empty() && !game_->play(move)) problem = "cannot play " + move;
        if (!problem.empty()) {
            replies_.push_back(hub::error_line("DXP: " + problem));
            return true;
        }
        dxp::GameRequest request;
        request.initiator = "damier-match";
        request.follower_colour = game_->to_move() == 0 ? 'W' : 'Z';
        request.minutes = std::max(1, static_cast<int>(std::ceil(clock_seconds_ / 60 - 1e-9)));
        request.moves = period_moves_;
        if (game_->position() != initial_position()) {
            auto squares = dxp::request_position(game_->position());
            request.initial_position = false;
            request.to_move = squares->to_move;
            request.squares = squares->squares;
        }
        if (!send_message(request)) return false;
        const auto asked = Clock::now();
        const auto accept_deadline = asked + AcceptTime;
        std::string text;
        for (;;) {
            if (link_.receive(text, accept_deadline) != dxp::Connection::Status::Received) {
                link_.close();
                return false;
            }
            log_('>', text);
            auto message = dxp::decode(text);
            if (message && std::holds_alternative<dxp::Chat>(message.value())) continue;
            const auto* accept = message ? std::get_if<dxp::GameAccept>(&message.value()) : nullptr;
            if (!accept || accept->code != 0) {
                replies_.push_back(hub::error_line("DXP: the engine did not accept the game: " + text));
                return true;
            }
            peer_name_ = accept->follower;
            accept_wait_ = Clock::now() - asked;
            break;
        }
        in_game_ = true;
        game_start_ = position_;
        synced_ = moves_;
    } else {
        accept_wait_ = {};
        for (std::size_t i = synced_.size(); i < moves_.size(); ++i) {
            auto played = game_->play(moves_[i]);
            if (!played) {
                replies_.push_back(hub::error_line("DXP: cannot play " + moves_[i]));
                return true;
            }
            const dxp::Move move{0, played->path.front(), played->path.back(), played->captured};
            if (!send_message(move)) return false;
            synced_.push_back(moves_[i]);
        }
    }
    (void)deadline;
    awaiting_move_ = true;
    return true;
}

ChildProcess::Read DxpBridge::read_line(std::string& text, Clock::time_point deadline) {
    if (!replies_.empty()) {
        text = replies_.front();
        replies_.pop_front();
        return ChildProcess::Read::Line;
    }
    if (!awaiting_move_) return link_.is_open() ? ChildProcess::Read::Timeout : ChildProcess::Read::Closed;
    return wait_for_move(text, deadline);
}

ChildProcess::Read DxpBridge::wait_for_move(std::string& text, Clock::time_point deadline) {
    deadline += accept_wait_;
    std::string received;
    for (;;) {
        if (idle_) idle_();
        const auto status = link_.receive(received, std::min(deadline, Clock::now() + Slice));
        if (status == dxp::Connection::Status::Timeout) {
            if (Clock::now() >= deadline) return ChildProcess::Read::Timeout;
            continue;
        }
        if (status != dxp::Connection::Status::Received) {
            awaiting_move_ = in_game_ = false;
            log_('>', "(" + dxp::describe(status) + ")");
            return ChildProcess::Read::Closed;
        }
        log_('>', received);
        auto message = dxp::decode(received);
        awaiting_move_ = false;
        if (!message) {
            end_game(false);
            text = hub::error_line("DXP: " + message.error());
            return ChildProcess::Read::Line;
        }
        if (const auto* move = std::get_if<dxp::Move>(&message.value())) {
            const auto legal = game_->legal_moves();
            if (const LegalMove* found = dxp::find_move(legal, *move)) {
                const std::string played = found->text;
                game_->play(played);
                synced_.push_back(played);
                text = "done move=" + played;
                return ChildProcess::Read::Line;
            }
            // Not a legal move: the referee records it as the engine's illegal move.
            end_game(false);
            text = "done move=" + std::to_string(move->from) + (move->captured.empty() ? "-" : "x") +
                   std::to_string(move->to);
            return ChildProcess::Read::Line;
        }
        if (std::holds_alternative<dxp::Chat>(message.value())) {
            awaiting_move_ = true;
            continue;
        }
        if (std::holds_alternative<dxp::BackRequest>(message.value())) {
            // The runner's games are refereed as played: nothing is taken back.
            awaiting_move_ = true;
            if (!send_message(dxp::BackAccept{1})) return ChildProcess::Read::Closed;
            continue;
        }
        if (const auto* end = std::get_if<dxp::GameEnd>(&message.value())) {
            in_game_ = false;
            send_message(dxp::GameEnd{dxp::EndReason::Unknown, end->stop});
            const char* claims[] = {"ended the game", "resigned", "claimed a draw", "claimed a win"};
            text = hub::error_line(std::string("DXP: the engine ") + claims[static_cast<int>(end->reason)] +
                                   " instead of moving");
            return ChildProcess::Read::Line;
        }
        end_game(false);
        text = hub::error_line("DXP: message " + received.substr(0, 1) + " out of turn (" + received + ")");
        return ChildProcess::Read::Line;
    }
}

void DxpBridge::end_game(bool stop) {
    awaiting_move_ = false;
    if (!in_game_ || !link_.is_open()) return;
    in_game_ = false;
    if (!send_message(dxp::GameEnd{dxp::EndReason::Unknown, stop ? 1 : 0})) return;
    const auto deadline = Clock::now() + AnswerTime;
    std::string text;
    while (link_.receive(text, deadline) == dxp::Connection::Status::Received) {
        log_('>', text);
        auto message = dxp::decode(text);
        if (message && std::holds_alternative<dxp::GameEnd>(message.value())) return;
    }
}

void DxpBridge::close(bool stop) {
    if (in_game_) {
        end_game(stop);
    } else if (stop && link_.is_open()) {
        send_message(dxp::GameEnd{dxp::EndReason::Unknown, 1});
    }
    link_.close();
    replies_.clear();
}

}  // namespace damier::match
