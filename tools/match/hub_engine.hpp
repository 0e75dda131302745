// One engine as the match runner drives it: a Hub process started, configured,
// asked for moves under a deadline, and restarted when it fails. Every call
// returns within its deadline whatever the engine does.
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "tools/match/dxp_bridge.hpp"
#include "tools/match/process.hpp"

namespace damier::match {

struct EngineSpec {
    std::string name;
    std::vector<std::string> command;  // program and arguments
    std::string directory;             // working directory, empty = the runner's
    std::vector<std::pair<std::string, std::string>> params;  // set-param after the handshake
    // Hub 2, the first Hub dialect of Scan 2.0's time (tools/match/hub1_dialect.hpp),
    // or DXP (tools/match/dxp_bridge.hpp).
    enum class Protocol { Hub, Hub1, Dxp } protocol = Protocol::Hub;
    // DXP: where the engine listens (the command, if any, is started first).
    std::string host = "127.0.0.1";
    int port = 27531;
};

// The engine definition's name of a protocol ("hub", "hub1", "dxp") and back.
const char* protocol_name(EngineSpec::Protocol protocol);
std::optional<EngineSpec::Protocol> protocol_of(std::string_view name);

struct SearchReply {
    enum class Status { Move, Timeout, Crashed, ProtocolError } status = Status::Crashed;
    std::string move, ponder;
    std::optional<double> score;  // the last info score, side to move's view
    int depth = 0;
    double seconds = 0;  // from go to done
    std::string detail;  // what went wrong, for the record
};

class HubEngine {
public:
    explicit HubEngine(EngineSpec spec) : spec_(std::move(spec)) {}

    const EngineSpec& spec() const { return spec_; }
    // The engine's own name from its `id` line (the spec name when it gave none).
    const std::string& id_name() const { return id_name_; }
    bool declares(const std::string& param) const;
    // The values of an enum parameter the engine declared (e.g. its variants).
    std::vector<std::string> declared_values(const std::string& param) const;

    // Starts the process, runs the handshake (hub ... wait), sets `rules` (variant,
    // players, ...) and then the spec's params, each followed by ping ...
    // pong, then init ... ready. Returns "" or what went wrong, which includes any
    // `error` the engine answered to a set-param or to init; the engine is left
    // stopped on failure.
    std::string start(const std::vector<std::pair<std::string, std::string>>& rules, std::chrono::milliseconds timeout);
    // new-game, fenced by ping/pong so the engine is idle afterwards.
    std::string new_game(std::chrono::milliseconds timeout);
    // pos + level + go think, then waits for done until `deadline`. `position`
    // holds the pos arguments (pos=... moves="..."), `level` the level arguments.
    SearchReply search(const std::string& position, const std::string& level, Clock::time_point deadline);
    // After a timeout: stop, then wait up to `grace` for the late done. False when
    // the engine does not answer (it must then be restarted).
    bool recover(std::chrono::milliseconds grace);
    void quit();
    bool running();
    // Protocol lines the engine printed that the runner did not expect (kept for the log).
    const std::vector<std::string>& complaints() const { return complaints_; }

private:
    // The process's send and read_line, each line also written to the protocol log
    // as the engine sees it, translated for an engine of the first Hub dialect.
    bool send(std::string_view line, Clock::time_point deadline);
    ChildProcess::Read read_line(std::string& text, Clock::time_point deadline);
    // Connects the DXP bridge (after starting the command, if any); "" or the error.
    std::string start_dxp(Clock::time_point deadline);
    // Reads lines until one whose command is `command`; false on timeout or exit.
    bool wait_for(const std::string& command, Clock::time_point deadline, std::vector<std::string>* lines = nullptr);

    EngineSpec spec_;
    ChildProcess process_;
    std::unique_ptr<DxpBridge> dxp_;  // DXP engines only
    std::string id_name_;
    std::vector<std::pair<std::string, std::string>> declared_;  // param name, values list
    std::vector<std::string> complaints_;
};

// Every protocol line between the runner and its engines goes to `log` (nullptr:
// none), one per line: seconds since this call, the engine's name, '<' for a line
// the engine was sent or '>' for one it printed, the line ("1.234 new < go think").
void set_protocol_log(std::ostream* log);

// The rule-set name an engine understands for `variant`: ours when it declares
// it, else an alias it declares (international = normal or standard, american =
// english or checkers), else ours.
std::string variant_for(const HubEngine& engine, const std::string& variant);

}  // namespace damier::match
