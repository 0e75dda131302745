#include "tools/match/hub_engine.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <ostream>

#include "engine/core/text.hpp"
#include "protocol/hub_line.hpp"
#include "tools/match/hub1_dialect.hpp"

namespace damier::match {

namespace {

std::optional<hub::Line> parse(const std::string& text) {
    auto line = hub::parse_line(text);
    if (!line) return std::nullopt;
    return *line;
}

std::mutex log_mutex;
std::ostream* protocol_log = nullptr;
Clock::time_point log_start;

void log_line(const std::string& engine, char direction, std::string_view line) {
    std::lock_guard lock(log_mutex);
    if (!protocol_log) return;
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", std::chrono::duration<double>(Clock::now() - log_start).count());
    *protocol_log << time << ' ' << engine << ' ' << direction << ' ' << line << '\n';
}

}  // namespace

void set_protocol_log(std::ostream* log) {
    std::lock_guard lock(log_mutex);
    if (protocol_log) protocol_log->flush();
    protocol_log = log;
    log_start = Clock::now();
}

const char* protocol_name(EngineSpec::Protocol protocol) {
    switch (protocol) {
        case EngineSpec::Protocol::Hub1: return "hub1";
        case EngineSpec::Protocol::Dxp: return "dxp";
        case EngineSpec::Protocol::Hub: break;
    }
    return "hub";
}

std::optional<EngineSpec::Protocol> protocol_of(std::string_view name) {
    if (name == "hub") return EngineSpec::Protocol::Hub;
    if (name == "hub1") return EngineSpec::Protocol::Hub1;
    if (name == "dxp") return EngineSpec::Protocol::Dxp;
    return std::nullopt;
}

bool HubEngine::send(std::string_view line, Clock::time_point deadline) {
    if (spec_.protocol == EngineSpec::Protocol::Hub) {
        log_line(spec_.name, '<', line);
        return process_.send(line, deadline);
    }
    if (spec_.protocol == EngineSpec::Protocol::Dxp) {
        log_line(spec_.name, '<', line);
        return dxp_ && dxp_->send(line, deadline);
    }
    // The settings check keeps untranslatable lines (a node limit) from being sent.
    auto lines = hub1::to_hub1(line);
    if (!lines) return false;
    for (const auto& old : *lines) {
        log_line(spec_.name, '<', old);
        if (!process_.send(old, deadline)) return false;
    }
    return true;
}

ChildProcess::Read HubEngine::read_line(std::string& text, Clock::time_point deadline) {
    if (spec_.protocol == EngineSpec::Protocol::Dxp) {
        if (!dxp_) return ChildProcess::Read::Closed;
        const auto read = dxp_->read_line(text, deadline);
        if (read == ChildProcess::Read::Line) log_line(spec_.name, '>', text);
        return read;
    }
    for (;;) {
        const auto read = process_.read_line(text, deadline);
        if (read != ChildProcess::Read::Line) return read;
        log_line(spec_.name, '>', text);
        if (spec_.protocol == EngineSpec::Protocol::Hub) return read;
        text = hub1::from_hub1(text);
        if (!text.empty()) return read;
    }
}

bool HubEngine::declares(const std::string& param) const {
    for (const auto& [name, values] : declared_)
        if (name == param) return true;
    return false;
}

std::vector<std::string> HubEngine::declared_values(const std::string& param) const {
    std::vector<std::string> out;
    for (const auto& [name, values] : declared_)
        if (name == param)
            for (auto v : split(values, " "))
                if (!v.empty()) out.emplace_back(v);
    return out;
}

bool HubEngine::wait_for(const std::string& command, Clock::time_point deadline, std::vector<std::string>* lines) {
    std::string text;
    for (;;) {
        if (read_line(text, deadline) != ChildProcess::Read::Line) return false;
        auto line = parse(text);
        if (lines) lines->push_back(text);
        if (line && line->command == command) return true;
        if (line && line->command == "error") complaints_.push_back(text);
    }
}

std::string HubEngine::start(const std::vector<std::pair<std::string, std::string>>& rules,
                             std::chrono::milliseconds timeout) {
    process_.stop(std::chrono::milliseconds(200));
    if (dxp_) dxp_->close(false);
    complaints_.clear();
    declared_.clear();
    id_name_ = spec_.name;
    const auto deadline = Clock::now() + timeout;
    // Said after "did not answer ..." when the time ran out (rather than the engine exiting).
    auto in_time = [&] {
        if (Clock::now() < deadline) return std::string();
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", std::chrono::duration<double>(timeout).count());
        return std::string(" within ") + seconds + " s";
    };
    if (!spec_.command.empty())
        if (auto error = process_.start(spec_.command, spec_.directory); !error.empty()) return error;
    if (spec_.protocol == EngineSpec::Protocol::Dxp) {
        if (auto error = start_dxp(deadline); !error.empty()) return error;
    }
    std::vector<std::string> lines;
    if (!send("hub", deadline) || !wait_for("wait", deadline, &lines)) {
        process_.stop(std::chrono::milliseconds(100));
        return spec_.name + " did not answer hub with wait" + in_time();
    }
    for (const auto& text : lines) {
        auto line = parse(text);
        if (!line) continue;
        if (line->command == "id") id_name_ = line->value("name").value_or(spec_.name);
        if (line->command == "param" && line->value("name"))
            declared_.emplace_back(*line->value("name"), line->value("values").value_or(""));
    }
    // Each set-param is fenced by a ping: an `error` before the pong is the engine
    // refusing that parameter (unknown, out of range, a file it cannot read), and a
    // refused parameter would play a different engine than the one asked for.
    auto set_param = [&](const std::string& name, const std::string& value) -> std::string {
        const std::string command = "set-param name=" + hub::format_value(name) + " value=" + hub::format_value(value);
        std::vector<std::string> answer;
        if (!send(command, deadline) || !send("ping", deadline) ||
            !wait_for("pong", deadline, &answer)) {
            process_.stop(std::chrono::milliseconds(100));
            return spec_.name + " did not answer ping after " + command + in_time();
        }
        for (const auto& text : answer)
            if (auto line = parse(text); line && line->command == "error") {
                process_.stop(std::chrono::milliseconds(100));
                return spec_.name + " refused " + command + ": " + line->value("message").value_or(text);
            }
        return {};
    };
    // The rules go first: an engine checks some parameters against them (a pattern
    // table is for one rule set), and the start-up rules are not the match's.
    for (const auto& [name, value] : rules) {
        // Rule parameters the engine does not declare are left out (its rules are fixed).
        if (!declares(name)) continue;
        if (auto error = set_param(name, name == "variant" ? variant_for(*this, value) : value); !error.empty())
            return error;
    }
    for (const auto& [name, value] : spec_.params)
        if (auto error = set_param(name, value); !error.empty()) return error;
    // An error before ready (a weights file that became bad, a table too large) is a refusal too.
    std::vector<std::string> answer;
    if (!send("init", deadline) || !wait_for("ready", deadline, &answer)) {
        process_.stop(std::chrono::milliseconds(100));
        return spec_.name + " did not answer init with ready" + in_time();
    }
    for (const auto& text : answer)
        if (auto line = parse(text); line && line->command == "error") {
            process_.stop(std::chrono::milliseconds(100));
            return spec_.name + " reported at init: " + line->value("message").value_or(text);
        }
    return {};
}

std::string HubEngine::new_game(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    if (!send("new-game", deadline) || !send("ping", deadline) || !wait_for("pong", deadline))
        return spec_.name + " did not answer ping after new-game";
    return {};
}

SearchReply HubEngine::search(const std::string& position, const std::string& level, Clock::time_point deadline) {
    SearchReply reply;
    const auto start = Clock::now();
    if (!send("pos " + position, deadline) || (!level.empty() && !send("level " + level, deadline)) ||
        !send("go think", deadline)) {
        reply.detail = "the engine does not take input";
        return reply;
    }
    std::string text;
    for (;;) {
        const auto read = read_line(text, deadline);
        reply.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (read == ChildProcess::Read::Timeout) {
            reply.status = SearchReply::Status::Timeout;
            reply.detail = "no move within the time allowed";
            return reply;
        }
        if (read == ChildProcess::Read::Closed) {
            reply.status = SearchReply::Status::Crashed;
            reply.detail = "the engine exited during its search";
            return reply;
        }
        auto line = parse(text);
        if (!line) continue;  // free text is allowed and ignored
        if (line->command == "info") {
            if (auto s = line->value("score")) {
                char* end = nullptr;
                const double v = std::strtod(s->c_str(), &end);
                if (end && *end == '\0') reply.score = v;
            }
            if (auto d = line->value("depth"); d && parse_uint(*d)) reply.depth = static_cast<int>(*parse_uint(*d));
        } else if (line->command == "error") {
            complaints_.push_back(text);
            // An error after go means the search will not come: the position or level was refused.
            reply.status = SearchReply::Status::ProtocolError;
            reply.detail = "the engine answered: " + text;
            return reply;
        } else if (line->command == "done") {
            reply.move = line->value("move").value_or("");
            reply.ponder = line->value("ponder").value_or("");
            if (reply.move.empty()) {
                reply.status = SearchReply::Status::ProtocolError;
                reply.detail = "done without a move";
            } else {
                reply.status = SearchReply::Status::Move;
            }
            return reply;
        }
    }
}

bool HubEngine::recover(std::chrono::milliseconds grace) {
    const auto deadline = Clock::now() + grace;
    if (!send("stop", deadline)) return false;
    if (!wait_for("done", deadline)) return false;
    return send("ping", deadline) && wait_for("pong", deadline);
}

std::string HubEngine::start_dxp(Clock::time_point deadline) {
    // The engine's own output is read and logged but means nothing to the runner;
    // reading it keeps an engine that prints a lot from blocking on a full pipe.
    auto drain = [this] {
        std::string text;
        while (!spec_.command.empty() && process_.read_line(text, Clock::now()) == ChildProcess::Read::Line)
            log_line(spec_.name, '>', "(stdout) " + text);
    };
    auto log = [this](char direction, std::string_view message) { log_line(spec_.name, direction, "DXP " + std::string(message)); };
    dxp_ = std::make_unique<DxpBridge>(spec_.name, log, drain);
    if (auto error = dxp_->connect(spec_.host, spec_.port, deadline, !spec_.command.empty()); !error.empty()) {
        process_.stop(std::chrono::milliseconds(100));
        return spec_.name + ": " + error;
    }
    return {};
}

bool HubEngine::running() {
    if (spec_.protocol != EngineSpec::Protocol::Dxp) return process_.running();
    return dxp_ && dxp_->connected() && (spec_.command.empty() || process_.running());
}

void HubEngine::quit() {
    // A peer the runner started is told to stop; one already running stays for the next run.
    if (dxp_) dxp_->close(!spec_.command.empty());
    send("quit", Clock::now() + std::chrono::milliseconds(100));
    process_.stop(std::chrono::milliseconds(500));
}

std::string variant_for(const HubEngine& engine, const std::string& variant) {
    const auto values = engine.declared_values("variant");
    auto has = [&](const char* v) { return std::find(values.begin(), values.end(), v) != values.end(); };
    if (values.empty() || has(variant.c_str())) return variant;
    if (variant == "international") {
        if (has("normal")) return "normal";
        if (has("standard")) return "standard";
    }
    if (variant == "american") {
        if (has("english")) return "english";
        if (has("checkers")) return "checkers";
    }
    return variant;
}

}  // namespace damier::match
