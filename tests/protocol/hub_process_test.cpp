// The Hub loop through pipes, as GUIs and match runners drive it: the real
// `damier` binary, one process per test.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>
#include <string>
#include <vector>

#include "engine/draughts/game.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/halma/notation.hpp"
#include "tests/protocol/engine_process.hpp"

namespace damier::hub {
namespace {

using namespace std::chrono_literals;
using testing_support::EngineProcess;
using testing_support::parse_reply;

bool starts_with(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

class Hub {
public:
    Hub() : process_({DAMIER_BINARY}) {}

    void send(std::string_view line) { process_.send(line); }
    // Every line printed until `prefix` (included).
    std::vector<std::string> until(std::string_view prefix, std::chrono::milliseconds timeout = 20s) {
        return process_.read_until(prefix, timeout);
    }
    // The lines printed in answer to what was sent so far (a ping fences them).
    std::vector<std::string> sync() {
        send("ping");
        auto lines = until("pong", 20s);
        EXPECT_FALSE(lines.empty()) << "no pong";
        if (!lines.empty()) lines.pop_back();
        return lines;
    }
    // The errors among the answers so far.
    std::vector<std::string> errors() {
        std::vector<std::string> found;
        for (auto& l : sync())
            if (starts_with(l, "error")) found.push_back(l);
        return found;
    }
    // Runs `go`, returns the done line's move (empty when none came).
    std::string go(std::string_view mode = "think", std::vector<std::string>* lines = nullptr) {
        send("go " + std::string(mode));
        auto got = until("done", 60s);
        if (lines) *lines = got;
        if (got.empty() || !starts_with(got.back(), "done")) return {};
        return parse_reply(got.back()).args["move"];
    }
    // The FEN line of `show` (draughts) or the position line (Chinese checkers).
    std::string shown() {
        send("show");
        for (auto& l : sync()) {
            auto at = l.find("FEN ");
            if (at != std::string::npos) return l.substr(at + 4);
            if (starts_with(l, "position ")) return l.substr(9);
        }
        return {};
    }
    EngineProcess& process() { return process_; }

private:
    EngineProcess process_;
};

TEST(HubProcess, HandshakeDeclaresTheParametersAndWaits) {
    Hub hub;
    hub.send("hub");
    auto lines = hub.until("wait");
    ASSERT_GE(lines.size(), 3u);
    auto id = parse_reply(lines.front());
    EXPECT_EQ(id.command, "id");
    EXPECT_EQ(id.args["name"], "Damier");
    std::vector<std::string> params;
    for (const auto& l : lines)
        if (starts_with(l, "param")) params.push_back(parse_reply(l).args["name"]);
    for (const char* name : {"variant", "threads", "hash", "ponder", "nocapture", "players", "search", "log-file"})
        EXPECT_NE(std::find(params.begin(), params.end(), name), params.end()) << name;
    EXPECT_EQ(lines.back(), "wait");
    hub.send("set-param name=threads value=2");
    hub.send("set-param name=hash value=16");
    hub.send("init");
    EXPECT_EQ(hub.until("ready").back(), "ready");
    EXPECT_TRUE(hub.errors().empty());
    hub.send("quit");
    EXPECT_EQ(hub.process().wait_exit(10s), 0);
    EXPECT_EQ(hub.process().stderr_text(), "");
}

// Every rule set and player count: a search from the start answers a legal move.
TEST(HubProcess, EveryVariantSearchesFromItsStart) {
    Hub hub;
    const std::vector<std::pair<std::string, int>> variants = {
        {"international", 2}, {"brazilian", 2}, {"canadian", 2}, {"russian", 2}, {"czech", 2},
        {"american", 2},      {"spanish", 2},   {"italian", 2},  {"normal", 2},  {"english", 2},
        {"chinese", 2},       {"chinese", 3},   {"chinese", 4},  {"chinese", 5}, {"chinese", 6},
        {"diamond", 2},       {"diamond", 3}};
    for (const auto& [variant, players] : variants) {
        SCOPED_TRACE(variant + " " + std::to_string(players));
        hub.send("set-param name=variant value=" + variant);
        hub.send("set-param name=players value=" + std::to_string(players));
        hub.send("pos start");
        hub.send("level depth=3");
        std::vector<std::string> lines;
        const std::string move = hub.go("think", &lines);
        ASSERT_FALSE(move.empty());
        EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](auto& l) { return starts_with(l, "info depth="); }));
        if (players > 2) {
            EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](auto& l) { return l.find(" scores=\"") != l.npos; }));
        }
        hub.send("pos start moves=\"" + move + "\"");
        EXPECT_TRUE(hub.errors().empty()) << "the engine's own move " << move << " is refused";
    }
}

