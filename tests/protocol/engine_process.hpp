// Drives a real program through pipes, for tests of the engine's text protocol:
// lines go to its standard input, its standard output is read line by line with
// timeouts, and its standard error is collected. POSIX only; no threads (poll()).
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace damier::testing_support {

class EngineProcess {
public:
    // argv[0] is the program path (no PATH search). A program that cannot be
    // started fails the current test and leaves the object not running.
    explicit EngineProcess(std::vector<std::string> argv);
    // Kills (SIGKILL) and reaps the child if it is still running.
    ~EngineProcess();
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Writes line + '\n'. False when the child's input is closed (it exited, or
    // close_stdin() was called) or stays full for seconds; never raises SIGPIPE.
    bool send(std::string_view line);
    bool send_failed() const { return send_failed_; }

    // One line of standard output without its newline (a last line without one is
    // returned too); nullopt on timeout or at the end of output.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout);
    // Every line up to and including the first that starts with `prefix`. On
    // timeout or end of output: fails the current test (ADD_FAILURE), sets
    // last_read_timed_out() and returns the lines read so far.
    std::vector<std::string> read_until(std::string_view prefix, std::chrono::milliseconds timeout);
    bool last_read_timed_out() const { return last_read_timed_out_; }

    // Everything the child wrote on standard error so far (read without blocking).
    std::string stderr_text();

    void close_stdin();
    // The exit status (128 + signal number when killed by a signal), or nullopt if
    // the child still runs after `timeout`.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout);
    bool running();
    pid_t pid() const { return pid_; }

private:
    using Clock = std::chrono::steady_clock;
    // Waits for output until `deadline` and buffers what arrives on either pipe.
    // False when nothing more can come before the deadline (timeout or end of both).
    bool pump(Clock::time_point deadline);
    void drain(int& fd, std::string& buffer);
    bool reap(bool block);

    pid_t pid_ = -1;
    int stdin_fd_ = -1, stdout_fd_ = -1, stderr_fd_ = -1;
    std::string stdout_buffer_, stderr_buffer_;
    std::optional<int> exit_status_;
    bool send_failed_ = false;
    bool last_read_timed_out_ = false;
};

// A Hub line `command name=value name="quoted value" flag`, values unquoted; a
// bare flag maps to an empty value.
struct HubReply {
    std::string command;
    std::map<std::string, std::string> args;
};
HubReply parse_reply(std::string_view line);

}  // namespace damier::testing_support
