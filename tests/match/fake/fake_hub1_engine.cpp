// An engine of the first Hub dialect, as Scan 2.0 speaks it, for the match
// runner's tests: international draughts only, positional arguments, `pos` or
// `start` followed by `move` lines, and a search that ends with `move`. It plays
// the first legal move. Each limit it is given is echoed as free text
// ("limit time 100"), so a test can read from the protocol log what arrived.
#include <iostream>
#include <sstream>
#include <string>

#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"

int main() {
    using namespace damier;
    using R = draughts::International;
    using N = draughts::Notation<R>;
    auto position = N::start();
    std::string text;
    while (std::getline(std::cin, text)) {
        std::istringstream words(text);
        std::string command, argument;
        words >> command >> argument;
        if (command == "quit") return 0;
        if (command == "hub") {
            std::cout << "name Fake Hub1\nauthor Nobody\ncountry Nowhere\nwait" << std::endl;
        } else if (command == "init") {
            std::cout << "ready" << std::endl;
        } else if (command == "ping") {
            std::cout << "pong" << std::endl;
        } else if (command == "start") {
            position = N::start();
        } else if (command == "pos") {
            // Scan 2.0 writes the side in lower case; upper case is refused as it refuses it.
            auto p = argument.empty() || std::isupper(static_cast<unsigned char>(argument[0]))
                         ? failure<decltype(position)>("upper case side")
                         : N::parse_hub_position(argument);
            if (p) position = *p;
            else std::cout << "error bad position" << std::endl;
        } else if (command == "move") {
            auto m = N::parse_move(position, argument);
            if (m) position = position.after(*m);
            else std::cout << "error illegal move" << std::endl;
        } else if (command == "time" || command == "level" || command == "depth") {
            std::cout << "limit " << text << std::endl;
        } else if (command == "go") {
            draughts::MoveList<R::board> moves;
            draughts::MoveGen<R>::generate(position, moves);
            if (!moves.size()) continue;  // the runner ends games before this
            std::cout << "info 1 1.0 -12 42 0.00 0.1 " << N::hub_move(moves[0]) << '\n'
                      << "move " << N::hub_move(moves[0]) << std::endl;
        }
        // new, set and stop need no answer.
    }
    return 0;
}