// The multi-player searches on two threads, through the Hub: a depth search and an
// analysis ended by stop each answer one legal move, and nothing is printed on
// stderr (the tsan preset's ThreadSanitizer reports go there).
TEST(HubProcess, MultiPlayerSearchesOnTwoThreadsAnswerAndStop) {
    Hub hub;
    hub.send("set-param name=variant value=chinese");
    hub.send("set-param name=threads value=2");
    for (int players : {3, 6})
        for (const char* algorithm : {"paranoid", "brs", "brs+", "maxn"}) {
            SCOPED_TRACE(std::to_string(players) + " " + algorithm);
            hub.send("set-param name=players value=" + std::to_string(players));
            hub.send(std::string("set-param name=search value=") + algorithm);
            hub.send("pos start");
            hub.send("level depth=3");
            const std::string move = hub.go();
            ASSERT_FALSE(move.empty());
            hub.send("pos start moves=\"" + move + "\"");
            EXPECT_TRUE(hub.errors().empty()) << move;
            hub.send("level infinite");
            hub.send("go analyze");
            std::this_thread::sleep_for(100ms);
            hub.send("stop");
            const auto lines = hub.until("done", 10s);
            ASSERT_FALSE(lines.empty());
            ASSERT_TRUE(starts_with(lines.back(), "done move=")) << lines.back();
            const std::string reply = parse_reply(lines.back()).args["move"];
            hub.send("pos start moves=\"" + move + " " + reply + "\"");
            EXPECT_TRUE(hub.errors().empty()) << reply;
        }
    hub.send("quit");
    EXPECT_EQ(hub.process().wait_exit(10s), 0);
    EXPECT_EQ(hub.process().stderr_text(), "");
}

TEST(HubProcess, PositionsAndMovesInEachNotation) {
    Hub hub;
    hub.send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23 28x19x23\"");
    EXPECT_TRUE(hub.errors().empty());
    EXPECT_NE(hub.shown().find("B:W19,31,33"), std::string::npos);
    // A bare capture is read when only one capture joins the two squares.
    hub.send("pos start moves=\"32-28 19-23 28x19\"");
    EXPECT_TRUE(hub.errors().empty());
    // The captured squares in any order; printed ascending.
    for (const char* move : {"27x7x12x22", "27x7x22x12", "27x7"}) {
        hub.send(std::string("pos fen=W:W27:B22,12 moves=\"") + move + "\"");
        EXPECT_TRUE(hub.errors().empty()) << move;
        EXPECT_EQ(hub.shown(), "B:W7:B") << move;
    }
    hub.send("pos fen=W:W27:B22,12");
    hub.send("level depth=1");
    EXPECT_EQ(hub.go(), "27x7x12x22");
    // Algebraic squares for russian, in and out.
    hub.send("set-param name=variant value=russian");
    hub.send("pos start moves=\"c3-d4 f6-e5 d4xf6\"");
    EXPECT_TRUE(hub.errors().empty());
    hub.send("set-param name=notation value=algebraic");
    hub.send("pos start");
    hub.send("level depth=2");
    const std::string move = hub.go();
    EXPECT_TRUE(move.size() == 5 && move[0] >= 'a' && move[0] <= 'h') << move;
}

