// `damier dxp` against itself on loopback, and against a scripted peer that sends
// what a real one must not: whole games, back requests, chat, a dropped
// connection, a stall and malformed, illegal or out-of-turn messages. Every game
// must end with a recorded result and reason, and no run may hang.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "protocol/dxp_message.hpp"
#include "protocol/dxp_socket.hpp"
#include "tests/protocol/engine_process.hpp"
#include "tests/support/scratch.hpp"

namespace damier::dxp {
namespace {

using testing_support::EngineProcess;
using namespace std::chrono_literals;

std::vector<std::string> dxp_command(std::vector<std::string> args) {
    args.insert(args.begin(), {DAMIER_BINARY, "dxp"});
    return args;
}

// The port a follower started with --port 0 listens on, from its first line on stderr.
int listening_port(EngineProcess& follower) {
    // Read by hand, not with std::regex: GCC 12 warns falsely on <regex> under the
    // sanitizers' -O2, and the build treats warnings as errors.
    const std::string marker = "listening on port ";
    std::string seen;
    for (int i = 0; i < 100; ++i) {
        seen += follower.stderr_text();
        const auto at = seen.find(marker);
        if (at != std::string::npos) {
            const auto digits = seen.find_first_not_of("0123456789", at + marker.size());
            if (digits != std::string::npos && digits > at + marker.size())
                return std::stoi(seen.substr(at + marker.size(), digits - at - marker.size()));
        }
        std::this_thread::sleep_for(50ms);
    }
    ADD_FAILURE() << "the follower did not listen";
    return 0;
}

std::string all_output(EngineProcess& process) {
    std::string text;
    // Until the process ends its output: a loaded machine may be slow between lines.
    while (auto line = process.read_line(30s)) text += *line + "\n";
    return text;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
    return count;
}

std::string temp_path(const std::string& name) { return damier::test::scratch_path(name); }

TEST(DxpPeer, DamierPlaysWholeGamesAgainstItselfOverIpv4AndIpv6) {
    for (const std::string host : {"127.0.0.1", "::1"}) {
        // A machine without IPv6 on loopback (some containers) plays the IPv4 games only.
        if (host == "::1" && !Listener::open(host, 0)) {
            std::cout << "no IPv6 loopback here: the IPv6 games are left out\n";
            continue;
        }
        EngineProcess follower(
            dxp_command({"--listen", "--host", host, "--port", "0", "--depth", "2", "--idle", "20"}));
        const int port = listening_port(follower);
        const std::string pdn = temp_path("games.pdn");
        EngineProcess initiator(dxp_command({"--connect", host, "--port", std::to_string(port), "--games", "2",
                                             "--depth", "3", "--time", "1", "--pdn", pdn, "--name", "First"}));
        const std::string out = all_output(initiator);
        EXPECT_EQ(initiator.wait_exit(20s), 0) << out << initiator.stderr_text();
        EXPECT_EQ(follower.wait_exit(20s), 0) << all_output(follower) << follower.stderr_text();
        EXPECT_NE(out.find("dxp: 2 games"), std::string::npos) << out;
        EXPECT_NE(out.find("game 1: First - Damier"), std::string::npos) << out;
        EXPECT_NE(out.find("game 2: Damier - First"), std::string::npos) << out;
        const std::string games = read_file(pdn);
        EXPECT_EQ(occurrences(games, "[Result \"*\"]"), 0u) << games;
        EXPECT_EQ(occurrences(games, "[Result \"2-0\"]") + occurrences(games, "[Result \"1-1\"]") +
                      occurrences(games, "[Result \"0-2\"]"),
                  2u)
            << games;
    }
}

TEST(DxpPeer, BackRequestAndChatReachThePeer) {
    EngineProcess follower(
        dxp_command({"--listen", "--host", "127.0.0.1", "--port", "0", "--depth", "1", "--idle", "20"}));
    const int port = listening_port(follower);
    EngineProcess initiator(dxp_command({"--connect", "127.0.0.1", "--port", std::to_string(port), "--depth", "1",
                                         "--take-back-at", "6", "--chat", "hello from the initiator"}));
    const std::string out = all_output(initiator);
    EXPECT_EQ(initiator.wait_exit(20s), 0) << out << initiator.stderr_text();
    const std::string follower_out = all_output(follower);
    EXPECT_EQ(follower.wait_exit(20s), 0) << follower_out;
    EXPECT_NE(out.find("1 taken back"), std::string::npos) << out;
    EXPECT_NE(follower_out.find("1 taken back, 1 chat"), std::string::npos) << follower_out;
    EXPECT_NE(follower.stderr_text().find("chat from the peer: hello from the initiator"), std::string::npos);
}

// A scripted initiator playing white against a Damier follower playing black.
class ScriptedPeer {
public:
    explicit ScriptedPeer(std::vector<std::string> extra = {}) {
        std::vector<std::string> args = {"--listen", "--host", "127.0.0.1", "--port",  "0", "--depth",
                                         "1",        "--idle", "5",         "--games", "1"};
        args.insert(args.end(), extra.begin(), extra.end());
        follower_ = std::make_unique<EngineProcess>(dxp_command(args));
        auto link = Connection::open("127.0.0.1", listening_port(*follower_), Clock::now() + 5s);
        EXPECT_TRUE(link) << link.error();
        if (link) link_ = std::move(link.value());
        GameRequest request;
        request.initiator = "Script";
        request.follower_colour = 'Z';
        request.minutes = 0;
        EXPECT_EQ(link_.send(request), "");
        EXPECT_TRUE(std::holds_alternative<GameAccept>(next()));
    }
    Message next() {
        std::string text;
        EXPECT_EQ(link_.receive(text, Clock::now() + 10s), Connection::Status::Received);
        auto message = decode(text);
        EXPECT_TRUE(message) << text;
        return message ? message.value() : Message{Chat{"(nothing)"}};
    }
    // The follower's game line and exit status once the game is over.
    std::pair<std::string, int> finish() {
        const std::string out = all_output(*follower_);
        const auto status = follower_->wait_exit(15s);
        return {out + follower_->stderr_text(), status.value_or(-1)};
    }
    Connection link_;

private:
    std::unique_ptr<EngineProcess> follower_;
};

// Reads messages until the follower's game end, skipping its chat.
bool ends_game(ScriptedPeer& peer) {
    for (int i = 0; i < 5; ++i) {
        const Message m = peer.next();
        if (std::holds_alternative<GameEnd>(m)) return true;
        if (!std::holds_alternative<Chat>(m)) return false;
    }
    return false;
}

TEST(DxpPeer, ADroppedConnectionEndsTheGameWithItsReason) {
    ScriptedPeer peer;
    peer.link_.close();
    const auto [out, status] = peer.finish();
    EXPECT_EQ(status, 1) << out;
    EXPECT_NE(out.find("Script - Damier 0-2 (the connection was closed)"), std::string::npos) << out;
}

TEST(DxpPeer, MalformedIllegalAndOutOfTurnMessagesEndTheGame) {
    const std::pair<std::string, std::string> cases[] = {
        {"M0001", "malformed DXP message M"},
        {encode(Move{0, 46, 41, {}}), "illegal move M0000464100"},
        {encode(BackAccept{0}), "message K out of turn"},
        {encode(GameRequest{}), "message R out of turn"},
    };
    for (const auto& [sent, reason] : cases) {
        ScriptedPeer peer;
        ASSERT_EQ(peer.link_.send_text(sent + std::string(1, '\0')), "");
        EXPECT_TRUE(ends_game(peer)) << sent;
        peer.link_.send(GameEnd{EndReason::Unknown, 0});
        peer.link_.close();
        const auto [out, status] = peer.finish();
        EXPECT_EQ(status, 1) << out;
        EXPECT_NE(out.find("Script - Damier 0-2 (" + reason), std::string::npos) << out;
    }
}

TEST(DxpPeer, AMessageWithoutItsTerminatorIsCutAtTheLimit) {
    ScriptedPeer peer;
    ASSERT_EQ(peer.link_.send_text("C" + std::string(MaxMessageLength + 10, 'x')), "");
    const auto [out, status] = peer.finish();
    EXPECT_EQ(status, 1) << out;
    EXPECT_NE(out.find("longer than " + std::to_string(MaxMessageLength)), std::string::npos) << out;
}

TEST(DxpPeer, APeerThatStallsLosesAfterItsAllowance) {
    ScriptedPeer peer({"--stall", "1"});
    const auto start = Clock::now();
    EXPECT_TRUE(ends_game(peer));
    EXPECT_LT(Clock::now() - start, 5s);
    peer.link_.close();
    const auto [out, status] = peer.finish();
    EXPECT_EQ(status, 1) << out;
    EXPECT_NE(out.find("sent no move within 1 s"), std::string::npos) << out;
}

TEST(DxpPeer, AGameEndIsAnsweredAndAMoveIsPlayedAfterAPeerMove) {
    ScriptedPeer peer;
    ASSERT_EQ(peer.link_.send(Move{1, 32, 28, {}}), "");
    const Message reply = peer.next();
    ASSERT_TRUE(std::holds_alternative<Move>(reply));
    EXPECT_GE(std::get<Move>(reply).from, 16);  // a black man moves
    EXPECT_LE(std::get<Move>(reply).from, 20);
    ASSERT_EQ(peer.link_.send(GameEnd{EndReason::SenderLoses, 1}), "");
    EXPECT_TRUE(std::holds_alternative<GameEnd>(peer.next()));
    const auto [out, status] = peer.finish();
    EXPECT_EQ(status, 0) << out;
    EXPECT_NE(out.find("Script - Damier 0-2 (the white peer resigns at move 2), 2 plies"), std::string::npos) << out;
}

TEST(DxpPeer, BadArgumentsAndNoFollowerAreOneLineErrors) {
    EngineProcess both(dxp_command({"--listen", "--connect", "localhost"}));
    EXPECT_EQ(both.wait_exit(5s), 2);
    EXPECT_NE(both.stderr_text().find("either --listen"), std::string::npos);
    EngineProcess variant(dxp_command({"--listen", "--param", "variant=russian"}));
    EXPECT_EQ(variant.wait_exit(5s), 2);
    EXPECT_NE(variant.stderr_text().find("DXP plays international draughts"), std::string::npos);
    int closed_port = 0;
    {
        auto listener = Listener::open("127.0.0.1", 0);
        ASSERT_TRUE(listener);
        closed_port = listener->port();
    }  // closed: nobody listens there now
    EngineProcess nobody(dxp_command({"--connect", "127.0.0.1", "--port", std::to_string(closed_port)}));
    EXPECT_EQ(nobody.wait_exit(10s), 1);
    EXPECT_NE(nobody.stderr_text().find("cannot connect"), std::string::npos) << nobody.stderr_text();
}

}  // namespace
}  // namespace damier::dxp
