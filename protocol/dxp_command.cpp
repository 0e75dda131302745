// `damier dxp`: the connection's life (connect or listen, game requests and
// accepts, one game after another), the game records, and the command line.
#include <cmath>
#include <fstream>
#include <iostream>

#include "engine/core/text.hpp"
#include "protocol/command_line.hpp"
#include "protocol/dxp_game.hpp"
#include "protocol/dxp_peer.hpp"

namespace damier::dxp {

namespace {

// How long an initiator waits for the follower's accept.
constexpr double AcceptSeconds = 30;

Clock::time_point after(double seconds) {
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

std::string pdn_text(const GameOutcome& game, const std::string& white, const std::string& black, int round) {
    std::string text = "[Event \"DXP\"]\n[Round \"" + std::to_string(round) + "\"]\n[White \"" + white +
                       "\"]\n[Black \"" + black + "\"]\n[Result \"" + game.result + "\"]\n[GameType \"20\"]\n";
    auto board = make_game("international");
    const std::string initial = board.value()->position();
    board.value()->set_position(game.start_position);
    if (game.start_position != initial) text += "[FEN \"" + board.value()->record_position() + "\"]\n";
    text += "\n";
    const bool black_first = game.start_position[0] == 'B';
    std::string line;
    auto word = [&](const std::string& w) {
        if (!line.empty() && line.size() + 1 + w.size() > 80) {
            text += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + w;
    };
    for (std::size_t i = 0; i < game.record.size(); ++i) {
        const std::size_t ply = i + (black_first ? 1 : 0);
        if (ply % 2 == 0) word(std::to_string(ply / 2 + 1) + ".");
        else if (i == 0) word("1...");
        word(game.record[i]);
    }
    std::string reason = game.reason;
    for (char& c : reason)
        if (c == '{' || c == '}') c = c == '{' ? '(' : ')';
    word("{" + reason + "}");
    word(game.result);
    return text + line + "\n\n";
}

class Runner {
public:
    Runner(const PeerSettings& settings, std::ostream& out, std::ostream& err)
        : settings_(settings), out_(out), err_(err) {}

    int run() {
        if (auto error = searcher_.configure(settings_.params); !error.empty()) {
            err_ << "damier dxp: " << error << '\n';
            return 2;
        }
        return settings_.initiator ? initiate() : follow();
    }

private:
    int initiate() {
        auto link = Connection::open(settings_.host, settings_.port, after(AcceptSeconds));
        if (!link) return give_up(link.error());
        Connection connection = std::move(link.value());
        GameRequest request;
        request.initiator = settings_.name;
        request.minutes = settings_.minutes;
        request.moves = settings_.moves;
        if (!settings_.start_position.empty()) {
            // A Hub position or a PDN FEN, checked by the rules.
            auto board = make_game("international");
            if (auto error = board.value()->set_position(settings_.start_position); !error.empty())
                return give_up(error);
            auto position = request_position(board.value()->position());
            if (!position) return give_up(position.error());
            request.initial_position = false;
            request.to_move = position->to_move;
            request.squares = position->squares;
        }
        char ours = settings_.colour;
        for (int round = 1; round <= settings_.games; ++round, ours = ours == 'W' ? 'Z' : 'W') {
            request.follower_colour = ours == 'W' ? 'Z' : 'W';
            if (auto error = connection.send(request); !error.empty()) return give_up(error);
            std::string text;
            const auto status = connection.receive(text, after(AcceptSeconds));
            if (status != Connection::Status::Received) return give_up("no game accept: " + describe(status));
            auto message = decode(text);
            const auto* accept = message ? std::get_if<GameAccept>(&message.value()) : nullptr;
            if (!accept) return give_up("a game accept was expected, got " + quoted(text));
            if (accept->code != 0)
                return give_up("the follower refused the game (code " + std::to_string(accept->code) + ")");
            const GameOutcome game =
                DxpGame(connection, settings_, searcher_, err_).play(request, ours, round == settings_.games);
            record(game, ours, accept->follower, round);
            if (game.connection_lost) return summary();
            if (game.stop) break;
        }
        // The follower may have answered our last game end before seeing its stop
        // code; a game end outside a game says it again.
        connection.send(GameEnd{EndReason::Unknown, 1});
        return summary();
    }

    // Accepts initiators one after another (a match runner reconnects after a
    // fault) until a game end says stop, the games are played, or none comes.
    int follow() {
        auto listener = Listener::open(settings_.host, settings_.port);
        if (!listener) return give_up(listener.error());
        err_ << "dxp: listening on port " << listener->port() << '\n' << std::flush;
        int round = 1;
        for (;;) {
            auto accepted = listener.value().accept(after(settings_.idle_seconds));
            if (!accepted)
                return give_up(accepted.error() + " within " + std::to_string(std::lround(settings_.idle_seconds)) +
                               " s");
            Connection connection = std::move(accepted.value());
            if (serve(connection, round)) break;
        }
        return summary();
    }

    // Plays the games `connection` asks for; true when no more are to come.
    bool serve(Connection& connection, int& round) {
        while (settings_.games == 0 || round <= settings_.games) {
            std::string text;
            const auto status = connection.receive(text, after(settings_.idle_seconds));
            if (status == Connection::Status::Closed) return false;  // this initiator is done
            if (status != Connection::Status::Received) {
                err_ << "dxp: no game request: " << describe(status) << '\n';
                return status == Connection::Status::Timeout;
            }
            auto message = decode(text);
            if (!message) {
                err_ << "dxp: " << message.error() << '\n';
                connection.send(Chat{"Damier: " + message.error()});
                ++faults_;
                continue;
            }
            if (const auto* end = std::get_if<GameEnd>(&message.value())) {
                if (end->stop == 1) return true;  // no game in progress: a request to stop
                continue;
            }
            const auto* request = std::get_if<GameRequest>(&message.value());
            if (!request) {
                if (std::holds_alternative<Chat>(message.value())) continue;
                err_ << "dxp: a game request was expected, got " << quoted(text) << '\n';
                connection.send(Chat{"Damier: a game request was expected"});
                ++faults_;
                continue;
            }
            if (request->version != 1) {
                connection.send(GameAccept{settings_.name, 1});
                continue;
            }
            if (auto error = connection.send(GameAccept{settings_.name, 0}); !error.empty()) return false;
            const GameOutcome game =
                DxpGame(connection, settings_, searcher_, err_).play(*request, request->follower_colour, false);
            record(game, request->follower_colour, request->initiator, round);
            ++round;
            if (game.stop || (settings_.games > 0 && round > settings_.games)) return true;
            if (game.connection_lost) return false;
        }
        return true;
    }

    void record(const GameOutcome& game, char ours, const std::string& them, int round) {
        const bool white = ours == 'W';
        const std::string& white_name = white ? settings_.name : them;
        const std::string& black_name = white ? them : settings_.name;
        out_ << "game " << round << ": " << white_name << " - " << black_name << " " << game.result << " ("
             << game.reason << "), " << game.record.size() << " plies";
        if (game.back_requests) out_ << ", " << game.back_requests << " taken back";
        if (game.chats) out_ << ", " << game.chats << " chat";
        out_ << '\n' << std::flush;
        if (game.fault) ++faults_;
        const int points = game.result == "2-0" ? 2 : game.result == "1-1" ? 1 : game.result == "0-2" ? 0 : -1;
        if (points < 0) ++unknown_;
        else if (points == 1) ++draws_;
        else if ((points == 2) == white) ++wins_;
        else ++losses_;
        if (settings_.pdn_file.empty()) return;
        std::ofstream file(settings_.pdn_file, std::ios::app);
        file << pdn_text(game, white_name, black_name, round);
        if (!file) err_ << "dxp: cannot write " << settings_.pdn_file << '\n';
    }

    int summary() {
        out_ << "dxp: " << wins_ + draws_ + losses_ + unknown_ << " games, " << settings_.name << " +" << wins_ << " ="
             << draws_ << " -" << losses_;
        if (unknown_) out_ << " (" << unknown_ << " unknown)";
        out_ << ", " << faults_ << " ended by a fault\n" << std::flush;
        return faults_ ? 1 : 0;
    }

    int give_up(const std::string& error) {
        err_ << "damier dxp: " << error << '\n';
        summary();
        return 1;
    }

    const PeerSettings& settings_;
    std::ostream& out_;
    std::ostream& err_;
    Searcher searcher_;
    int wins_ = 0, draws_ = 0, losses_ = 0, unknown_ = 0, faults_ = 0;
};

Result<double> seconds(const cli::Arguments& args, const std::string& name, double fallback) {
    auto text = args.value(name);
    if (!text) return fallback;
    char* end = nullptr;
    const double v = std::strtod(text->c_str(), &end);
    if (text->empty() || *end != '\0' || !(v > 0) || v > 1e7)
        return failure<double>("--" + name + " takes seconds above 0, got " + quoted(*text));
    return v;
}

}  // namespace

int run_peer(const PeerSettings& settings, std::ostream& out, std::ostream& err) {
    return Runner(settings, out, err).run();
}

int run_dxp_command(const std::vector<std::string>& argv) {
    // --param name=value repeats: taken out before the other options are parsed.
    std::vector<std::string> rest;
    PeerSettings s;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] != "--param") {
            rest.push_back(argv[i]);
            continue;
        }
        const std::string text = i + 1 < argv.size() ? argv[++i] : "";
        const auto eq = text.find('=');
        if (eq == std::string::npos || eq == 0) {
            std::cerr << "damier dxp: --param takes name=value, got " << quoted(text) << '\n';
            return 2;
        }
        s.params.emplace_back(text.substr(0, eq), text.substr(eq + 1));
    }
    auto args = cli::parse_arguments(rest, {"listen"},
                                     {"connect", "host", "port", "colour", "time", "moves", "pos", "games", "depth",
                                      "nodes", "movetime", "stall", "idle", "chat", "take-back-at", "pdn", "name"});
    auto fail = [](const std::string& error) {
        std::cerr << "damier dxp: " << error << '\n';
        return 2;
    };
    if (!args) return fail(args.error());
    const bool listen = args->has_flag("listen"), connect = args->value("connect").has_value();
    if (listen == connect) return fail("give either --listen (follower) or --connect HOST (initiator)");
    s.initiator = connect;
    s.host = connect ? *args->value("connect") : args->value("host").value_or("");
    s.name = args->value("name").value_or("Damier");
    s.chat = args->value("chat").value_or("");
    s.pdn_file = args->value("pdn").value_or("");
    s.start_position = args->value("pos").value_or("");
    const std::string colour = args->value("colour").value_or("W");
    if (colour != "W" && colour != "B" && colour != "Z") return fail("--colour takes W or B, got " + quoted(colour));
    s.colour = colour == "W" ? 'W' : 'Z';
    const auto port = args->integer("port", 0, 65535, DefaultPort);
    const auto minutes = args->integer("time", 0, 999, 5);
    const auto moves = args->integer("moves", 0, 999, 0);
    const auto games = args->integer("games", 0, 100000, connect ? 1 : 0);
    const auto depth = args->integer("depth", 0, 100, 0);
    const auto nodes = args->integer("nodes", 0, 1LL << 40, 0);
    const auto take_back = args->integer("take-back-at", 0, 1000, 0);
    const auto move_time = seconds(*args, "movetime", 0), stall = seconds(*args, "stall", 30),
               idle = seconds(*args, "idle", 600);
    for (const auto* n : {&port, &minutes, &moves, &games, &depth, &nodes, &take_back})
        if (!*n) return fail(n->error());
    for (const auto* d : {&move_time, &stall, &idle})
        if (!*d) return fail(d->error());
    if (connect && *games == 0) return fail("--games takes 1 or more for an initiator");
    s.port = static_cast<int>(*port);
    s.minutes = static_cast<int>(*minutes);
    s.moves = static_cast<int>(*moves);
    s.games = static_cast<int>(*games);
    s.depth = static_cast<int>(*depth);
    s.nodes = static_cast<std::uint64_t>(*nodes);
    s.take_back_at_ply = static_cast<int>(*take_back);
    s.move_time = *move_time;
    s.stall_seconds = *stall;
    s.idle_seconds = *idle;
    return run_peer(s, std::cout, std::cerr);
}

}  // namespace damier::dxp
