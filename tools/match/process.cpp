#include "tools/match/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>

extern char** environ;

namespace damier::match {

namespace {

// A line longer than this is cut: an engine that floods must not eat the memory.
constexpr std::size_t MaxLine = 1 << 20;

int milliseconds_until(Clock::time_point deadline) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, 1'000'000'000));
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

}  // namespace

ChildProcess::~ChildProcess() { stop(std::chrono::milliseconds(0)); }

std::string ChildProcess::start(const std::vector<std::string>& argv, const std::string& directory,
                                const std::string& stderr_path) {
    if (argv.empty() || argv[0].empty()) return "no command to start";
    // Writing to a pipe whose reader died must fail with EPIPE, not kill the runner.
    std::signal(SIGPIPE, SIG_IGN);
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]);
        ::close(in[1]);
        return std::string("pipe: ") + std::strerror(errno);
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, stderr_path.empty() ? "/dev/null" : stderr_path.c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (!directory.empty()) posix_spawn_file_actions_addchdir_np(&actions, directory.c_str());
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    // Its own process group: a Ctrl-C meant for the runner does not reach the engines.
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    std::vector<std::string> copy = argv;
    std::vector<char*> args;
    for (auto& a : copy) args.push_back(a.data());
    args.push_back(nullptr);
    const int status = ::posix_spawnp(&pid_, args[0], &actions, &attributes, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(in[0]);
    ::close(out[1]);
    stdin_fd_ = in[1];
    stdout_fd_ = out[0];
    buffer_.clear();
    output_closed_ = false;
    if (status != 0) {
        pid_ = -1;
        close_pipes();
        return "cannot start " + argv[0] + ": " + std::strerror(status);
    }
    ::fcntl(stdin_fd_, F_SETFL, ::fcntl(stdin_fd_, F_GETFL) | O_NONBLOCK);
    ::fcntl(stdout_fd_, F_SETFL, ::fcntl(stdout_fd_, F_GETFL) | O_NONBLOCK);
    return {};
}

bool ChildProcess::send(std::string_view line, Clock::time_point deadline) {
    if (stdin_fd_ < 0) return false;
    std::string data(line);
    data += '\n';
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(stdin_fd_, data.data() + done, data.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return false;
        pollfd p{stdin_fd_, POLLOUT, 0};
        if (::poll(&p, 1, milliseconds_until(deadline)) <= 0) return false;
        if (p.revents & (POLLERR | POLLHUP)) return false;
    }
    return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
    for (;;) {
        const auto end = buffer_.find('\n');
        if (end != std::string::npos || buffer_.size() >= MaxLine) {
            const std::size_t cut = std::min(end, MaxLine);
            line = buffer_.substr(0, cut);
            buffer_.erase(0, end == std::string::npos ? cut : end + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return Read::Line;
        }
        if (output_closed_ || stdout_fd_ < 0) {
            if (buffer_.empty()) return Read::Closed;
            line = std::move(buffer_);
            buffer_.clear();
            return Read::Line;
        }
        pollfd p{stdout_fd_, POLLIN, 0};
        const int ready = ::poll(&p, 1, milliseconds_until(deadline));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return Read::Timeout;
        char chunk[4096];
        const ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
        if (n > 0) buffer_.append(chunk, static_cast<std::size_t>(n));
        else if (n == 0 || (errno != EAGAIN && errno != EINTR)) output_closed_ = true;
    }
}

bool ChildProcess::running() { return pid_ > 0 && !reap(false); }

bool ChildProcess::reap(bool block) {
    if (pid_ <= 0) return true;
    int status = 0;
    const pid_t r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
    if (r == pid_ || (r < 0 && errno == ECHILD)) {
        pid_ = -1;
        return true;
    }
    return false;
}

void ChildProcess::stop(std::chrono::milliseconds grace) {
    close_fd(stdin_fd_);  // end of input: a Hub engine exits
    const auto deadline = Clock::now() + grace;
    while (pid_ > 0 && !reap(false) && Clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        reap(true);
    }
    close_pipes();
}

void ChildProcess::close_pipes() {
    close_fd(stdin_fd_);
    close_fd(stdout_fd_);
}

}  // namespace damier::match