TEST(HubProcess, BadPositionsAndMovesKeepADocumentedState) {
    Hub hub;
    hub.send("pos start moves=\"32-28 19-23\"");
    const std::string before = hub.shown();
    for (const char* bad : {"pos pos=Wbbbb", "pos pos=Xbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
                            "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwq", "pos fen=W:W51:B1"}) {
        hub.send(bad);
        auto errors = hub.errors();
        ASSERT_EQ(errors.size(), 1u) << bad;
        EXPECT_EQ(hub.shown(), before) << bad;
    }
    // An illegal or unreadable move: the moves before it are played, the rest dropped.
    hub.send("pos start moves=\"32-28 19-23 31-26 18-22\"");
    auto errors = hub.errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("move 3"), std::string::npos) << errors[0];
    EXPECT_EQ(hub.shown(), before);
    hub.send("pos start moves=\"32-28 19-23 28x19x23 14x23x19 nonsense 34-30\"");
    errors = hub.errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("move 5"), std::string::npos) << errors[0];
    EXPECT_NE(hub.shown().find("W:W31,33"), std::string::npos);
}


TEST(HubProcess, EveryLevelFormEndsTheSearch) {
    Hub hub;
    hub.send("set-param name=variant value=american");
    for (const char* level : {"level depth=5", "level nodes=3000", "level move-time=0.1", "level time=1 inc=0.05",
                              "level moves=10 time=0.5", "level time=0", "level move-time=0"}) {
        hub.send("pos start");
        hub.send(level);
        const auto start = std::chrono::steady_clock::now();
        EXPECT_FALSE(hub.go().empty()) << level;
        EXPECT_LT(std::chrono::steady_clock::now() - start, 5s) << level;
    }
    // The node limit is exact on one thread.
    hub.send("pos start");
    hub.send("level nodes=5000");
    std::vector<std::string> lines;
    hub.go("think", &lines);
    for (const auto& l : lines)
        if (starts_with(l, "info")) {
            EXPECT_LE(std::stoull(parse_reply(l).args["nodes"]), 5000u) << l;
        }
}

TEST(HubProcess, LevelErrorsRefuseTheWholeLine) {
    Hub hub;
    for (const char* bad : {"level depth=0", "level depth=x", "level nodes=-3", "level move-time=abc",
                            "level time=-1", "level inc=1", "level moves=5", "level depth=", "level time=1e99"}) {
        hub.send(bad);
        EXPECT_EQ(hub.errors().size(), 1u) << bad;
    }
    // None of them set a limit: the search below runs until stop.
    hub.send("pos start");
    hub.send("go analyze");
    std::this_thread::sleep_for(300ms);
    for (const auto& l : hub.sync()) EXPECT_FALSE(starts_with(l, "done")) << l;
    hub.send("stop");
    EXPECT_FALSE(hub.until("done", 5s).empty());
}

TEST(HubProcess, StopEndsAnInfiniteAnalysisAndPingIsAnsweredDuringIt) {
    Hub hub;
    hub.send("pos start");
    hub.send("level infinite");
    hub.send("go analyze");
    hub.send("ping");
    auto lines = hub.until("pong", 5s);
    for (const auto& l : lines) EXPECT_FALSE(starts_with(l, "done")) << "the analysis ended on its own";
    // Other commands are refused while it runs, and it goes on.
    hub.send("pos start");
    hub.send("set-param name=variant value=russian");
    auto errors = hub.until("error", 5s);
    ASSERT_FALSE(errors.empty());
    EXPECT_NE(errors.back().find("not allowed during a search"), std::string::npos);
    std::this_thread::sleep_for(200ms);
    hub.send("stop");
    auto rest = hub.until("done", 5s);
    ASSERT_FALSE(rest.empty());
    EXPECT_TRUE(starts_with(rest.back(), "done move="));
    // Exactly one done: a second stop is ignored.
    hub.send("stop");
    for (const auto& l : hub.sync()) EXPECT_FALSE(starts_with(l, "done")) << l;
}

