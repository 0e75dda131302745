// The Hub commands for GUIs through the real `damier` process: `moves` lists
// exactly the moves perft counts at depth 1 (every rule set, every perft test
// position; Chinese checkers for every seating), `status` reports the side to
// move, the result and the draw counters, and `show` ends with its marker line.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "engine/core/text.hpp"
#include "engine/draughts/notation.hpp"
#include "engine/draughts/perft.hpp"
#include "engine/draughts/variant_list.hpp"
#include "engine/halma/game.hpp"
#include "engine/halma/movegen.hpp"
#include "engine/halma/notation.hpp"
#include "protocol/hub_line.hpp"
#include "tests/common/perft_rows.hpp"
#include "tests/protocol/engine_process.hpp"

namespace damier::hub {
namespace {

using namespace std::chrono_literals;
using testing_support::EngineProcess;
using testing_support::HubReply;
using testing_support::parse_reply;

// Sends `lines`, then reads the answers up to the fencing pong.
std::vector<std::string> talk(EngineProcess& hub, const std::vector<std::string>& lines) {
    for (const auto& line : lines) hub.send(line);
    hub.send("ping");
    auto answers = hub.read_until("pong", 30s);
    if (!answers.empty()) answers.pop_back();
    return answers;
}

// The one answer line of `command` after `setup`; fails the test when there is
// not exactly one line, or it is another.
HubReply ask(EngineProcess& hub, const std::vector<std::string>& setup, const std::string& command) {
    auto lines = setup;
    lines.push_back(command);
    auto answers = talk(hub, lines);
    EXPECT_EQ(answers.size(), 1u) << command << ": " << (answers.empty() ? "no answer" : answers.front());
    if (answers.empty()) return {};
    auto reply = parse_reply(answers.back());
    EXPECT_EQ(reply.command, command) << answers.back();
    return reply;
}

std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    for (auto w : split(text, " "))
        if (!w.empty()) out.emplace_back(w);
    return out;
}

// The Hub moves perft depth 1 finds in a draughts position (captures merged, as the rules count moves).
std::set<std::string> perft_moves(const std::string& variant, const std::string& fen) {
    std::set<std::string> out;
    auto error = draughts::with_variant(variant, false, [&]<class R>() {
        using N = draughts::Notation<R>;
        auto start = fen.empty() ? Result<draughts::Position<typename R::board>>(N::start()) : N::parse_fen(fen);
        ASSERT_TRUE(start.ok()) << start.error();
        for (const auto& entry : draughts::perft_divide<R>(*start, 1, 1, draughts::CapturePaths::Merge))
            out.insert(N::hub_move(entry.move));
    });
    EXPECT_EQ(error, "");
    return out;
}

TEST(HubMoves, AgreeWithPerftDepthOneOnEveryPerftPosition) {
    EngineProcess hub({DAMIER_BINARY});
    std::set<std::pair<std::string, std::string>> seen;
    std::set<std::string> variants;
    for (const auto& row : testing_support::read_all_perft_rows()) {
        if (!seen.insert({row.variant, row.fen}).second) continue;
        variants.insert(row.variant);
        const std::string pos = row.fen.empty() ? "pos start" : "pos fen=" + format_value(row.fen);
        auto reply = ask(hub, {"set-param name=variant value=" + row.variant, pos}, "moves");
        const auto listed = words(reply.args["hub"]);
        const auto expected = perft_moves(row.variant, row.fen);
        EXPECT_EQ(reply.args["count"], std::to_string(expected.size())) << row.variant << " " << row.fen;
        EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()), expected) << row.variant << " " << row.fen;
        // The parallel lists hold one entry per move.
        for (const char* list : {"pdn", "captured", "path"})
            EXPECT_EQ(words(reply.args[list]).size(), listed.size()) << list << " in " << row.variant << " " << row.fen;
    }
    draughts::Variants::for_each([&]<class R>() { EXPECT_TRUE(variants.count(std::string(R::name))) << R::name; });
}

TEST(HubMoves, ListCapturedSquaresAndPathsOfACapture) {
    EngineProcess hub({DAMIER_BINARY});
    // White 28 takes black 23 and 13 (landing on 19, then 8).
    auto reply = ask(hub, {"pos fen=\"W:W28:B23,13\""}, "moves");
    EXPECT_EQ(reply.args["count"], "1");
    EXPECT_EQ(reply.args["hub"], "28x8x13x23");
    EXPECT_EQ(reply.args["pdn"], "28x8");
    EXPECT_EQ(reply.args["captured"], "13,23");
    EXPECT_EQ(reply.args["path"], "28,19,8");
}

