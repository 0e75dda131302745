// damier-tune selfplay --shard K/N and fit --data A,B: the shards of a self-play run
// hold the lines of the run in one process, and the fit reads several files as one.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Run {
    int status;
    std::string out, err;
};

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

Run tune(const std::string& args) {
    const std::string base = ::testing::TempDir() + "/tune_shard_" + std::to_string(::getpid());
    const std::string command = std::string(DAMIER_TUNE_BINARY) + " " + args + " >" + base + ".out 2>" + base + ".err";
    const int raw = std::system(command.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(base + ".out"), slurp(base + ".err")};
}

std::vector<std::string> sorted_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::stringstream s(text);
    for (std::string l; std::getline(s, l);) lines.push_back(l);
    std::sort(lines.begin(), lines.end());
    return lines;
}

TEST(TuneShard, ShardsTogetherAreTheOneProcessRun) {
    const std::string dir = ::testing::TempDir() + "/tune_shard_" + std::to_string(::getpid());
    std::remove((dir + "-all.pos").c_str());
    const std::string common = "selfplay --variant russian --games 5 --nodes 100 --seed 7 --out " + dir;
    ASSERT_EQ(tune(common + "-all.pos").status, 0);
    std::string shards;
    for (int k = 1; k <= 3; ++k) {
        const std::string file = dir + "-" + std::to_string(k) + ".pos";
        std::remove(file.c_str());
        auto r = tune(common + "-" + std::to_string(k) + ".pos --shard " + std::to_string(k) + "/3");
        ASSERT_EQ(r.status, 0) << r.err;
        EXPECT_FALSE(slurp(file).empty()) << "shard " << k;
        shards += slurp(file);
    }
    EXPECT_EQ(sorted_lines(shards), sorted_lines(slurp(dir + "-all.pos")));

    // The fit of the three files is the fit of their lines in one file.
    std::ofstream(dir + "-joined.pos") << slurp(dir + "-1.pos") << slurp(dir + "-2.pos") << slurp(dir + "-3.pos");
    const std::string fit = "fit --variant russian --epochs 3 --holdout 40 --out " + dir + ".weights --data ";
    auto joined = tune(fit + dir + "-joined.pos");
    auto listed = tune(fit + dir + "-1.pos," + dir + "-2.pos," + dir + "-3.pos");
    ASSERT_EQ(joined.status, 0) << joined.err;
    EXPECT_EQ(listed.status, 0) << listed.err;
    // "fit russian: N training and M held-out positions ...": the same counts.
    auto counts = [](const std::string& out) {
        const auto from = out.find(": "), to = out.find('\n');
        return from < to && to != std::string::npos ? out.substr(from, to - from) : out;
    };
    EXPECT_EQ(counts(listed.out), counts(joined.out));
    auto missing = tune(fit + dir + "-1.pos," + dir + "-none.pos");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("none.pos"), std::string::npos) << missing.err;
    for (const char* name : {"-all.pos", "-1.pos", "-2.pos", "-3.pos", "-joined.pos", ".weights", ".out", ".err"})
        std::remove((dir + name).c_str());
}

TEST(TuneShard, ShardOutOfRangeIsRefused) {
    for (const char* shard : {"0/2", "3/2", "2", "1/9"}) {
        auto r = tune(std::string("selfplay --variant russian --games 4 --out /dev/null --shard ") + shard);
        EXPECT_EQ(r.status, 2) << shard;
        EXPECT_NE(r.err.find("--shard"), std::string::npos) << shard << ": " << r.err;
    }
}

TEST(TuneSelfplay, BalanceOutOfRangeOrForChineseCheckersIsRefused) {
    for (const char* bad : {"--variant russian --balance -1", "--variant russian --balance x",
                            "--variant chinese --balance 60"}) {
        auto r = tune(std::string("selfplay --games 1 --out /dev/null ") + bad);
        EXPECT_EQ(r.status, 2) << bad;
        EXPECT_NE(r.err.find("balance"), std::string::npos) << bad << ": " << r.err;
    }
}

}  // namespace