TEST(HubProcess, PonderHitAppliesTheClockAndStopEndsAPonder) {
    Hub hub;
    hub.send("pos start moves=\"32-28\"");
    hub.send("level move-time=0.3");
    hub.send("go ponder");
    std::this_thread::sleep_for(600ms);
    hub.send("ping");
    for (const auto& l : hub.until("pong", 5s))
        EXPECT_FALSE(starts_with(l, "done")) << "the ponder search obeyed the clock before ponder-hit";
    hub.send("ponder-hit");
    // Time counts from the start of the search: it is already over.
    EXPECT_FALSE(hub.process().read_until("done", 3s).empty());
    hub.send("pos start moves=\"32-28\"");
    hub.send("level time=60");
    hub.send("go ponder");
    std::this_thread::sleep_for(100ms);
    hub.send("stop");
    EXPECT_FALSE(hub.process().read_until("done", 3s).empty());
}

TEST(HubProcess, GoOnAFinishedGameIsAnErrorWithoutDone) {
    Hub hub;
    hub.send("pos fen=W:W:B1,2");  // white has no piece, no move
    hub.send("go think");
    auto lines = hub.sync();
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(lines[0].find("the game is over"), std::string::npos) << lines[0];
    // A Chinese checkers game past its move limit (one move each).
    hub.send("set-param name=variant value=chinese");
    hub.send("set-param name=move-limit value=1");
    hub.send("pos start");
    hub.send("level depth=1");
    const std::string first = hub.go();
    hub.send("pos start moves=\"" + first + "\"");
    hub.send("level depth=1");
    const std::string second = hub.go();
    hub.send("pos start moves=\"" + first + " " + second + "\"");
    EXPECT_TRUE(hub.errors().empty());
    hub.send("go think");
    lines = hub.sync();
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(lines[0].find("the game is over"), std::string::npos) << lines[0];
}

TEST(HubProcess, NewGameForgetsWhatEarlierSearchesLearnt) {
    Hub hub;
    auto nodes = [&] {
        hub.send("pos start moves=\"32-28 19-23\"");
        hub.send("level depth=9");
        std::vector<std::string> lines;
        hub.go("think", &lines);
        EXPECT_GE(lines.size(), 2u);
        return lines.size() < 2 ? 0ull : std::stoull(parse_reply(lines[lines.size() - 2]).args["nodes"]);
    };
    const auto fresh = nodes();
    const auto warm = nodes();
    EXPECT_NE(fresh, warm);  // the second search used the table
    hub.send("new-game");
    EXPECT_EQ(nodes(), fresh);  // one thread and a depth: the same count as a new engine
}

TEST(HubProcess, ParametersApplyAndChangingTheRulesResetsThePosition) {
    Hub hub;
    hub.send("set-param name=variant value=russian");
    hub.send("pos start moves=\"c3-d4\"");
    hub.send("set-param name=nocapture value=true");
    EXPECT_TRUE(hub.errors().empty());
    EXPECT_EQ(hub.shown(), "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6");
    // nocapture on a 10x10 board is kept but does not apply, and says so.
    hub.send("set-param name=variant value=international");
    auto errors = hub.errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("8x8"), std::string::npos);
    for (const char* bad : {"set-param", "set-param name=threads", "set-param name=threads value=0",
                            "set-param name=variant value=frisian", "set-param name=nope value=1",
                            "set-param value=3", "set-param name=hash value=999999999"}) {
        hub.send(bad);
        EXPECT_EQ(hub.errors().size(), 1u) << bad;
    }
    // An unchanged rule parameter does not reset the position.
    hub.send("pos start moves=\"32-28\"");
    hub.send("set-param name=variant value=normal");
    hub.send("set-param name=threads value=2");
    EXPECT_TRUE(hub.errors().empty());
    EXPECT_NE(hub.shown().find("B:W28,"), std::string::npos);
    // A table larger than the machine is refused at go, and nothing starts.
    hub.send("set-param name=hash value=65536");
    hub.send("level depth=2");
    hub.send("go think");
    auto lines = hub.sync();
    if (!lines.empty() && starts_with(lines[0], "error")) {
        EXPECT_EQ(lines.size(), 1u);
    } else {  // a machine with more than 85 GiB of memory
        hub.until("done");
    }
}

