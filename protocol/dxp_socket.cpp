#include "protocol/dxp_socket.hpp"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace damier::dxp {

namespace {

// Milliseconds left before `deadline` for poll (0 when past).
int millis_left(Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left <= 0 ? 0 : left > 1'000'000'000 ? 1'000'000'000 : static_cast<int>(left);
}

// Waits for `events` on fd; false on timeout.
bool wait_for(int fd, short events, Clock::time_point deadline) {
    for (;;) {
        pollfd p{fd, events, 0};
        const int ready = ::poll(&p, 1, millis_left(deadline));
        if (ready > 0) return true;
        if (ready == 0) return false;
        if (errno != EINTR) return false;
    }
}

std::string system_error(const std::string& what) { return what + ": " + std::strerror(errno); }

struct AddressList {
    addrinfo* list = nullptr;
    ~AddressList() {
        if (list) freeaddrinfo(list);
    }
};

}  // namespace

void set_no_delay(Connection& connection) {
    const int on = 1;  // moves are small and wanted at once
    setsockopt(connection.fd_, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

Connection& Connection::operator=(Connection&& other) noexcept {
    if (this != &other) {
        close();
        fd_ = other.fd_;
        partial_ = std::move(other.partial_);
        other.fd_ = -1;
    }
    return *this;
}

void Connection::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    partial_.clear();
}

Result<Connection> Connection::open(const std::string& host, int port, Clock::time_point deadline) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    AddressList addresses;
    if (int error = getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &addresses.list); error != 0)
        return failure<Connection>("cannot resolve " + host + ": " + gai_strerror(error));
    std::string last = "no address for " + host;
    for (addrinfo* a = addresses.list; a; a = a->ai_next) {
        Connection connection(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
        if (!connection.is_open()) continue;
        const int fd = connection.fd_;
        // Non-blocking while connecting, so the deadline holds; blocking afterwards.
        const int flags = fcntl(fd, F_GETFL);
        fcntl(fd, F_SETFL, flags | O_NONBLOCK);
        int done = ::connect(fd, a->ai_addr, a->ai_addrlen);
        if (done != 0 && errno == EINPROGRESS) {
            if (!wait_for(fd, POLLOUT, deadline)) {
                last = "connecting to " + host + " timed out";
                continue;
            }
            int error = 0;
            socklen_t size = sizeof error;
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size);
            errno = error;
            done = error == 0 ? 0 : -1;
        }
        if (done != 0) {
            last = system_error("cannot connect to " + host + " port " + std::to_string(port));
            continue;
        }
        fcntl(fd, F_SETFL, flags);
        set_no_delay(connection);
        return connection;
    }
    return failure<Connection>(last);
}

std::string Connection::send(const Message& message) {
    std::string text = encode(message);
    text.push_back('\0');
    return send_text(text);
}

std::string Connection::send_text(std::string_view text) {
    if (fd_ < 0) return "the connection is closed";
    while (!text.empty()) {
        const ssize_t sent = ::send(fd_, text.data(), text.size(), MSG_NOSIGNAL);
        if (sent < 0 && errno == EINTR) continue;
        if (sent <= 0) {
            std::string error = system_error("sending to the DXP peer");
            close();
            return error;
        }
        text.remove_prefix(static_cast<std::size_t>(sent));
    }
    return {};
}

Connection::Status Connection::receive(std::string& text, Clock::time_point deadline) {
    text.clear();
    if (fd_ < 0) return Status::Closed;
    for (;;) {
        if (!wait_for(fd_, POLLIN, deadline)) return Status::Timeout;
        char c = 0;
        const ssize_t got = ::recv(fd_, &c, 1, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            close();
            return Status::Closed;
        }
        if (c == '\0') {
            text = std::move(partial_);
            partial_.clear();
            return Status::Received;
        }
        // A message longer than any DXP message: the stream cannot be trusted after it.
        if (partial_.size() == MaxMessageLength) {
            close();
            return Status::TooLong;
        }
        partial_.push_back(c);
    }
}

std::string describe(Connection::Status status) {
    switch (status) {
        case Connection::Status::Received: return "a message";
        case Connection::Status::Timeout: return "no message in time";
        case Connection::Status::Closed: return "the connection was closed";
        case Connection::Status::TooLong:
            return "a message longer than " + std::to_string(MaxMessageLength) + " characters (no NUL)";
    }
    return {};
}

Listener::~Listener() {
    if (fd_ >= 0) ::close(fd_);
}

Result<Listener> Listener::open(const std::string& host, int port) {
    addrinfo hints{};
    hints.ai_family = host.empty() ? AF_INET6 : AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    AddressList addresses;
    const char* node = host.empty() ? nullptr : host.c_str();
    if (int error = getaddrinfo(node, std::to_string(port).c_str(), &hints, &addresses.list); error != 0)
        return failure<Listener>("cannot resolve " + host + ": " + gai_strerror(error));
    std::string last = "no address to listen on";
    for (addrinfo* a = addresses.list; a; a = a->ai_next) {
        Listener listener;
        listener.fd_ = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (listener.fd_ < 0) continue;
        const int on = 1, off = 0;
        setsockopt(listener.fd_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        // The IPv6 wildcard takes IPv4 initiators too (as ::ffff:a.b.c.d).
        if (a->ai_family == AF_INET6) setsockopt(listener.fd_, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off);
        if (::bind(listener.fd_, a->ai_addr, a->ai_addrlen) != 0 || ::listen(listener.fd_, 4) != 0) {
            last = system_error("cannot listen on port " + std::to_string(port));
            continue;
        }
        sockaddr_storage bound{};
        socklen_t size = sizeof bound;
        getsockname(listener.fd_, reinterpret_cast<sockaddr*>(&bound), &size);
        listener.port_ = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                                           : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
        return listener;
    }
    return failure<Listener>(last);
}

Result<Connection> Listener::accept(Clock::time_point deadline) {
    if (!wait_for(fd_, POLLIN, deadline)) return failure<Connection>("no connection");
    Connection connection(::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC));
    if (!connection.is_open()) return failure<Connection>(system_error("accept"));
    set_no_delay(connection);
    return connection;
}

}  // namespace damier::dxp
