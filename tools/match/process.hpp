// A child process behind pipes, for the match runner: lines to its stdin, lines
// from its stdout with deadlines, no threads (poll). A child that dies, hangs or
// floods never blocks or kills the runner: every call returns within its deadline.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace damier::match {

using Clock = std::chrono::steady_clock;

class ChildProcess {
public:
    ChildProcess() = default;
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Starts argv[0] (a path, or a name looked up in PATH) in `directory` (empty:
    // the runner's). Its stderr goes to `stderr_path`, or is discarded when empty.
    // Returns "" or why it could not start.
    std::string start(const std::vector<std::string>& argv, const std::string& directory,
                      const std::string& stderr_path = {});

    // Writes line + '\n'; false when the child does not take it (exited, or its
    // input stays full past the deadline).
    bool send(std::string_view line, Clock::time_point deadline);

    enum class Read { Line, Timeout, Closed };
    // The next line of stdout (without '\n' or '\r') before the deadline.
    Read read_line(std::string& line, Clock::time_point deadline);

    bool running();
    // Closes stdin, waits up to `grace` for the child to exit, then kills it. Reaps it.
    void stop(std::chrono::milliseconds grace);
    pid_t pid() const { return pid_; }

private:
    void close_pipes();
    bool reap(bool block);

    pid_t pid_ = -1;
    int stdin_fd_ = -1, stdout_fd_ = -1;
    std::string buffer_;
    bool output_closed_ = false;
};

}  // namespace damier::match
