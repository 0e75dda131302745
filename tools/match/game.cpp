#include "tools/match/game.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine/core/text.hpp"

namespace damier::match {

namespace {

Result<double> seconds_value(std::string_view text) {
    std::string s(text);
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0' || !(v >= 0) || v > 1e7) return failure<double>("bad number of seconds " + quoted(text));
    return v;
}

std::string format_seconds(double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", s);
    return text;
}

}  // namespace

Result<TimeControl> TimeControl::parse(const std::string& text) {
    TimeControl tc;
    auto number = [&](std::string_view prefix) -> std::optional<std::string_view> {
        if (text.rfind(prefix, 0) == 0) return std::string_view(text).substr(prefix.size());
        return std::nullopt;
    };
    if (auto v = number("movetime=")) {
        auto s = seconds_value(*v);
        if (!s || *s <= 0) return failure<TimeControl>("movetime takes seconds above 0, got " + quoted(*v));
        tc.kind = Kind::MoveTime;
        tc.move_time = *s;
        return tc;
    }
    if (auto v = number("depth=")) {
        auto d = parse_uint(*v);
        if (!d || *d < 1 || *d > 100) return failure<TimeControl>("depth takes 1 to 100, got " + quoted(*v));
        tc.kind = Kind::Depth;
        tc.depth = static_cast<int>(*d);
        return tc;
    }
    if (auto v = number("nodes=")) {
        auto n = parse_uint(*v);
        if (!n || *n < 1) return failure<TimeControl>("nodes takes a whole number from 1, got " + quoted(*v));
        tc.kind = Kind::Nodes;
        tc.nodes = *n;
        return tc;
    }
    // [moves/]base[+increment]
    std::string_view rest = text;
    tc.kind = Kind::GameClock;
    if (auto slash = rest.find('/'); slash != std::string_view::npos) {
        auto moves = parse_uint(rest.substr(0, slash));
        if (!moves || *moves < 1 || *moves > 1000) return failure<TimeControl>("bad moves per period in " + quoted(text));
        tc.moves_per_period = static_cast<int>(*moves);
        rest = rest.substr(slash + 1);
    }
    std::string_view base = rest, increment;
    if (auto plus = rest.find('+'); plus != std::string_view::npos) {
        base = rest.substr(0, plus);
        increment = rest.substr(plus + 1);
    }
    auto b = seconds_value(base);
    if (!b || *b <= 0)
        return failure<TimeControl>("bad time control " + quoted(text) +
                                    ": expected [moves/]seconds[+increment], movetime=S, depth=N or nodes=N");
    tc.base = *b;
    if (!increment.empty()) {
        auto i = seconds_value(increment);
        if (!i) return failure<TimeControl>("bad increment in " + quoted(text));
        tc.increment = *i;
    }
    return tc;
}

std::string TimeControl::describe() const {
    switch (kind) {
        case Kind::MoveTime: return "movetime=" + format_seconds(move_time);
        case Kind::Depth: return "depth=" + std::to_string(depth);
        case Kind::Nodes: return "nodes=" + std::to_string(nodes);
        case Kind::GameClock: break;
    }
    std::string s = moves_per_period ? std::to_string(moves_per_period) + "/" : "";
    s += format_seconds(base);
    if (increment > 0) s += "+" + format_seconds(increment);
    return s;
}

namespace {

// Seconds as PGN tags write them: no trailing zeros ("60", "0.5", "0.05").
std::string short_seconds(double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", s);
    std::string t = text;
    while (t.back() == '0') t.pop_back();
    if (t.back() == '.') t.pop_back();
    return t;
}

// A clock reading for a [%clk] comment: h:mm:ss.sss.
std::string clock_reading(double seconds) {
    const double s = std::max(0.0, seconds);
    const int hours = static_cast<int>(s / 3600), minutes = static_cast<int>((s - hours * 3600) / 60);
    char text[48];
    std::snprintf(text, sizeof text, "%d:%02d:%06.3f", hours, minutes, s - hours * 3600 - minutes * 60);
    return text;
}

}  // namespace

std::string TimeControl::pdn() const {
    switch (kind) {
        case Kind::MoveTime: return short_seconds(move_time) + "/move";
        case Kind::Depth:
        case Kind::Nodes: return "-";
        case Kind::GameClock: break;
    }
    std::string s = moves_per_period ? std::to_string(moves_per_period) + "/" : "";
    s += short_seconds(base);
    if (increment > 0) s += "+" + short_seconds(increment);
    return s;
}

void play_game(Referee& referee, const std::vector<HubEngine*>& engines, const GameSetup& setup, GameRecord& record) {
    const TimeControl& tc = *setup.time;
    const Adjudication& adj = *setup.adjudication;
    const int seats = referee.seats();
    std::vector<double> remaining(static_cast<std::size_t>(seats), tc.base);
    std::vector<int> moves_made(static_cast<std::size_t>(seats), 0);
    std::vector<std::optional<double>> last_score(static_cast<std::size_t>(seats));
    std::vector<int> losing_streak(static_cast<std::size_t>(seats), 0);
    int quiet_streak = 0;
    record.seat_moves.assign(static_cast<std::size_t>(seats), 0);
    record.seat_seconds.assign(static_cast<std::size_t>(seats), 0.0);
    record.opening_text = referee.opening_text();
    record.opening_mid_move = referee.opening_mid_move();

    auto fault = [&](int seat, const std::string& what) {
        record.faults.push_back(engines[static_cast<std::size_t>(seat)]->spec().name + ": " + what);
        referee.forfeit(seat, what);
    };

    while (!referee.result()) {
        if (referee.plies() >= setup.max_plies) {
            referee.stop_unfinished("maximum length of " + std::to_string(setup.max_plies) + " plies");
            break;
        }
        const int seat = referee.to_move();
        const auto s = static_cast<std::size_t>(seat);
        HubEngine& engine = *engines[s];
        if (!engine.running()) {
            if (auto error = engine.start(setup.rules, tc.start_allowance()); !error.empty()) {
                fault(seat, "cannot be started: " + error);
                continue;
            }
        }
        std::string level;
        double allowed = 0;  // seconds before a loss on time or a hang
        switch (tc.kind) {
            case TimeControl::Kind::GameClock: {
                // Hub: the increment counts as added before the move.
                level = "time=" + format_seconds(std::max(0.0, remaining[s])) + " inc=" + format_seconds(tc.increment);
                if (tc.moves_per_period)
                    level += " moves=" + std::to_string(tc.moves_per_period - moves_made[s] % tc.moves_per_period);
                allowed = std::max(0.0, remaining[s]) + tc.increment + tc.margin;
                break;
            }
            case TimeControl::Kind::MoveTime:
                level = "move-time=" + format_seconds(tc.move_time);
                allowed = tc.move_time + tc.margin;
                break;
            case TimeControl::Kind::Depth:
                level = "depth=" + std::to_string(tc.depth);
                allowed = tc.hang_timeout;
                break;
            case TimeControl::Kind::Nodes:
                level = "nodes=" + std::to_string(tc.nodes);
                allowed = tc.hang_timeout;
                break;
        }
        const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(allowed));
        const SearchReply reply = engine.search(referee.position_argument(), level, deadline);
        switch (reply.status) {
            case SearchReply::Status::Timeout:
                fault(seat, tc.kind == TimeControl::Kind::Depth || tc.kind == TimeControl::Kind::Nodes
                                ? "no move within " + format_seconds(allowed) + " s (hung)"
                                : "loses on time: no move within " + format_seconds(allowed) + " s");
                if (!engine.recover(std::chrono::milliseconds(500))) engine.quit();
                continue;
            case SearchReply::Status::Crashed:
                fault(seat, reply.detail);
                engine.quit();
                continue;
            case SearchReply::Status::ProtocolError:
                fault(seat, reply.detail);
                if (!engine.recover(std::chrono::milliseconds(500))) engine.quit();
                continue;
            case SearchReply::Status::Move: break;
        }
        if (tc.kind == TimeControl::Kind::GameClock) {
            remaining[s] += tc.increment - reply.seconds;
            if (remaining[s] < -tc.margin) {
                fault(seat, "loses on time: over by " + format_seconds(-remaining[s]) + " s");
                continue;
            }
            ++moves_made[s];
            if (tc.moves_per_period && moves_made[s] % tc.moves_per_period == 0) remaining[s] += tc.base;
        }
        const std::string position = referee.position_argument();
        if (auto illegal = referee.play(reply.move); !illegal.empty()) {
            fault(seat, "illegal move " + quoted(reply.move) + " (" + illegal + ") at " + position);
            continue;
        }
        std::string comment;
        if (reply.score) {
            char text[48];
            std::snprintf(text, sizeof text, "%+.2f/%d ", *reply.score, reply.depth);
            comment = text;
        }
        comment += format_seconds(reply.seconds) + "s";
        // The mover's clock after the move (its increment added), as PGN readers show it.
        if (tc.kind == TimeControl::Kind::GameClock) comment += " [%clk " + clock_reading(remaining[s]) + "]";
        ++record.seat_moves[s];
        record.seat_seconds[s] += reply.seconds;
        record.moves.push_back(referee.record_moves().back());
        record.comments.push_back(comment);
        if (setup.on_move) setup.on_move(referee, record.moves.back(), comment);

        // Adjudication by the engines' own scores (two seats).
        last_score[s] = reply.score;
        if (seats != 2 || referee.result()) continue;
        const auto other = static_cast<std::size_t>(1 - seat);
        const double mine = reply.score.value_or(0);
        if (adj.draw_move_count > 0 && reply.score && std::abs(mine) <= adj.draw_score) ++quiet_streak;
        else quiet_streak = 0;
        if (adj.draw_move_count > 0 && referee.plies() / 2 + 1 >= adj.draw_move_number &&
            quiet_streak >= 2 * adj.draw_move_count) {
            referee.adjudicate(GameEnd{{1.5, 1.5}, "adjudicated draw by the engines' scores"});
            continue;
        }
        const bool agrees = last_score[other] && *last_score[other] >= adj.resign_score;
        losing_streak[s] = (reply.score && mine <= -adj.resign_score && agrees) ? losing_streak[s] + 1 : 0;
        if (adj.resign_move_count > 0 && losing_streak[s] >= adj.resign_move_count) {
            GameEnd end{{1, 1}, "adjudicated: " + engine.spec().name + " resigns by the engines' scores"};
            end.places[s] = 2;
            referee.adjudicate(end);
        }
    }
    record.end = *referee.result();
}

}  // namespace damier::match
