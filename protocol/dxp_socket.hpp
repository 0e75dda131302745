// DXP over TCP (POSIX sockets), IPv4 and IPv6: a listener that accepts the
// initiator and a connection that sends and receives whole messages. Every wait
// has a deadline, and the reader takes one byte at a time into a bounded buffer,
// so it never reads past the end of a message and a missing NUL is an error, not
// a hang or an overflow.
#pragma once

#include <chrono>
#include <string>

#include "engine/core/result.hpp"
#include "protocol/dxp_message.hpp"

namespace damier::dxp {

using Clock = std::chrono::steady_clock;

class Connection {
public:
    Connection() = default;
    explicit Connection(int fd) : fd_(fd) {}
    Connection(Connection&& other) noexcept : fd_(other.fd_), partial_(std::move(other.partial_)) { other.fd_ = -1; }
    Connection& operator=(Connection&& other) noexcept;
    ~Connection() { close(); }

    // Connects to host:port (a name, an IPv4 or an IPv6 address) before `deadline`.
    static Result<Connection> open(const std::string& host, int port, Clock::time_point deadline);

    bool is_open() const { return fd_ >= 0; }
    // Sends the message and its NUL; "" or why it could not (the connection is then closed).
    std::string send(const Message& message);
    std::string send_text(std::string_view text);  // raw, for tests of bad input: no NUL added

    enum class Status { Received, Timeout, Closed, TooLong };
    // Reads one message's text (without its NUL) before `deadline`. A message cut
    // by the deadline is kept and completed by the next call.
    Status receive(std::string& text, Clock::time_point deadline);
    void close();

private:
    friend void set_no_delay(Connection& connection);
    int fd_ = -1;
    std::string partial_;
};

class Listener {
public:
    Listener() = default;
    Listener(Listener&& other) noexcept : fd_(other.fd_), port_(other.port_) { other.fd_ = -1; }
    ~Listener();

    // Listens on host:port; an empty host (or "::") takes IPv6 and IPv4 alike.
    // Port 0 picks a free port (port() tells which).
    static Result<Listener> open(const std::string& host, int port);
    int port() const { return port_; }
    // The next initiator, or the error ("no connection" when the deadline passed).
    Result<Connection> accept(Clock::time_point deadline);

private:
    int fd_ = -1;
    int port_ = 0;
};

// Status as words for error messages ("timed out", "connection closed", ...).
std::string describe(Connection::Status status);

}  // namespace damier::dxp
