// The match runner's own cost per move, apart from any engine's thinking:
// - BM_RunnerRoundTripPerMove: pos + level + go to the fake Hub engine (which
//   answers at once with its first legal move) and the wait for done, through
//   HubEngine and its pipes; positions of 0 to 30 moves, as in real games.
// - BM_RefereePlay: the referee checking and playing a move and writing the next
//   pos argument, in process.
// The bar: under 1 ms per move (items_per_second above 1000).
//   ./build/release/bench/damier_bench --benchmark_filter='Runner|Referee'
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "engine/draughts/movegen.hpp"
#include "engine/draughts/notation.hpp"
#include "tools/match/hub_engine.hpp"
#include "tools/match/referee.hpp"

namespace damier::match {
namespace {

using R = draughts::International;
using N = draughts::Notation<R>;

// A fixed game of random legal moves, up to 30 plies, in Hub notation.
std::vector<std::string> sample_game() {
    std::mt19937_64 random(12345);
    std::vector<std::string> moves;
    auto p = N::start();
    for (int ply = 0; ply < 30; ++ply) {
        draughts::MoveList<R::board> legal;
        draughts::MoveGen<R>::generate(p, legal);
        if (legal.size() == 0) break;
        const auto& m = legal[static_cast<std::size_t>(random() % legal.size())];
        moves.push_back(N::hub_move(m));
        p = p.after(m);
    }
    return moves;
}

// The pos argument after each prefix of the sample game (0 to 30 moves).
std::vector<std::string> sample_positions() {
    std::vector<std::string> positions;
    auto referee = make_referee("international", {}, "");
    if (!referee) return positions;
    for (const auto& move : sample_game()) {
        positions.push_back((*referee)->position_argument());
        if (!(*referee)->play(move).empty()) break;
    }
    positions.push_back((*referee)->position_argument());
    return positions;
}

void BM_RunnerRoundTripPerMove(benchmark::State& state) {
    const auto positions = sample_positions();
    HubEngine engine({"fake", {DAMIER_FAKE_ENGINE}, "", {}});
    if (auto error = engine.start({{"variant", "international"}}, std::chrono::seconds(10)); !error.empty()) {
        state.SkipWithError(error.c_str());
        return;
    }
    if (auto error = engine.new_game(std::chrono::seconds(10)); !error.empty()) {
        state.SkipWithError(error.c_str());
        return;
    }
    std::size_t next = 0;
    for (auto _ : state) {
        const auto reply = engine.search(positions[next], "move-time=0.1", Clock::now() + std::chrono::seconds(10));
        if (reply.status != SearchReply::Status::Move) {
            state.SkipWithError(reply.detail.c_str());
            break;
        }
        benchmark::DoNotOptimize(reply.move.data());
        next = (next + 1) % positions.size();
    }
    engine.quit();
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_RunnerRoundTripPerMove)->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_RefereePlay(benchmark::State& state) {
    const auto moves = sample_game();
    std::int64_t played = 0;
    for (auto _ : state) {
        auto referee = make_referee("international", {}, "");
        if (!referee) {
            state.SkipWithError(referee.error().c_str());
            break;
        }
        for (const auto& move : moves) {
            // What the runner does per move: the pos argument for the engine, then the check.
            benchmark::DoNotOptimize((*referee)->position_argument().size());
            if (!(*referee)->play(move).empty()) {
                state.SkipWithError("a sample move was refused");
                break;
            }
        }
        played += static_cast<std::int64_t>(moves.size());
    }
    state.SetItemsProcessed(played);
}
BENCHMARK(BM_RefereePlay)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace damier::match