TEST(HubProcess, ChineseCheckersPositionsPassesAndResignations) {
    Hub hub;
    hub.send("set-param name=variant value=chinese");
    hub.send("set-param name=players value=3");
    hub.send("pos start resigned=\"3\" ply=6");
    EXPECT_TRUE(hub.errors().empty());
    hub.send("level depth=2");
    std::vector<std::string> lines;
    const std::string move = hub.go("think", &lines);
    EXPECT_FALSE(move.empty());
    // The start position string round-trips through pos.
    hub.send("pos start");
    const std::string start = hub.shown();
    ASSERT_EQ(start.size(), 122u);
    hub.send("pos pos=" + start);
    EXPECT_TRUE(hub.errors().empty());
    EXPECT_EQ(hub.shown(), start);
    hub.send("pos pos=" + start.substr(0, 100));
    EXPECT_EQ(hub.errors().size(), 1u);
    hub.send("pos start moves=\"pass\"");
    EXPECT_EQ(hub.errors().size(), 1u);  // camp 1 has moves: no pass
}

// What a Python client (pydraughts' HubEngine) does with our lines: it splits a
// line at blanks outside quotes and each piece at '=' into exactly two parts;
// `done` must be `move=` then optionally `ponder=`; a score above 90 is a win.
bool splits_like_pydraughts(const std::string& line) {
    std::vector<std::string> pieces;
    std::string piece;
    bool quoted = false;
    for (char c : line.substr(line.find(' ') + 1)) {
        if (c == '"') quoted = !quoted;
        if (c == ' ' && !quoted) {
            if (!piece.empty()) pieces.push_back(piece);
            piece.clear();
        } else {
            piece += c;
        }
    }
    if (!piece.empty()) pieces.push_back(piece);
    for (const auto& p : pieces)
        if (std::count(p.begin(), p.end(), '=') != 1) return false;
    return true;
}

TEST(HubProcess, APythonClientSessionParsesEveryLine) {
    Hub hub;
    hub.send("hub");
    auto handshake = hub.until("wait");
    handshake.pop_back();
    for (const auto& l : handshake) EXPECT_TRUE(splits_like_pydraughts(l)) << l;
    hub.send("set-param name=variant value=english");
    hub.send("init");
    EXPECT_EQ(hub.until("ready").back(), "ready");
    // The client gives its clock minus the increment (Hub adds it first).
    hub.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"11-15 23-19\"");
    hub.send("level time=0.9 inc=0.1");
    std::vector<std::string> lines;
    hub.go("think", &lines);
    ASSERT_FALSE(lines.empty());
    for (const auto& l : lines) EXPECT_TRUE(splits_like_pydraughts(l)) << l;
    auto done = parse_reply(lines.back());
    EXPECT_EQ(done.command, "done");
    EXPECT_TRUE(done.args.size() == 1 || (done.args.size() == 2 && done.args.count("ponder"))) << lines.back();
    EXPECT_TRUE(starts_with(lines.back(), "done move=")) << lines.back();
    // A won position reports a score of 99.xx: pydraughts reads it as a win in n moves.
    hub.send("set-param name=variant value=international");
    hub.send("pos fen=W:W27,28:B22");
    hub.send("level depth=6");
    hub.go("think", &lines);
    ASSERT_GE(lines.size(), 2u);
    const double score = std::stod(parse_reply(lines[lines.size() - 2]).args["score"]);
    EXPECT_GT(score, 90.0) << lines[lines.size() - 2];
    EXPECT_LT(score, 100.0);
}

