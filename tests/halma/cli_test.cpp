// `damier perft --variant chinese|diamond`: output lines and argument errors.
#include <gtest/gtest.h>

// GCC 12 reports false -Wrestrict warnings on `"text" + std::string` (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

struct Run {
    int status;
    std::string out, err;
};

Run run(const std::string& args) {
    static int counter = 0;
    std::ostringstream name, command;
    name << ::testing::TempDir() << "halma_cli_" << ::getpid() << "_" << counter++;  // ctest runs tests in parallel
    const std::string base = name.str();
    command << DAMIER_BINARY << " perft " << args << " >" << base << ".out 2>" << base << ".err";
    const std::string cmd = command.str();
    int raw = std::system(cmd.c_str());
    auto slurp = [](const std::string& path) {
        std::ifstream in(path);
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    };
    Run r{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(base + ".out"), slurp(base + ".err")};
    for (const char* suffix : {".out", ".err"}) std::remove((base + suffix).c_str());
    return r;
}

// The lines of text; never empty, so .back() is always safe.
std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string line; std::getline(ss, line);) out.push_back(line);
    if (out.empty()) out.emplace_back();
    return out;
}

}  // namespace

TEST(halma_cli, PerftAndDivide) {
    auto r = run("--variant chinese --players 2 --depth 3 --divide");
    ASSERT_EQ(r.status, 0) << r.err;
    auto out = lines(r.out);
    ASSERT_EQ(out.size(), 15u);  // 14 root moves and the total
    long long sum = 0;
    for (std::size_t i = 0; i + 1 < out.size(); ++i) {
        ASSERT_EQ(out[i].rfind("move=", 0), 0u) << out[i];
        sum += std::stoll(out[i].substr(out[i].find("nodes=") + 6));
    }
    EXPECT_EQ(sum, 4760);
    EXPECT_EQ(out.back().rfind("perft depth=3 nodes=4760 time=", 0), 0u) << out.back();
    EXPECT_NE(out.back().find(" nps="), std::string::npos);
    EXPECT_TRUE(r.err.empty());
}

TEST(halma_cli, PositionsOptionsAndDiamond) {
    std::string start2 = "1" + std::string(10, '4') + std::string(101, 'e') + std::string(10, '1');
    auto r = run("--variant chinese --players 2 --pos " + start2 + " --depth 2 --set swap=true --set move-limit=0");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(lines(r.out).back().rfind("perft depth=2 nodes=196 ", 0), 0u);
    auto d = run("--variant diamond --players 3 --depth 2 --threads 2");
    ASSERT_EQ(d.status, 0) << d.err;
    EXPECT_EQ(lines(d.out).back().rfind("perft depth=2 nodes=", 0), 0u);
}

TEST(halma_cli, BadArgumentsGiveOneLineAndStatusTwo) {
    for (const char* args : {"--variant chinese --players 7 --depth 2", "--variant chinese --players 1 --depth 2",
                             "--variant chinese --depth 0", "--variant chinese", "--variant chinese --depth 2 --set foo=1",
                             "--variant chinese --depth 2 --set swap=maybe", "--variant chinese --depth 2 --pos 1eee",
                             "--variant diamond --depth 2 --set swap=true",
                             "--variant chinese --depth 2 --set move-limit=-1"}) {
        auto r = run(args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_EQ(lines(r.err).size(), 1u) << args << ": " << r.err;
        EXPECT_FALSE(r.err.empty()) << args;
        EXPECT_TRUE(r.out.empty()) << args;
    }
}
