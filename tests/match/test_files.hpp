// Files of the match runner's tests: a fresh path per test and name (the runner
// appends to its files; removed after a passing test), and a file's whole text.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/scratch.hpp"

namespace damier::match::test {

inline std::string temp_file(const std::string& name) { return damier::test::scratch_path(name); }

inline std::string file_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace damier::match::test