TEST(HubMoves, ChineseCheckersMatchTheMoveGeneratorForEverySeating) {
    EngineProcess hub({DAMIER_BINARY});
    for (const std::string variant : {"chinese", "diamond"}) {
        for (int players : {2, 3, 4, 5, 6}) {
            if (variant == "diamond" && players > 3) continue;
            halma::Settings settings;
            settings.set("variant", variant);
            settings.players = players;
            auto rules = halma::Rules::make(settings);
            ASSERT_TRUE(rules.ok()) << rules.error();
            // Four plies in, jumps are on the board.
            halma::Position p = halma::start_position(*rules);
            std::string played;
            for (int ply = 0; ply < 4; ++ply) {
                halma::MoveList list;
                halma::MoveGen::generate(*rules, p, list);
                const auto& m = list[list.size() / 2];
                played += (played.empty() ? "" : " ") + halma::move_string(*rules, p, m);
                p = halma::play(*rules, p, m);
            }
            auto reply = ask(
                hub,
                {"set-param name=variant value=" + variant, "set-param name=players value=" + std::to_string(players),
                 "pos start moves=" + format_value(played)},
                "moves");
            const std::string where = variant + " " + std::to_string(players) + " players";
            EXPECT_EQ(reply.args["count"], std::to_string(halma::MoveGen::count(*rules, p))) << where;
            const auto listed = words(reply.args["hub"]), paths = words(reply.args["path"]);
            ASSERT_EQ(paths.size(), listed.size()) << where;
            for (std::size_t i = 0; i < listed.size(); ++i) {
                // The path is the move's chain: origin, each landing, destination.
                std::string chain = paths[i];
                std::replace(chain.begin(), chain.end(), ',', listed[i].find('x') != std::string::npos ? 'x' : '-');
                EXPECT_EQ(chain, listed[i]) << where;
            }
        }
    }
}

TEST(HubStatus, ReportsTheSideToMoveTheDrawCountersAndTheResult) {
    EngineProcess hub({DAMIER_BINARY});
    auto start = ask(hub, {"pos start moves=\"32-28 19-23\""}, "status");
    EXPECT_EQ(start.args["variant"], "international");
    EXPECT_EQ(start.args["to-move"], "white");
    EXPECT_EQ(start.args["over"], "false");
    EXPECT_EQ(start.args["repetitions"], "1");
    EXPECT_EQ(start.args["quiet-plies"], "0/50");
    EXPECT_EQ(start.args.count("result"), 0u);
    // Black to move with no piece: white has won.
    auto won = ask(hub, {"pos fen=\"B:W28:B\""}, "status");
    EXPECT_EQ(won.args["to-move"], "black");
    EXPECT_EQ(won.args["over"], "true");
    EXPECT_EQ(won.args["result"], "1-0");
    EXPECT_EQ(won.args["places"], "1 2");
    // Kings moving back and forth: the repetition count rises.
    auto kings = ask(hub, {"pos fen=\"W:WK46:BK1\" moves=\"46-41 1-6 41-46 6-1\""}, "status");
    EXPECT_EQ(kings.args["repetitions"], "2");
    auto moves = ask(hub, {}, "moves");
    EXPECT_NE(moves.args["count"], "0");
    // Chinese checkers: the camp to move and the move counters.
    auto halma =
        ask(hub, {"set-param name=variant value=chinese", "set-param name=players value=3", "pos start"}, "status");
    EXPECT_EQ(halma.args["seats"], "3");
    EXPECT_EQ(halma.args["to-move"], "1");
    EXPECT_EQ(halma.args["ply"], "0/600");
}

TEST(HubStatus, FollowsOnlyWhatTheSessionAccepted) {
    EngineProcess hub({DAMIER_BINARY});
    // A bad position leaves the game as it was; a bad move keeps the moves before it.
    auto before = ask(hub, {"pos start moves=\"32-28\""}, "status");
    auto after_bad = talk(hub, {"pos pos=W123", "status"});
    ASSERT_EQ(after_bad.size(), 2u);
    EXPECT_EQ(parse_reply(after_bad[1]).args["pos"], before.args["pos"]);
    // Fields of Chinese checkers are ignored by a draughts session, and so here.
    auto ignored = talk(hub, {"pos start resigned=\"3 5\" moves=\"32-28\"", "status"});
    ASSERT_EQ(ignored.size(), 1u);
    EXPECT_EQ(parse_reply(ignored[0]).args["pos"], before.args["pos"]);
    auto partial = talk(hub, {"pos start moves=\"32-28 99-1 19-23\"", "status"});
    ASSERT_EQ(partial.size(), 2u);
    EXPECT_EQ(parse_reply(partial[1]).args["to-move"], "black");
    EXPECT_EQ(parse_reply(partial[1]).args["pos"], before.args["pos"]);
}

TEST(HubShow, EndsWithItsMarkerLine) {
    EngineProcess hub({DAMIER_BINARY});
    for (const std::string variant : {"international", "chinese"}) {
        auto lines = talk(hub, {"set-param name=variant value=" + variant, "show"});
        ASSERT_GE(lines.size(), 3u) << variant;
        EXPECT_EQ(lines.back(), "show-end") << variant;
        EXPECT_EQ(std::count(lines.begin(), lines.end(), "show-end"), 1) << variant;
    }
}

}  // namespace
}  // namespace damier::hub
