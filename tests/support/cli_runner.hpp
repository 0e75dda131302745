// Runs the real `damier` binary with arguments and collects its exit status,
// standard output and standard error, for tests of the command line.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

namespace damier::testing_support {

struct CliRun {
    int status;
    std::string out, err;
};

inline std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// `damier <args>`; output goes through files unique per process and call, since
// ctest runs tests in parallel.
inline CliRun run_damier(const std::string& args) {
    static int counter = 0;
    std::ostringstream name;
    name << ::testing::TempDir() << "damier_cli_" << ::getpid() << "_" << counter++;
    const std::string base = name.str();
    std::string command = DAMIER_BINARY;
    command.append(" ").append(args).append(" >").append(base).append(".out 2>").append(base).append(".err");
    const int raw = std::system(command.c_str());
    CliRun run{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(base + ".out"), slurp(base + ".err")};
    std::remove((base + ".out").c_str());
    std::remove((base + ".err").c_str());
    return run;
}

// The lines of a text; never empty, so .back() is always safe.
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string line; std::getline(ss, line);) out.push_back(line);
    if (out.empty()) out.emplace_back();
    return out;
}

}  // namespace damier::testing_support