// Two engines play whole games through the protocol, the test referees with the rules.
template <class R>
void play_a_game_between_two_engines(const std::string& variant) {
    Hub white, black;
    for (Hub* hub : {&white, &black}) {
        hub->send("set-param name=variant value=" + variant);
        hub->send("init");
        hub->until("ready");
    }
    draughts::Game<R> game(draughts::Notation<R>::start());
    std::string moves;
    int plies = 0;
    while (game.result().outcome == draughts::Outcome::Ongoing && plies < 300) {
        Hub& mover = game.position().side == draughts::Color::White ? white : black;
        mover.send("pos start moves=\"" + moves + "\"");
        mover.send("level nodes=2000");
        const std::string move = mover.go();
        ASSERT_FALSE(move.empty()) << "no move at ply " << plies;
        auto parsed = draughts::Notation<R>::parse_move(game.position(), move);
        ASSERT_TRUE(parsed) << parsed.error();
        game.play(*parsed);
        moves += (moves.empty() ? "" : " ") + move;
        ++plies;
    }
    EXPECT_GT(plies, 10);
    for (Hub* hub : {&white, &black}) {
        EXPECT_TRUE(hub->errors().empty());
        hub->send("quit");
        EXPECT_EQ(hub->process().wait_exit(10s), 0);
        EXPECT_EQ(hub->process().stderr_text(), "");
    }
}

TEST(HubProcess, TwoEnginesPlayAWholeAmericanGame) { play_a_game_between_two_engines<draughts::American>("american"); }
TEST(HubProcess, TwoEnginesPlayAWholeInternationalGame) {
    play_a_game_between_two_engines<draughts::International>("international");
}

TEST(HubProcess, AThreePlayerChineseCheckersGameToTheEnd) {
    Hub hub;
    hub.send("set-param name=variant value=chinese");
    hub.send("set-param name=players value=3");
    hub.send("set-param name=move-limit value=40");
    halma::Settings settings;
    settings.players = 3;
    settings.move_limit = 40;
    auto rules = halma::Rules::make(settings);
    ASSERT_TRUE(rules);
    halma::Position p = halma::start_position(*rules);
    std::string moves;
    while (!p.over) {
        hub.send("pos start moves=\"" + moves + "\"");
        hub.send("level nodes=500");
        const std::string move = hub.go();
        ASSERT_FALSE(move.empty());
        auto parsed = halma::parse_move(*rules, p, move);
        ASSERT_TRUE(parsed) << parsed.error();
        p = halma::play(*rules, p, *parsed);
        moves += (moves.empty() ? "" : " ") + move;
    }
    EXPECT_EQ(p.ply, 120u);
    hub.send("pos start moves=\"" + moves + "\"");
    EXPECT_TRUE(hub.errors().empty());
    hub.send("go think");
    EXPECT_EQ(hub.errors().size(), 1u);  // the game is over
}

TEST(HubProcess, ShowDrawsEveryBoard) {
    Hub hub;
    const std::vector<std::pair<std::string, std::size_t>> boards = {
        {"international", 10}, {"american", 8}, {"canadian", 12}, {"chinese", 17}};
    for (const auto& [variant, rows] : boards) {
        hub.send("set-param name=variant value=" + variant);
        hub.send("show");
        auto lines = hub.sync();
        EXPECT_GE(lines.size(), rows) << variant;
        EXPECT_TRUE(std::none_of(lines.begin(), lines.end(), [](auto& l) { return starts_with(l, "error"); }));
    }
}

TEST(HubProcess, QuitDuringASearchAnswersDoneAndEndOfInputExits) {
    {
        Hub hub;
        hub.send("go analyze");
        std::this_thread::sleep_for(100ms);
        hub.send("quit");
        EXPECT_FALSE(hub.until("done", 5s).empty());
        EXPECT_EQ(hub.process().wait_exit(5s), 0);
    }
    {
        Hub hub;
        hub.send("go analyze");
        hub.process().close_stdin();
        EXPECT_EQ(hub.process().wait_exit(5s), 0);
    }
}

TEST(HubProcess, MalformedAndOverlongLinesGetOneErrorEach) {
    Hub hub;
    const std::vector<std::string> bad = {"", "   ", "=", "pos=3", "\"pos\"", "pos moves=\"32-28",
                                          "set-param =x", "level depth=3 =4", "frobnicate", "go\tthink\x01"};
    for (const auto& line : bad) {
        hub.send(line);
        EXPECT_EQ(hub.errors().size(), 1u) << line;
    }
    hub.send(std::string(3'000'000, 'x'));
    auto errors = hub.errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("longer than"), std::string::npos);
    hub.send("go think extra=1 unknown");  // unknown arguments are ignored
    hub.send("stop");
    EXPECT_FALSE(hub.until("done", 5s).empty());
}

