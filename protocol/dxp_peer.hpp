// `damier dxp`: Damier as a DamExchange peer. As initiator it connects, proposes
// each game (colour, time, moves, optionally a start position) and ends it; as
// follower it listens and accepts. Every move the peer sends is checked against
// the rules, every wait has a deadline, and each game ends with a recorded
// result and reason (PDN). The search and its parameters are the Hub front end's
// (protocol/hub_session.hpp, protocol/hub_options.hpp).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace damier::dxp {

struct PeerSettings {
    std::string name = "Damier";
    bool initiator = false;
    std::string host;  // initiator: where to connect; follower: where to listen ("" = every address)
    int port = 27531;
    // Initiator: the game request. Damier plays `colour` ('W' or 'Z') in the first
    // game and the other colour in the next, alternately.
    char colour = 'W';
    int minutes = 5, moves = 0;
    std::string start_position;  // a Hub position; "" = the initial position
    int games = 1;               // initiator: games to play; follower: 0 = until told to stop
    // The search: Hub parameters (set-param names and values), and optional caps
    // that replace the clock (tests, quick matches).
    std::vector<std::pair<std::string, std::string>> params;
    int depth = 0;
    std::uint64_t nodes = 0;
    double move_time = 0;
    // Seconds the peer may be silent beyond its own clock before it counts as
    // stalled; and how long the follower waits for an initiator or a request.
    double stall_seconds = 30, idle_seconds = 600;
    std::string chat;          // said at the start of every game ("" = nothing)
    int take_back_at_ply = 0;  // ask once to take back our last move at this ply (0 = never)
    std::string pdn_file;      // games appended here ("" = none)
};

// Runs the games; a line per game and a summary to `out`, diagnostics to `err`.
// Returns the exit status: 0 when every game ended by the protocol, 1 when the
// connection or a peer's fault ended one, 2 for bad settings.
int run_peer(const PeerSettings& settings, std::ostream& out, std::ostream& err);

// The `damier dxp` subcommand: its arguments into PeerSettings, then run_peer.
int run_dxp_command(const std::vector<std::string>& args);

}  // namespace damier::dxp
