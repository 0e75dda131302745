// The `damier` command: dispatches to a subcommand.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include <csignal>

#include "engine/rule_sets.hpp"
#include "protocol/command_line.hpp"
#include "protocol/dxp_peer.hpp"
#include "protocol/hub.hpp"

namespace {

void print_usage(std::ostream& out) {
    std::string boards = damier::rule_set_names(damier::Family::ChineseCheckers);
    std::replace(boards.begin(), boards.end(), ' ', '|');
    out << "usage: damier [hub]          the Hub protocol on stdin/stdout (see protocol/HUB.md)\n"
           "       damier perft --variant NAME [--fen FEN | --pos HUBPOS] --depth N [--divide] [--threads T]\n"
           "                    [--set nocapture=true] [--count-capture-paths]\n"
           "       damier perft --variant " << boards << " --players N [--pos POS] --depth N [--divide]\n"
           "                    [--set option=value ...]\n"
           "       damier search --variant NAME [--players N] [--set option=value ...] [--fen FEN | --pos POS]\n"
           "                     [--moves \"M1 M2 ...\"] (--depth N | --nodes N | --movetime S |\n"
           "                     --time S [--inc S] [--movestogo N]) [--threads T] [--hash MiB]\n"
           "       damier egdb --variant NAME --pieces N --out DIR [--threads T] [--verify] [--set nocapture=true]\n"
           "       damier dxp (--listen [--host ADDR] | --connect HOST) [--port N] [--colour W|B] [--time MIN]\n"
           "                  [--moves N] [--pos HUBPOS] [--games N] [--param name=value ...] [--depth N | --nodes N |\n"
           "                  --movetime S] [--stall S] [--idle S] [--chat TEXT] [--pdn FILE]   (see protocol/DXP.md)\n"
           "       damier bench [--threads T] [--hash MiB] [--depth N | --deeper N]\n"
           "       damier --help | --version\n"
           "variants: " << damier::rule_set_names() << '\n';
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "hub") {
        // A GUI that goes away closes the pipe: end quietly instead of dying on SIGPIPE.
        std::signal(SIGPIPE, SIG_IGN);
        std::ios::sync_with_stdio(false);
        return damier::hub::run(std::cin, std::cout);
    }
    // Help asked for, alone or after a command, goes to stdout with status 0.
    for (const auto& a : args)
        if (a == "--help" || a == "-h" || (a == args[0] && a == "help")) {
            print_usage(std::cout);
            return 0;
        }
    if (args[0] == "--version" || args[0] == "version") {
        std::cout << "damier " << DAMIER_VERSION << '\n';
        return 0;
    }
    std::string command = args[0];
    args.erase(args.begin());
    if (command == "perft") return damier::cli::run_perft(args);
    if (command == "search") return damier::cli::run_search(args);
    if (command == "bench") return damier::cli::run_bench(args);
    if (command == "dxp") {
        std::signal(SIGPIPE, SIG_IGN);  // a peer that goes away is a recorded fault, not a crash
        return damier::dxp::run_dxp_command(args);
    }
    if (command == "egdb") return damier::cli::run_egdb(args);
    std::cerr << "damier: unknown command '" << command << "' (try damier help)\n";
    return 2;
}