TEST(HubProcess, TheLogFileRecordsBothDirections) {
    const std::string path = ::testing::TempDir() + "damier-hub-log-test.log";
    std::remove(path.c_str());
    Hub hub;
    hub.send("set-param name=log-file value=\"" + path + "\"");
    hub.send("hub");
    hub.until("wait");
    hub.send("set-param name=log-file value=/no/such/dir/x.log");
    EXPECT_EQ(hub.errors().size(), 1u);
    hub.send("quit");
    hub.process().wait_exit(5s);
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("< hub"), std::string::npos);
    EXPECT_NE(text.find("> wait"), std::string::npos);
    EXPECT_NE(text.find("> pong"), std::string::npos);
    std::remove(path.c_str());
}

// The score of a depth-1 search of the position set.
double depth1_score(Hub& hub) {
    hub.send("level depth=1");
    std::vector<std::string> lines;
    hub.go("think", &lines);
    for (auto& l : lines)
        if (starts_with(l, "info")) return std::stod(parse_reply(l).args["score"]);
    ADD_FAILURE() << "no info line";
    return 0.0;
}

// The depth-1 score of a position where White is a man up (W:W31,32,33:B1,2).
double man_up_score(Hub& hub) {
    hub.send("pos fen=\"W:W31,32,33:B1,2\"");
    return depth1_score(hub);
}

// eval-file: read when set (a bad file is refused at once) and again at each init,
// so a file rewritten between games takes effect; a bad file at init keeps the
// weights in use.
TEST(HubProcess, EvalFileWeightsAreReadAtSetParamAndInit) {
    const std::string path = ::testing::TempDir() + "damier-hub-eval-test.weights";
    auto write = [&](const std::string& text) { std::ofstream(path, std::ios::trunc) << text; };
    Hub hub;
    // Without the built-in pattern table, which weighs the men's arrangement.
    const std::string no_patterns = DAMIER_SOURCE_DIR "/eval/draughts/sprt/no-patterns-international.patterns";
    hub.send("set-param name=pattern-file value=\"" + no_patterns + "\"");
    // White is a man up; the depth-1 score says what a man is worth.
    auto score = [&] { return man_up_score(hub); };
    hub.send("init");
    hub.until("ready");
    EXPECT_GT(score(), 0.5);

    hub.send("set-param name=eval-file value=/no/such/file.weights");
    auto errors = hub.errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("cannot read the weights file"), std::string::npos) << errors[0];
    write("[draughts]\nmann = 1\n");
    hub.send("set-param name=eval-file value=\"" + path + "\"");
    errors = hub.errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("line 2: unknown draughts weight"), std::string::npos) << errors[0];
    EXPECT_GT(score(), 0.5) << "the built-in weights are still in use";

    write("[international]\nman = -300\n");
    hub.send("set-param name=eval-file value=\"" + path + "\"");
    EXPECT_TRUE(hub.errors().empty());
    EXPECT_LT(score(), -0.5) << "a man now counts against its owner";

    write("[international]\nman = 100\n");
    hub.send("init");
    EXPECT_EQ(hub.until("ready").back(), "ready");
    EXPECT_GT(score(), 0.5) << "init read the rewritten file";

    write("[international\n");
    hub.send("init");
    auto lines = hub.until("ready");
    ASSERT_GE(lines.size(), 2u);
    EXPECT_NE(lines[0].find("the weights in use are kept"), std::string::npos) << lines[0];
    EXPECT_GT(score(), 0.5);

    hub.send("set-param name=eval-file value=\"\"");
    EXPECT_TRUE(hub.errors().empty());
    hub.send("quit");
    EXPECT_EQ(hub.process().wait_exit(10s), 0);
    std::remove(path.c_str());
}

