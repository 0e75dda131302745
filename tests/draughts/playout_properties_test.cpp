// Properties checked over random playouts of every rule set: the generator, the
// counters, copy-make with undo, hashing and notation must agree with each other
// in thousands of positions nobody chose by hand.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <tuple>

#include "engine/draughts/game.hpp"
#include "engine/draughts/move_count.hpp"
#include "engine/draughts/notation.hpp"

namespace damier::draughts {
namespace {

template <class R>
class PlayoutProperties : public testing::Test {};

using AllRuleSets = testing::Types<International, Brazilian, Canadian, Russian, Czech, American, Spanish, Italian,
                                   OptionalCapture<Russian>, OptionalCapture<American>, OptionalCapture<Italian>>;
TYPED_TEST_SUITE(PlayoutProperties, AllRuleSets);

template <class R>
void check_position(const Game<R>& game) {
    using B = typename R::board;
    using N = Notation<R>;
    const auto& p = game.position();
    MoveList<B> moves;
    MoveGen<R>::generate(p, moves);

    ASSERT_EQ(MoveCount<R>::count(p), moves.size());
    // The bulk counters of perft take shortcuts (captures counted without moves,
    // children seen through the squares a move changes): check them move by move.
    std::uint64_t grandchildren = 0;
    for (const auto& m : moves) grandchildren += MoveCount<R>::count(p.after(m));
    ASSERT_EQ(MoveCount<R>::count_children(p), grandchildren);
    MoveList<B> every_path;
    MoveGen<R>::generate(p, every_path, CapturePaths::Count);
    ASSERT_EQ(MoveCount<R>::count(p, CapturePaths::Count), every_path.size());
    bool any_capture = false;
    for (const auto& m : moves) any_capture = any_capture || m.is_capture();
    ASSERT_EQ(MoveGen<R>::capture_possible(p), any_capture);
    if (R::capture_mandatory && any_capture) {
        for (const auto& m : moves) ASSERT_TRUE(m.is_capture()) << "quiet move beside a capture";
    }

    ASSERT_EQ(game.key(), p.key()) << "incremental key differs from recomputed key";

    auto fen = N::fen(p);
    auto from_fen = N::parse_fen(fen);
    ASSERT_TRUE(from_fen.ok()) << fen << ": " << from_fen.error();
    ASSERT_EQ(*from_fen, p) << fen;
    auto hub = N::hub_position(p);
    auto from_hub = N::parse_hub_position(hub);
    ASSERT_TRUE(from_hub.ok()) << hub << ": " << from_hub.error();
    ASSERT_EQ(*from_hub, p) << hub;

    std::set<std::tuple<int, int, typename B::Bits, bool>> distinct;
    for (const auto& m : moves) {
        ASSERT_TRUE(distinct.emplace(m.from, m.to, m.captured, m.crowns).second) << "duplicate " << N::hub_move(m);
        for (const auto& text : {N::hub_move(m), N::pdn_move(p, m)}) {
            auto parsed = N::parse_move(p, text);
            ASSERT_TRUE(parsed.ok()) << fen << " move " << text << ": " << parsed.error();
            ASSERT_EQ(*parsed, m) << fen << " move " << text;
        }
        auto next = p.after(m);
        // After the move the sides swap: the mover's pieces are next.theirs().
        ASSERT_EQ(popcount(next.mine()) + popcount(m.captured), popcount(p.theirs()));
        ASSERT_EQ(popcount(next.theirs()), popcount(p.mine()));
        ASSERT_EQ(next.pieces[0] & next.pieces[1], typename B::Bits{0});
        ASSERT_EQ(next.kings & ~next.occupied(), typename B::Bits{0});
    }
}

TYPED_TEST(PlayoutProperties, RandomGamesKeepEveryInvariant) {
    using R = TypeParam;
    using B = typename R::board;
    std::mt19937_64 random(20261129);
    constexpr int games = 50;
    constexpr int max_plies = 4000;  // the no-progress draw rules end every game long before
    int decisive = 0;
    for (int g = 0; g < games; ++g) {
        Game<R> game(Notation<R>::start());
        int plies = 0;
        for (; plies < max_plies; ++plies) {
            check_position(game);
            if (this->HasFatalFailure()) return;
            auto result = game.result();
            MoveList<B> moves;
            game.legal_moves(moves);
            if (moves.empty()) {
                ASSERT_EQ(result.outcome, game.position().side == Color::White ? Outcome::BlackWins
                                                                               : Outcome::WhiteWins);
                ++decisive;
                break;
            }
            if (result.outcome != Outcome::Ongoing) {
                ASSERT_EQ(result.outcome, Outcome::Draw);
                break;
            }
            const auto& m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)];
            auto before = game.position();
            auto key_before = game.key();
            game.play(m);
            game.undo();
            ASSERT_EQ(game.position(), before);
            ASSERT_EQ(game.key(), key_before);
            game.play(m);
        }
        ASSERT_LT(plies, max_plies) << "game did not end";
    }
    EXPECT_GT(decisive, 0) << "random games should sometimes end with a side unable to move";
}

}  // namespace
}  // namespace damier::draughts
