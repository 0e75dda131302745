// A deliberately faulty Hub engine for the match runner's tests. It plays the
// first legal move of international draughts (or american, after set-param) and
// misbehaves as its arguments say:
//   crash-after=N    exits without a word at its N-th go
//   illegal-after=N  answers its N-th go with a move that is not legal
//   silent-after=N   never answers its N-th go (nor stop)
//   late-after=N:S   answers its N-th and later go S seconds late
//   garbage          prints junk lines before every done
//   no-handshake     never answers hub
//   init-error       answers init with an error line before ready
//   slow-init=S      answers init S seconds late (an engine loading large tables)
// It declares one parameter, variant (any value is taken); set-param of any other
// name is answered with an error, as a Hub engine refuses an unknown parameter.
// Counting starts at 1 and runs over the whole process life.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include "engine/draughts/notation.hpp"
#include "engine/draughts/variant_list.hpp"
#include "protocol/hub_line.hpp"

namespace {

using namespace damier;

struct Faults {
    int crash_after = 0, illegal_after = 0, silent_after = 0, late_after = 0;
    double late_seconds = 0, init_seconds = 0;
    bool garbage = false, no_handshake = false, init_error = false;
};

int number_after(const std::string& arg, const std::string& prefix) {
    return std::atoi(arg.substr(prefix.size()).c_str());
}

template <class R>
std::string first_move(const hub::Line& pos) {
    using N = draughts::Notation<R>;
    auto start = pos.value("pos") ? N::parse_hub_position(*pos.value("pos")) : Result(N::start());
    if (!start) return "";
    auto p = *start;
    const std::string moves_text = pos.value("moves").value_or("");
    for (auto word : split(moves_text, " ")) {
        if (word.empty()) continue;
        auto m = N::parse_move(p, word);
        if (!m) return "";
        p = p.after(*m);
    }
    draughts::MoveList<typename R::board> moves;
    draughts::MoveGen<R>::generate(p, moves);
    return moves.size() ? N::hub_move(moves[0]) : "";
}

}  // namespace

int main(int argc, char** argv) {
    Faults f;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a.rfind("crash-after=", 0) == 0) f.crash_after = number_after(a, "crash-after=");
        else if (a.rfind("illegal-after=", 0) == 0) f.illegal_after = number_after(a, "illegal-after=");
        else if (a.rfind("silent-after=", 0) == 0) f.silent_after = number_after(a, "silent-after=");
        else if (a.rfind("late-after=", 0) == 0) {
            f.late_after = number_after(a, "late-after=");
            f.late_seconds = std::atof(a.substr(a.find(':') + 1).c_str());
        } else if (a == "garbage") f.garbage = true;
        else if (a == "no-handshake") f.no_handshake = true;
        else if (a == "init-error") f.init_error = true;
        else if (a.rfind("slow-init=", 0) == 0) f.init_seconds = std::atof(a.substr(10).c_str());
    }
    std::string variant = "international", text;
    hub::Line position;
    int searches = 0;
    while (std::getline(std::cin, text)) {
        auto line = hub::parse_line(text);
        if (!line) continue;
        const std::string& c = line->command;
        if (c == "quit") return 0;
        if (c == "hub" && !f.no_handshake) {
            std::cout << "id name=Fake version=1\nparam name=variant value=international type=enum "
                         "values=\"international american\"\nwait" << std::endl;
        } else if (c == "set-param" && line->value("name") == "variant") {
            variant = line->value("value").value_or(variant);
        } else if (c == "set-param") {
            std::cout << "error message=\"unknown parameter '" << line->value("name").value_or("") << "'\"" << std::endl;
        } else if (c == "init") {
            std::this_thread::sleep_for(std::chrono::duration<double>(f.init_seconds));
            if (f.init_error) std::cout << "error message=\"cannot read the weights\"" << std::endl;
            std::cout << "ready" << std::endl;
        } else if (c == "ping") {
            std::cout << "pong" << std::endl;
        } else if (c == "pos") {
            position = *line;
        } else if (c == "go") {
            ++searches;
            if (f.crash_after && searches >= f.crash_after) return 3;
            if (f.silent_after && searches >= f.silent_after) {
                std::this_thread::sleep_for(std::chrono::hours(1));
                return 0;
            }
            if (f.late_after && searches >= f.late_after)
                std::this_thread::sleep_for(std::chrono::duration<double>(f.late_seconds));
            std::string move = variant == "american" ? first_move<draughts::American>(position)
                                                     : first_move<draughts::International>(position);
            if (f.illegal_after && searches >= f.illegal_after) move = "1-2";
            if (f.garbage) std::cout << "this is not a protocol line\ninfo depth=x score=oops\n";
            std::cout << "info depth=1 score=0.00\ndone move=" << (move.empty() ? "none" : move) << std::endl;
        }
    }
    return 0;
}
