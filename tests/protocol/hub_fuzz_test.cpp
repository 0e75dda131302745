// Random and mutated command lines against the real binary. Whatever arrives,
// the engine must stay alive, answer every ping, print nothing on stderr and
// exit cleanly on quit. The default run sends 20,000 lines; the slow one 200,000.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "tests/protocol/engine_process.hpp"

namespace damier::hub {
namespace {

using namespace std::chrono_literals;

const std::vector<std::string> seed_lines = {
    "hub", "init", "ping", "stop", "ponder-hit", "new-game", "show", "moves", "status", "go think", "go ponder",
    "go analyze", "go",
    "pos start", "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
    "pos start moves=\"32-28 19-23 28x19x23 14x23x19\"", "pos fen=W:W27:B22,12 moves=\"27x7x22x12\"",
    "pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"11-15\"", "pos start moves=\"116-104 pass\"",
    "pos start resigned=\"3 5\" ply=12", "level depth=3", "level nodes=2000", "level move-time=0.01",
    "level time=0.2 inc=0.01", "level moves=10 time=0.3", "level infinite", "level depth=2 move-time=0.05",
    "set-param name=variant value=american", "set-param name=variant value=international",
    "set-param name=variant value=russian", "set-param name=variant value=canadian",
    "set-param name=variant value=chinese", "set-param name=variant value=diamond",
    "set-param name=variant value=italian", "set-param name=variant value=spanish",
    "set-param name=players value=3", "set-param name=players value=6", "set-param name=nocapture value=true",
    "set-param name=swap value=true", "set-param name=goal-lock value=true", "set-param name=move-limit value=5",
    "set-param name=stagnation value=2", "set-param name=search value=maxn", "set-param name=notation value=algebraic",
    "set-param name=anti-blocking value=false", "set-param name=play-to-end value=false"};

const std::vector<std::string> words = {"pos", "level", "go", "set-param", "name", "value", "moves", "start", "fen",
                                        "depth", "nodes", "time", "inc", "move-time", "infinite", "think", "ponder",
                                        "analyze", "variant", "players", "=", "\"", "\"\"", "-1", "0", "1",
                                        "99999999999999999999999", "1e308", "nan", "32-28", "x", "pass", "W", "B",
                                        "e", "W:W1:B2", "ply", "resigned", " ", "\t"};

class LineMaker {
public:
    explicit LineMaker(std::uint64_t seed) : random_(seed) {}

    std::string next() {
        for (;;) {
            std::string line;
            switch (below(4)) {
                case 0: line = pick(seed_lines); break;
                case 1: line = mutate(pick(seed_lines)); break;
                case 2: line = mutate(mutate(pick(seed_lines) + " " + pick(seed_lines))); break;
                default: line = word_salad(); break;
            }
            if (acceptable(line)) return line;
        }
    }

private:
    std::size_t below(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_); }
    const std::string& pick(const std::vector<std::string>& v) { return v[below(v.size())]; }
    char any_byte() {
        // Any byte but the newline, which would split the line.
        char c = static_cast<char>(below(256));
        return c == '\n' ? '\r' : c;
    }

    std::string mutate(std::string s) {
        const std::size_t edits = 1 + below(4);
        for (std::size_t i = 0; i < edits; ++i) {
            const std::size_t at = s.empty() ? 0 : below(s.size() + 1);
            switch (below(7)) {
                case 0: if (at < s.size()) s[at] = any_byte(); break;
                case 1: s.insert(at, 1, '"'); break;
                case 2: s.insert(at, 1, '='); break;
                case 3: if (at < s.size()) s.erase(at, 1 + below(8)); break;
                case 4: s.insert(at, pick(words)); break;
                case 5: s = s.substr(0, at); break;
                default: s.insert(at, std::string(1 + below(300), static_cast<char>('0' + below(10)))); break;
            }
        }
        return s;
    }

    std::string word_salad() {
        std::string s;
        const std::size_t n = below(8);
        for (std::size_t i = 0; i < n; ++i) s += pick(words) + (below(3) ? " " : "");
        return s;
    }

    // Lines the test must not send: quit ends the run; files and memory are
    // the deterministic tests' business.
    static bool acceptable(const std::string& line) {
        const auto first = line.find_first_not_of(" \t");
        if (first != std::string::npos && line.compare(first, 4, "quit") == 0) {
            const std::size_t end = first + 4;
            if (end == line.size() || line[end] == ' ' || line[end] == '\t') return false;
        }
        for (const char* word : {"log-file", "hash", "threads"})
            if (line.find(word) != std::string::npos) return false;
        return true;
    }

    std::mt19937_64 random_;
};

void fuzz(std::size_t line_count, std::uint64_t seed) {
    testing_support::EngineProcess engine({DAMIER_BINARY});
    LineMaker maker(seed);
    constexpr std::size_t batch = 40;
    std::size_t sent = 0, searches = 0, errors = 0;
    while (sent < line_count) {
        std::vector<std::string> lines;
        for (std::size_t i = 0; i < batch; ++i) lines.push_back(maker.next());
        for (const auto& line : lines) ASSERT_TRUE(engine.send(line)) << "the engine died after line " << sent;
        sent += lines.size();
        // A search may have been started without limits: end it, then check the engine answers.
        engine.send("stop");
        engine.send("ping");
        for (const auto& answer : engine.read_until("pong", 30s)) {
            searches += answer.rfind("done", 0) == 0;
            errors += answer.rfind("error", 0) == 0;
        }
        if (engine.last_read_timed_out() || !engine.running()) {
            std::string last;
            for (const auto& line : lines) last += "  " + line.substr(0, 200) + "\n";
            FAIL() << "no pong after line " << sent << "; the last batch:\n" << last;
        }
    }
    // The lines reached the searches and the error paths, not just the parser.
    EXPECT_GT(searches, line_count / 200);
    EXPECT_GT(errors, line_count / 4);
    std::printf("%zu lines: %zu searches, %zu errors\n", sent, searches, errors);
    engine.send("quit");
    EXPECT_EQ(engine.wait_exit(30s), 0);
    EXPECT_EQ(engine.stderr_text(), "");
}

TEST(HubFuzz, TwentyThousandRandomAndMutatedLines) { fuzz(20'000, 20261129); }
TEST(HubFuzz, SlowTwoHundredThousandLines) { fuzz(200'000, 77); }

}  // namespace
}  // namespace damier::hub
