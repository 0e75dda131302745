// One Hub engine process as the web board drives it: started with the rules of a
// game, asked for a move with a limit, each `info` line handed on as it comes, so
// that a person sees the depth, score and principal variation while it thinks.
// Every call returns within its deadline whatever the engine does.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "tools/match/process.hpp"

namespace damier::serve {

struct EngineInfo {
    int depth = 0;
    std::string score, pv, nodes;
};

struct EngineMove {
    enum class Status { Move, Crashed, Timeout } status = Status::Crashed;
    std::string move;
    std::string detail;  // what went wrong
};

class EngineLink {
public:
    explicit EngineLink(std::vector<std::string> command) : command_(std::move(command)) {}
    ~EngineLink() { stop(); }

    // Starts the process: hub ... wait, set-param for each rule (variant, players,
    // ...), init ... ready. Returns "" or what went wrong (the process is then stopped).
    std::string start(const std::vector<std::pair<std::string, std::string>>& rules);
    // pos + level + go; `on_info` gets each info line. `cancelled` is polled: when
    // it turns true the search is stopped and its move dropped (Timeout).
    EngineMove search(const std::string& position_args, const std::string& level_args,
                      const std::function<void(const EngineInfo&)>& on_info, const std::function<bool()>& cancelled,
                      std::chrono::seconds limit);
    void stop();
    bool running() { return process_.running(); }
    int pid() const { return process_.pid(); }

private:
    // Reads until a line whose command is `command`; false on timeout or exit.
    bool wait_for(const std::string& command, match::Clock::time_point deadline);

    std::vector<std::string> command_;
    std::vector<std::pair<std::string, std::string>> rules_;
    match::ChildProcess process_;
};

}  // namespace damier::serve
