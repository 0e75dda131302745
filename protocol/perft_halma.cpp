// `damier perft` for Chinese checkers: filled in by the Chinese checkers rules issue.
#include <iostream>

#include "protocol/command_line.hpp"

namespace damier::cli {

int run_halma_perft(const Arguments&) {
    std::cerr << "damier perft: chinese and diamond are not available in this build yet\n";
    return 2;
}

}  // namespace damier::cli
