// The pipe harness itself, on standard programs: line buffering, timeouts,
// standard error, exit status, a child that dies while we write, reply parsing.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "engine_process.hpp"

namespace {

using damier::testing_support::EngineProcess;
using damier::testing_support::parse_reply;
using namespace std::chrono_literals;

}  // namespace

TEST(EngineProcess, CatEchoesLines) {
    EngineProcess cat({"/bin/cat"});
    ASSERT_TRUE(cat.running());
    EXPECT_TRUE(cat.send("hello"));
    EXPECT_EQ(cat.read_line(2s), "hello");
    EXPECT_TRUE(cat.send("one"));
    EXPECT_TRUE(cat.send("two"));
    EXPECT_TRUE(cat.send("three"));
    EXPECT_EQ(cat.read_line(2s), "one");
    EXPECT_EQ(cat.read_line(2s), "two");
    EXPECT_EQ(cat.read_line(2s), "three");
    cat.close_stdin();
    EXPECT_EQ(cat.read_line(2s), std::nullopt);  // end of output
    EXPECT_EQ(cat.wait_exit(2s), 0);
    EXPECT_FALSE(cat.running());
}

TEST(EngineProcess, PartialAndSplitLines) {
    // A line arrives in two writes; a write carries several lines and a piece.
    EngineProcess sh({"/bin/sh", "-c", "printf 'ab'; sleep 0.1; printf 'c\\nd\\ne'; sleep 0.1; printf 'f\\n'; printf tail"});
    EXPECT_EQ(sh.read_line(3s), "abc");
    EXPECT_EQ(sh.read_line(3s), "d");
    EXPECT_EQ(sh.read_line(3s), "ef");
    EXPECT_EQ(sh.read_line(3s), "tail");  // the last line needs no newline
    EXPECT_EQ(sh.read_line(1s), std::nullopt);
    EXPECT_EQ(sh.wait_exit(2s), 0);
}

TEST(EngineProcess, ReadUntilCollectsUpToThePrefix) {
    EngineProcess cat({"/bin/cat"});
    for (const char* line : {"info depth=1", "info depth=2", "move 32-28", "after"}) cat.send(line);
    auto lines = cat.read_until("move", 2s);
    EXPECT_FALSE(cat.last_read_timed_out());
    EXPECT_EQ(lines, (std::vector<std::string>{"info depth=1", "info depth=2", "move 32-28"}));
    EXPECT_EQ(cat.read_line(2s), "after");
}

TEST(EngineProcess, ReadUntilFailsOnTimeoutWithWhatItRead) {
    EngineProcess cat({"/bin/cat"});
    cat.send("info depth=1");
    std::vector<std::string> lines;
    EXPECT_NONFATAL_FAILURE(lines = cat.read_until("move", 200ms), "no line starting with \"move\"");
    EXPECT_TRUE(cat.last_read_timed_out());
    EXPECT_EQ(lines, std::vector<std::string>{"info depth=1"});
}

TEST(EngineProcess, StderrAndExitStatus) {
    EngineProcess sh({"/bin/sh", "-c", "echo err >&2; echo out; exit 3"});
    EXPECT_EQ(sh.wait_exit(3s), 3);
    EXPECT_EQ(sh.stderr_text(), "err\n");
    EXPECT_EQ(sh.read_line(1s), "out");
    EXPECT_FALSE(sh.running());
}

TEST(EngineProcess, ReadLineTimesOutOnASilentChild) {
    EngineProcess sleeper({"/bin/sleep", "30"});
    auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(sleeper.read_line(300ms), std::nullopt);
    auto waited = std::chrono::steady_clock::now() - start;
    EXPECT_GE(waited, 290ms);
    EXPECT_LT(waited, 2s);
    EXPECT_TRUE(sleeper.running());
    EXPECT_EQ(sleeper.wait_exit(50ms), std::nullopt);
}

TEST(EngineProcess, DestructorKillsARunningChild) {
    pid_t pid;
    {
        EngineProcess sleeper({"/bin/sleep", "30"});
        pid = sleeper.pid();
        ASSERT_GT(pid, 0);
        ASSERT_TRUE(sleeper.running());
    }
    // Reaped: the process id no longer names a child of ours.
    EXPECT_EQ(::kill(pid, 0), -1);
}

TEST(EngineProcess, SendingToAnExitedChildFailsWithoutCrashing) {
    EngineProcess sh({"/bin/sh", "-c", "exit 0"});
    EXPECT_EQ(sh.wait_exit(3s), 0);
    bool all_sent = true;
    // The first writes may land in the pipe's buffer; later ones must fail with
    // EPIPE (and no SIGPIPE, which would kill this test program).
    for (int i = 0; i < 3 && all_sent; ++i) all_sent = sh.send("hello");
    EXPECT_FALSE(all_sent);
    EXPECT_TRUE(sh.send_failed());
}

TEST(EngineProcess, ChildExitingWhileWeSendALot) {
    EngineProcess head({"/usr/bin/head", "-n", "2"});
    int failures = 0;
    for (int i = 0; i < 2000; ++i)
        if (!head.send("line " + std::to_string(i) + std::string(100, 'x'))) ++failures;
    EXPECT_GT(failures, 0);
    EXPECT_EQ(head.wait_exit(3s), 0);
    EXPECT_EQ(head.read_line(1s)->substr(0, 6), "line 0");
}

TEST(EngineProcess, MissingProgramFailsTheTest) {
    EXPECT_NONFATAL_FAILURE(
        {
            EngineProcess missing({"/nonexistent/damier"});
            EXPECT_FALSE(missing.running());
        },
        "cannot start");
}

TEST(EngineProcess, ParseReplyUnquotesValuesAndKeepsFlags) {
    auto reply = parse_reply(R"(info depth=12 score=+0.35 pv="32-28 19-23 28x19" ponder)");
    EXPECT_EQ(reply.command, "info");
    EXPECT_EQ(reply.args.size(), 4u);
    EXPECT_EQ(reply.args["depth"], "12");
    EXPECT_EQ(reply.args["score"], "+0.35");
    EXPECT_EQ(reply.args["pv"], "32-28 19-23 28x19");
    ASSERT_TRUE(reply.args.count("ponder"));
    EXPECT_EQ(reply.args["ponder"], "");

    auto bare = parse_reply("readyok");
    EXPECT_EQ(bare.command, "readyok");
    EXPECT_TRUE(bare.args.empty());

    auto spaced = parse_reply(R"(  error   message="bad move"  empty=""  )");
    EXPECT_EQ(spaced.command, "error");
    EXPECT_EQ(spaced.args["message"], "bad move");
    EXPECT_EQ(spaced.args["empty"], "");
    EXPECT_EQ(spaced.args.size(), 2u);
}
