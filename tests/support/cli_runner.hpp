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

// `<binary> <args>`; output goes through files unique per process and call, since
// ctest runs tests in parallel.
inline CliRun run_binary(const std::string& binary, const std::string& args) {
    static int counter = 0;
    std::ostringstream name;
    name << ::testing::TempDir() << "damier_cli_" << ::getpid() << "_" << counter++;
    const std::string base = name.str();
    std::string command = binary;
    command.append(" ").append(args).append(" >").append(base).append(".out 2>").append(base).append(".err");
    const int raw = std::system(command.c_str());
    CliRun run{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(base + ".out"), slurp(base + ".err")};
    std::remove((base + ".out").c_str());
    std::remove((base + ".err").c_str());
    return run;
}

inline CliRun run_damier(const std::string& args) { return run_binary(DAMIER_BINARY, args); }

// The lines of a text; never empty, so .back() is always safe.
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string line; std::getline(ss, line);) out.push_back(line);
    if (out.empty()) out.emplace_back();
    return out;
}

// Checks the output of `perft --divide`: one `move=` line per root move whose node
// counts add up to the total of the last line, and nothing on standard error.
inline void expect_divide(const CliRun& run, std::size_t root_moves, int depth, long long total) {
    ASSERT_EQ(run.status, 0) << run.err;
    auto out = lines_of(run.out);
    ASSERT_EQ(out.size(), root_moves + 1) << run.out;
    long long sum = 0;
    for (std::size_t i = 0; i + 1 < out.size(); ++i) {
        ASSERT_EQ(out[i].rfind("move=", 0), 0u) << out[i];
        sum += std::stoll(out[i].substr(out[i].find("nodes=") + 6));
    }
    EXPECT_EQ(sum, total);
    std::string last = "perft depth=" + std::to_string(depth) + " nodes=" + std::to_string(total) + " time=";
    EXPECT_EQ(out.back().rfind(last, 0), 0u) << out.back();
    EXPECT_NE(out.back().find(" nps="), std::string::npos);
    EXPECT_TRUE(run.err.empty());
}

}  // namespace damier::testing_support
