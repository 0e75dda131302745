// Endgame databases: the index, known results, every value consistent with its
// successors, reproducible files, refused bad files, and the search converting
// a won database position.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <unistd.h>

#include "engine/draughts/notation.hpp"
#include "engine/egdb/builder.hpp"
#include "eval/draughts/searchable.hpp"
#include "search/alphabeta.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/scratch.hpp"

namespace damier::egdb {
namespace {

using draughts::American;
using draughts::International;
using draughts::Russian;

std::string temp_folder(const std::string& name) {
    const auto dir = damier::test::scratch_path(name);
    std::filesystem::create_directories(dir);
    return dir;
}

// Builds every table of up to `pieces` pieces; the checksums by ending.
template <class R>
std::map<std::string, std::uint64_t> build(Database<R>& db, const std::string& dir, int pieces, int threads = 2) {
    std::map<std::string, std::uint64_t> sums;
    Builder<R> builder(db, dir, threads);
    EXPECT_EQ(builder.build(pieces, [&](const EndingReport& r) { sums[r.signature.label()] = r.checksum; }), "");
    return sums;
}

template <class R>
Wdl value(const Database<R>& db, const std::string& fen) {
    auto p = draughts::Notation<R>::parse_fen(fen);
    EXPECT_TRUE(p.ok()) << fen;
    auto v = db.probe(*p);
    EXPECT_TRUE(v.has_value()) << fen;
    return v.value_or(Wdl::Draw);
}

TEST(EgdbIndex, EveryIndexOfALayoutRoundTrips) {
    for (const Signature s : {Signature{1, 1, 1, 0}, Signature{2, 0, 0, 1}, Signature{0, 2, 1, 0}}) {
        const Layout<draughts::Board8> layout(s);
        std::uint64_t holes = 0;
        for (std::uint64_t i = 0; i < layout.size(); ++i) {
            const auto p = layout.position(i);
            if (!p) {
                ++holes;
                continue;
            }
            ASSERT_EQ(layout.index(*p), i) << s.label();
            ASSERT_EQ(signature_of(*p), s);
        }
        EXPECT_LT(holes * 10, layout.size()) << s.label();
    }
}

// The walk over a range (men decoded once per run of king placements) gives what
// position(i) gives, from a start inside a run, on the 64-bit boards and on 12x12
// (78-bit square sets, the generic squeeze).
template <class B>
void expect_walk_matches_positions(const Signature& s, std::uint64_t begin) {
    const Layout<B> layout(s);
    std::uint64_t next = begin, holes = 0;
    layout.for_each_position(begin, layout.size(), [&](std::uint64_t i, const auto& p) {
        ASSERT_EQ(i, next++) << s.label();
        const auto expected = layout.position(i);
        ASSERT_EQ(p.has_value(), expected.has_value()) << s.label() << " index " << i;
        if (!p) {
            ++holes;
            return;
        }
        ASSERT_TRUE(p->pieces == expected->pieces && p->kings == expected->kings) << s.label() << " index " << i;
        ASSERT_EQ(layout.index(*p), i) << s.label();
    });
    EXPECT_EQ(next, layout.size()) << s.label();
    if (s.my_men > 0 && s.their_men > 0) {
        EXPECT_GT(holes, 0u) << s.label();
    }
}

TEST(EgdbIndex, WalkingARangeGivesEveryIndexsPosition) {
    for (const Signature s : {Signature{1, 1, 1, 1}, Signature{2, 0, 0, 2}, Signature{0, 2, 1, 0}})
        expect_walk_matches_positions<draughts::Board8>(s, 7);
    expect_walk_matches_positions<draughts::Board10>(Signature{1, 1, 1, 0}, 3);
    expect_walk_matches_positions<draughts::Board12>(Signature{1, 1, 0, 1}, 0);
}

// Black to move is stored turned half a turn with the colours swapped: a piece on
// square s lands on square N-1-s, on the boards where that is a reversal of the bits
// (8x8, 10x10) as on 12x12.
template <class B>
void expect_half_turn_of_each_square() {
    using Bits = typename B::Bits;
    for (int s = 0; s < B::squares; ++s) {
        draughts::Position<B> p;
        p.side = Color::Black;
        p.pieces[1] = bit_at<Bits>(B::bit_of(s));
        p.kings = p.pieces[1];
        p.pieces[0] = bit_at<Bits>(B::bit_of((s + 1) % B::squares));
        const auto q = from_mover(p);
        ASSERT_EQ(q.side, Color::White);
        ASSERT_TRUE(q.pieces[0] == bit_at<Bits>(B::bit_of(B::squares - 1 - s))) << "square " << s;
        ASSERT_TRUE(q.kings == q.pieces[0]) << "square " << s;
        ASSERT_TRUE(q.pieces[1] == bit_at<Bits>(B::bit_of(B::squares - 1 - (s + 1) % B::squares))) << "square " << s;
    }
}

TEST(EgdbIndex, HalfTurnMovesEverySquareToItsOpposite) {
    static_assert(half_turn_reverses_bits<draughts::Board8> && half_turn_reverses_bits<draughts::Board10>);
    static_assert(!half_turn_reverses_bits<draughts::Board12>);
    expect_half_turn_of_each_square<draughts::Board8>();
    expect_half_turn_of_each_square<draughts::Board10>();
    expect_half_turn_of_each_square<draughts::Board12>();
}

TEST(EgdbIndex, SignaturesComeFewestMenFirst) {
    const auto all = signatures(3);
    EXPECT_EQ(all.size(), 12u);  // two pieces (3 mixes) against one (2), either side to move
    for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LE(all[i - 1].men(), all[i].men());
}

// American checkers to 3 pieces: each value agrees with its successors' values,
// two kings beat a king, and a rebuild writes the same checksums.
TEST(Egdb, AmericanThreePiecesAreSoundAndReproducible) {
    const std::string dir = temp_folder("a");
    Database<American> db;
    const auto sums = build(db, dir, 3);
    EXPECT_EQ(db.max_pieces(), 3);
    for (int n = 2; n <= 3; ++n)
        for (const auto& s : signatures(n)) EXPECT_EQ(inconsistencies(db, s), 0u) << s.label();
    EXPECT_EQ(value(db, "W:WK1,K2:BK32"), Wdl::Win);
    EXPECT_EQ(value(db, "B:WK1,K2:BK32"), Wdl::Loss);
    // Two kings to move against one: won but for the lone king's double attacks.
    const auto* two_kings = db.table({0, 2, 0, 1});
    ASSERT_NE(two_kings, nullptr);
    EXPECT_EQ(two_kings->header.losses, 0u);
    EXPECT_GT(two_kings->header.wins, 99 * two_kings->header.draws);

    // Rebuilt on one thread and on three: the same files.
    Database<American> again, one_thread;
    EXPECT_EQ(build(again, temp_folder("b"), 3, 3), sums);
    EXPECT_EQ(build(one_thread, temp_folder("c"), 3, 1), sums);
    // Read back from the files: the same values.
    Database<American> read;
    EXPECT_TRUE(read.load(dir).empty());
    EXPECT_EQ(read.max_pieces(), 3);
    for (const auto& s : signatures(3)) EXPECT_EQ(read.table(s)->values.bytes(), db.table(s)->values.bytes());

    // The check on several threads finds what it finds on one: nothing in the
    // sound tables, as many wrong positions once some values are changed.
    const Signature two_kings_one{0, 2, 0, 1};
    for (int n = 2; n <= 3; ++n)
        for (const auto& s : signatures(n)) EXPECT_EQ(inconsistencies(db, s, 3), 0u) << s.label();
    Database<American> changed;
    EXPECT_TRUE(changed.load(dir).empty());
    auto table = changed.read(dir, two_kings_one);
    ASSERT_TRUE(table);
    auto& values = table.value()->values;
    for (std::uint64_t i = 0; i < values.size(); i += 97)
        if (table.value()->layout.position(i) && values.get(i) == Wdl::Win) values.set(i, Wdl::Draw);
    changed.add(std::move(table.value()));
    const std::uint64_t bad = inconsistencies(changed, two_kings_one);
    EXPECT_GT(bad, 50u);
    EXPECT_EQ(inconsistencies(changed, two_kings_one, 3), bad);
}

// International, two kings: a lone king in the corner with the other king at the
// far end of the long diagonal must step onto that diagonal and is taken; no
// other position of two kings is lost.
TEST(Egdb, InternationalKingInTheCornerIsLost) {
    Database<International> db;
    build(db, temp_folder("i"), 2);
    EXPECT_EQ(value(db, "W:WK46:BK5"), Wdl::Loss);
    EXPECT_EQ(value(db, "B:WK46:BK5"), Wdl::Loss);
    EXPECT_EQ(value(db, "W:WK46:BK10"), Wdl::Win);   // 10 is on the long diagonal: taken
    EXPECT_EQ(value(db, "W:WK28:BK3"), Wdl::Draw);   // no capture, no trap to walk into
    EXPECT_EQ(db.table({0, 1, 0, 1})->header.losses, 2u);
    for (const auto& s : signatures(2)) EXPECT_EQ(inconsistencies(db, s), 0u) << s.label();
}

// Missing, truncated, foreign and mislabelled files are refused, one line each.
TEST(Egdb, BadFilesAreRefusedWithOneLine) {
    const std::string dir = temp_folder("bad");
    Database<Russian> built;
    build(built, dir, 2);
    const Signature kings{0, 1, 0, 1}, man{1, 0, 0, 1};
    Database<Russian> db;
    auto refused = [&](const std::string& path, const std::string& expected) {
        const auto t = db.read(dir, kings);
        ASSERT_FALSE(t.ok()) << path;
        EXPECT_NE(t.error().find(expected), std::string::npos) << t.error();
        EXPECT_EQ(t.error().find('\n'), std::string::npos);
    };
    const std::string path = Database<Russian>::path(dir, kings);
    const std::string copy = path + ".good";
    std::filesystem::copy_file(path, copy);

    std::filesystem::resize_file(path, std::filesystem::file_size(path) - 3);
    refused(path, "truncated");
    std::filesystem::copy_file(Database<Russian>::path(dir, man), path, std::filesystem::copy_options::overwrite_existing);
    refused(path, "expected 0M1K-0m1k");
    {
        std::ofstream(path, std::ios::binary | std::ios::trunc) << "not a database";
    }
    refused(path, "not a Damier endgame database");
    std::filesystem::remove(path);
    refused(path, "missing");
    // Built for other rules (Brazilian shares the board): refused by name.
    Database<draughts::Brazilian> brazilian;
    const std::string other = temp_folder("other");
    build(brazilian, other, 2);
    std::filesystem::copy_file(Database<draughts::Brazilian>::path(other, kings), path);
    refused(path, "built for brazilian");

    // A folder with a bad table loads what lies below it and says why.
    std::filesystem::remove(path);
    Database<Russian> partial;
    const auto problems = partial.load(dir);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("missing"), std::string::npos) << problems[0];
    EXPECT_EQ(partial.max_pieces(), 1);
    std::filesystem::rename(copy, path);
    Database<Russian> whole;
    EXPECT_TRUE(whole.load(dir).empty());
    EXPECT_EQ(whole.max_pieces(), 2);
}

// A won database position is played out to a win against a defender that uses
// the same databases, within the rules' move counters.
TEST(Egdb, SearchConvertsAWonEnding) {
    using R = American;
    auto db = std::make_shared<Database<R>>();
    build(*db, temp_folder("play"), 3);
    auto start = draughts::Notation<R>::parse_fen("W:WK1,K2:BK32");
    ASSERT_TRUE(start.ok());
    draughts::Game<R> game(*start);
    search::TranspositionTable table(4);
    search::AlphaBeta<eval::draughts::Searchable<R>> engine(table);
    search::Control control;
    search::Limits limits;
    limits.nodes = 20000;
    while (game.result().outcome == draughts::Outcome::Ongoing && game.ply() < 200) {
        const auto r = engine.run(eval::draughts::Searchable<R>(game, eval::draughts::builtin_weights(R::name), db),
                                  limits, 1, control);
        ASSERT_TRUE(r.has_move);
        game.play(r.best);
    }
    EXPECT_EQ(game.result().outcome, draughts::Outcome::WhiteWins) << game.result().reason << " after " << game.ply();
}

// The command builds and checks a folder; a search given a bad folder says so on
// one line and plays on without it, and one given the tables finds the win.
TEST(Egdb, CommandBuildsAndSearchUsesOrRefusesTheFolder) {
    const std::string dir = temp_folder("cli");
    const auto built = testing_support::run_damier("egdb --variant american --pieces 3 --out " + dir + " --verify");
    ASSERT_EQ(built.status, 0) << built.err;
    EXPECT_NE(built.out.find("ending=0M2K-0m1k positions=14880 wins=14846 draws=34 losses=0 "), std::string::npos)
        << built.out;
    EXPECT_NE(built.out.find("verify inconsistent=0"), std::string::npos) << built.out;

    const std::string search = "search --variant american --fen W:WK1,K2:BK32 --nodes 2000 --set egdb-path=";
    const auto good = testing_support::run_damier(search + dir);
    ASSERT_EQ(good.status, 0) << good.err;
    EXPECT_TRUE(good.err.empty()) << good.err;
    EXPECT_NE(good.out.find("done move="), std::string::npos) << good.out;

    std::filesystem::resize_file(Database<American>::path(dir, {0, 2, 0, 1}), 100);
    const auto bad = testing_support::run_damier(search + dir);
    ASSERT_EQ(bad.status, 0) << bad.err;
    EXPECT_NE(bad.err.find("0M2K-0m1k.egdb: truncated; searching without them"), std::string::npos) << bad.err;
    EXPECT_NE(bad.out.find("done move="), std::string::npos) << bad.out;
}

}  // namespace
}  // namespace damier::egdb
