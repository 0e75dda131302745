#include "engine_process.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace damier::testing_support {

namespace {

// How long send() waits for room in a full pipe before giving up.
constexpr std::chrono::seconds send_patience{5};

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

int milliseconds_until(std::chrono::steady_clock::time_point deadline) {
    auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    return static_cast<int>(std::clamp<long long>(left.count(), 0, 1'000'000));
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

}  // namespace

EngineProcess::EngineProcess(std::vector<std::string> argv) {
    // A write to a pipe whose reader has exited must fail with EPIPE, not kill the
    // test program; the child gets the default disposition back below.
    std::signal(SIGPIPE, SIG_IGN);
    if (argv.empty()) {
        ADD_FAILURE() << "EngineProcess: empty argv";
        return;
    }
    int in[2], out[2], err[2];
    // O_CLOEXEC: the child keeps only the ends dup2'd onto 0, 1 and 2.
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
        ADD_FAILURE() << "EngineProcess: pipe: " << std::strerror(errno);
        return;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t default_signals;
    sigemptyset(&default_signals);
    sigaddset(&default_signals, SIGPIPE);
    posix_spawnattr_setsigdefault(&attributes, &default_signals);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);

    std::vector<char*> args;
    for (auto& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    int status = ::posix_spawn(&pid_, args[0], &actions, &attributes, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);

    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    stdin_fd_ = in[1];
    stdout_fd_ = out[0];
    stderr_fd_ = err[0];
    if (status != 0) {
        ADD_FAILURE() << "EngineProcess: cannot start " << argv[0] << ": " << std::strerror(status);
        pid_ = -1;
        close_fd(stdin_fd_);
        close_fd(stdout_fd_);
        close_fd(stderr_fd_);
        return;
    }
    set_nonblocking(stdin_fd_);
    set_nonblocking(stdout_fd_);
    set_nonblocking(stderr_fd_);
}

EngineProcess::~EngineProcess() {
    close_fd(stdin_fd_);
    if (pid_ > 0 && !exit_status_) {
        ::kill(pid_, SIGKILL);
        reap(true);
    }
    close_fd(stdout_fd_);
    close_fd(stderr_fd_);
}

bool EngineProcess::send(std::string_view line) {
    std::string data(line);
    data += '\n';
    std::size_t written = 0;
    const auto deadline = Clock::now() + send_patience;
    while (stdin_fd_ >= 0 && written < data.size()) {
        ssize_t n = ::write(stdin_fd_, data.data() + written, data.size() - written);
        if (n > 0) {
            written += static_cast<std::size_t>(n);
        } else if (n < 0 && errno == EAGAIN) {
            // The child is not reading: keep its output flowing while we wait.
            pollfd room{stdin_fd_, POLLOUT, 0};
            if (::poll(&room, 1, std::min(milliseconds_until(deadline), 10)) == 0 && Clock::now() >= deadline) break;
            drain(stdout_fd_, stdout_buffer_);
            drain(stderr_fd_, stderr_buffer_);
        } else if (!(n < 0 && errno == EINTR)) {
            break;  // EPIPE: the child has exited or closed its input
        }
    }
    if (written == data.size()) return true;
    send_failed_ = true;
    return false;
}

void EngineProcess::drain(int& fd, std::string& buffer) {
    char chunk[4096];
    while (fd >= 0) {
        ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n > 0) buffer.append(chunk, static_cast<std::size_t>(n));
        else if (n == 0) close_fd(fd);  // end of output
        else if (errno != EINTR) return;  // EAGAIN: nothing more for now
    }
}

bool EngineProcess::pump(Clock::time_point deadline) {
    pollfd fds[2] = {{stdout_fd_, POLLIN, 0}, {stderr_fd_, POLLIN, 0}};
    // poll() ignores negative descriptors, so closed pipes drop out by themselves.
    if (stdout_fd_ < 0 && stderr_fd_ < 0) return false;
    int ready = ::poll(fds, 2, milliseconds_until(deadline));
    if (ready < 0) return errno == EINTR;
    if (ready == 0) return false;
    drain(stdout_fd_, stdout_buffer_);
    drain(stderr_fd_, stderr_buffer_);
    return true;
}

std::optional<std::string> EngineProcess::read_line(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        auto newline = stdout_buffer_.find('\n');
        if (newline != std::string::npos) {
            std::string line = stdout_buffer_.substr(0, newline);
            stdout_buffer_.erase(0, newline + 1);
            return line;
        }
        if (stdout_fd_ < 0) {
            if (stdout_buffer_.empty()) return std::nullopt;
            return std::exchange(stdout_buffer_, std::string());
        }
        if (!pump(deadline) && Clock::now() >= deadline) return std::nullopt;
    }
}

std::vector<std::string> EngineProcess::read_until(std::string_view prefix, std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    std::vector<std::string> lines;
    last_read_timed_out_ = false;
    while (auto line = read_line(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()))) {
        lines.push_back(*line);
        if (line->starts_with(prefix)) return lines;
    }
    last_read_timed_out_ = true;
    std::string seen;
    for (const auto& l : lines) seen += "\n  " + l;
    ADD_FAILURE() << "no line starting with \"" << prefix << "\" within " << timeout.count() << " ms"
                  << (stdout_fd_ < 0 ? " (end of output)" : "") << "; read " << lines.size() << " lines:" << seen
                  << "\nstderr: " << stderr_text();
    return lines;
}

std::string EngineProcess::stderr_text() {
    drain(stderr_fd_, stderr_buffer_);
    return stderr_buffer_;
}

void EngineProcess::close_stdin() { close_fd(stdin_fd_); }

bool EngineProcess::reap(bool block) {
    if (exit_status_) return true;
    if (pid_ <= 0) return false;
    int status = 0;
    pid_t done;
    do done = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
    while (done < 0 && errno == EINTR);
    if (done != pid_) return false;
    exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return true;
}

std::optional<int> EngineProcess::wait_exit(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    while (!reap(false)) {
        if (pid_ <= 0 || Clock::now() >= deadline) return std::nullopt;
        // Keep reading so that a child blocked on a full pipe can finish; the short
        // sleep bounds the delay once both pipes are closed.
        auto step = std::min(deadline, Clock::now() + std::chrono::milliseconds(5));
        if (!pump(step)) ::poll(nullptr, 0, milliseconds_until(step));
    }
    return exit_status_;
}

bool EngineProcess::running() { return pid_ > 0 && !reap(false); }

HubReply parse_reply(std::string_view line) {
    HubReply reply;
    std::size_t i = 0;
    auto skip_blanks = [&] {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    };
    auto word = [&] {
        std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '=') ++i;
        return std::string(line.substr(start, i - start));
    };
    skip_blanks();
    reply.command = word();
    for (skip_blanks(); i < line.size(); skip_blanks()) {
        std::string name = word();
        std::string value;
        if (i < line.size() && line[i] == '=') {
            ++i;
            if (i < line.size() && line[i] == '"') {
                std::size_t close = line.find('"', i + 1);
                if (close == std::string_view::npos) close = line.size();
                value = std::string(line.substr(i + 1, close - i - 1));
                i = std::min(close + 1, line.size());
            } else {
                std::size_t start = i;
                while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
                value = std::string(line.substr(start, i - start));
            }
        }
        reply.args[name] = value;
    }
    return reply;
}

}  // namespace damier::testing_support
