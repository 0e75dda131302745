#include "tools/serve/engine_link.hpp"

#include <algorithm>
#include <cstdlib>

#include "protocol/hub_line.hpp"

namespace damier::serve {

using match::Clock;
using namespace std::chrono_literals;

bool EngineLink::wait_for(const std::string& command, Clock::time_point deadline) {
    for (std::string text;;) {
        if (process_.read_line(text, deadline) != match::ChildProcess::Read::Line) return false;
        auto line = hub::parse_line(text);
        if (line && line->command == command) return true;
    }
}

std::string EngineLink::start(const std::vector<std::pair<std::string, std::string>>& rules) {
    rules_ = rules;
    if (auto error = process_.start(command_, {}); !error.empty()) return error;
    const auto deadline = Clock::now() + 10s;
    bool ok = process_.send("hub", deadline) && wait_for("wait", deadline);
    for (const auto& [name, value] : rules)
        ok = ok && process_.send("set-param name=" + name + " value=" + hub::format_value(value), deadline);
    ok = ok && process_.send("init", deadline) && wait_for("ready", deadline);
    if (ok) return {};
    stop();
    return "the engine did not answer its handshake";
}

EngineMove EngineLink::search(const std::string& position_args, const std::string& level_args,
                              const std::function<void(const EngineInfo&)>& on_info,
                              const std::function<bool()>& cancelled, std::chrono::seconds limit) {
    EngineMove out;
    const auto deadline = Clock::now() + limit;
    if (!process_.send("pos " + position_args, deadline) || !process_.send("level " + level_args, deadline) ||
        !process_.send("go think", deadline)) {
        out.detail = "the engine does not take input";
        return out;
    }
    bool stopping = false;
    for (std::string text;;) {
        // Short reads, so that a cancelled game stops its search at once.
        const auto wait = std::min(deadline, Clock::now() + 100ms);
        const auto read = process_.read_line(text, wait);
        if (read == match::ChildProcess::Read::Closed) {
            out.detail = "the engine exited during its search";
            return out;
        }
        if (read == match::ChildProcess::Read::Timeout) {
            if (Clock::now() >= deadline) {
                out.status = EngineMove::Status::Timeout;
                out.detail = "no move within " + std::to_string(limit.count()) + " s";
                stop();  // a hung engine is restarted for the next move
                return out;
            }
            if (!stopping && cancelled()) stopping = process_.send("stop", deadline);
            continue;
        }
        auto line = hub::parse_line(text);
        if (!line) continue;
        if (line->command == "info") {
            EngineInfo info;
            info.depth = std::atoi(line->value("depth").value_or("0").c_str());
            info.score = line->value("score").value_or("");
            info.pv = line->value("pv").value_or("");
            info.nodes = line->value("nodes").value_or("");
            on_info(info);
        } else if (line->command == "done") {
            out.status = stopping ? EngineMove::Status::Timeout : EngineMove::Status::Move;
            out.move = line->value("move").value_or("");
            if (stopping) out.detail = "cancelled";
            return out;
        } else if (line->command == "error") {
            out.detail = line->value("message").value_or("error");
            if (text.find("game is over") != std::string::npos) return out;
        }
    }
}

void EngineLink::stop() { process_.stop(500ms); }

}  // namespace damier::serve