// A [chinese 6] section is read for six-player games only: with every cost term at
// 0 there, a six-player search sees every seat level (score 0) while a two-player
// game keeps the [chinese] weights and its score.
TEST(HubProcess, EvalFileSectionOfAPlayerCountAppliesToThatCountOnly) {
    const std::string path = ::testing::TempDir() + "damier-hub-counted.weights";
    std::ofstream(path, std::ios::trunc) << "[chinese 6]\nprogress = 0\ngoal_piece = 0\nstraggler = 0\n"
                                            "goal_hole = 0\nlateral = 0\nrearmost = 0\n";
    Hub hub;
    hub.send("set-param name=variant value=chinese");
    auto score = [&](int players) {
        hub.send("set-param name=players value=" + std::to_string(players));
        hub.send("pos start");
        return depth1_score(hub);
    };
    const double six = score(6), two = score(2);
    EXPECT_GT(six, 0.0) << "a step forward puts the mover ahead";
    EXPECT_GT(two, 0.0);
    hub.send("set-param name=eval-file value=\"" + path + "\"");
    EXPECT_TRUE(hub.errors().empty());
    EXPECT_EQ(score(6), 0.0) << "the [chinese 6] weights are in force";
    EXPECT_EQ(score(2), two) << "a two-player game does not read [chinese 6]";
    std::ofstream(path, std::ios::trunc) << "[chinese 7]\nprogress = 0\n";
    hub.send("set-param name=eval-file value=\"" + path + "\"");
    const auto errors = hub.errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("line 1: section 'chinese 7': a player count from 2 to 6"), std::string::npos)
        << errors[0];
    hub.send("quit");
    EXPECT_EQ(hub.process().wait_exit(10s), 0);
    std::remove(path.c_str());
}

// pattern-file: like eval-file, read when set and at each init; a file for other
// rules is reported and not used.
TEST(HubProcess, PatternFileIsReadAtSetParamAndInit) {
    const std::string path = ::testing::TempDir() + "damier-hub-pattern-test.patterns";
    // Every arrangement of a window holding White's men only (digits 0 and 1, not
    // all 0) costs 30 men: the side with more such windows is far behind.
    auto write = [&](const std::string& variant, int windows) {
        std::ofstream out(path, std::ios::trunc);
        out << "[" << variant << "]\nwindows = " << windows << "\n";
        for (int w = 0; w < windows; ++w)
            for (int bits = 1; bits < 256; ++bits) {
                int arrangement = 0;
                for (int k = 7; k >= 0; --k) arrangement = 3 * arrangement + ((bits >> k) & 1);
                out << w << " " << arrangement << " -3000\n";
            }
    };
    Hub hub;
    auto score = [&] { return man_up_score(hub); };
    hub.send("init");
    hub.until("ready");
    const double builtin = score();

    write("international", 16);
    hub.send("set-param name=pattern-file value=\"" + path + "\"");
    EXPECT_TRUE(hub.errors().empty());
    EXPECT_LT(score(), -5) << "White's three men fill more windows than Black's two";

    hub.send("set-param name=pattern-file value=/no/such/file.patterns");
    auto errors = hub.errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("pattern-file unchanged"), std::string::npos) << errors[0];
    EXPECT_LT(score(), -5) << "the table read before is still in use";

    write("russian", 9);
    hub.send("init");
    auto lines = hub.until("ready");
    ASSERT_GE(lines.size(), 2u);
    EXPECT_NE(lines[0].find("the pattern file is for russian, not international"), std::string::npos) << lines[0];
    EXPECT_EQ(score(), builtin) << "the built-in table once the file is for other rules";

    write("international", 16);
    hub.send("set-param name=pattern-file value=\"" + path + "\"");
    EXPECT_LT(score(), -5);
    hub.send("set-param name=pattern-file value=\"\"");
    EXPECT_TRUE(hub.errors().empty());
    EXPECT_EQ(score(), builtin) << "an empty value restores the built-in table";
    hub.send("quit");
    EXPECT_EQ(hub.process().wait_exit(10s), 0);
    std::remove(path.c_str());
}

}  // namespace
}  // namespace damier::hub
