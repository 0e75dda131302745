// Counting legal moves in bulk, for perft: the number of moves, children and
// grandchildren of a position, made from shifts and popcounts where the rules
// allow it and from the generator (movegen.hpp) elsewhere. The counts equal the
// sizes of the generator's lists; tests/draughts/playout_properties_test.cpp checks it.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "engine/draughts/bulk_captures.hpp"

namespace damier::draughts {

template <RuleSet R>
class MoveCount : BulkCaptures<R> {
    using Gen = MoveGen<R>;
    using Captures = BulkCaptures<R>;
    using typename Gen::B;
    using typename Gen::Bits;
    using typename Gen::Pos;
    template <Color Me>
    using ManJumps = typename Gen::template ManJumps<Me>;
    template <bool WithPaths, Color Me>
    using CaptureSearch = typename Gen::template CaptureSearch<WithPaths, Me>;
    using Captures::men_captures_rank_equal;

public:
    // Number of legal moves, equal to Gen::generate()'s size but cheaper when no capture
    // is possible: quiet moves are counted with shifts and popcounts (bulk perft).
    static std::size_t count(const Pos& p, CapturePaths paths = CapturePaths::Merge) {
        return Gen::for_side(p.side, [&]<Color Me>() -> std::size_t {
            if (!p.kings) return count_king_free<Me>(p, Gen::template men_steps<Me>(p.pieces[index(Me)]), paths);
            if (!Gen::template capture_possible_for<Me>(p)) return Gen::template count_quiet<Me>(p);
            MoveList<B> list;
            CaptureSearch<false, Me> search(p, list, nullptr, paths);
            search.run();
            return list.size() + (R::capture_mandatory ? 0 : Gen::template count_quiet<Me>(p));
        });
    }

    // The sum of count() over the positions after each legal move: perft to depth 2.
    // With no king on the board no move list is made (count_children_king_free).
    static std::uint64_t count_children(const Pos& p, CapturePaths paths = CapturePaths::Merge) {
        return Gen::for_side(p.side, [&]<Color Me>() -> std::uint64_t {
            if (!p.kings) return count_children_king_free<Me>(p, paths);
            return count_children_listed(p, paths);
        });
    }

    // Calls visit(child) on the position after each legal move, in no set order,
    // without a move list where it can (see visit_children).
    template <class F>
    static void for_each_child(const Pos& p, F&& visit, CapturePaths paths = CapturePaths::Merge) {
        Gen::for_side(p.side, [&]<Color Me>() {
            visit_children<Me>(p, [&]<Color>(const Pos& child) __attribute__((always_inline)) { visit(child); },
                               visit, paths);
        });
    }

    // The sum of count_children() over the positions after each legal move: perft
    // to depth 3.
    static std::uint64_t count_grandchildren(const Pos& p, CapturePaths paths = CapturePaths::Merge) {
        return Gen::for_side(p.side, [&]<Color Me>() -> std::uint64_t {
            std::uint64_t n = 0;
            visit_children<Me>(
                p,
                [&]<Color Them>(const Pos& child)
                    __attribute__((always_inline)) { n += count_children_king_free<Them>(child, paths); },
                [&](const Pos& child) { n += count_children(child, paths); }, paths);
            return n;
        });
    }

private:

    static std::uint64_t count_children_listed(const Pos& p, CapturePaths paths) {
        MoveList<B> moves;
        Gen::generate(p, moves, paths);
        std::uint64_t n = 0;
        for (const auto& m : moves) n += count(p.after(m), paths);
        return n;
    }

    template <class F>
    [[gnu::noinline]] static void visit_listed(const Pos& p, F& visit, CapturePaths paths) {
        MoveList<B> moves;
        Gen::generate(p, moves, paths);
        for (const auto& m : moves) visit(p.after(m));
    }

    // Calls king_free.template operator()<Them>(child) on each child without a king
    // and other(child) on the others. With no king on the board and only quiet
    // moves or single jumps to play, the children are made from shifted men,
    // without a move list: on 8x8 boards a node has few children, so listing them
    // weighs on every leaf of bulk perft.
    template <Color Me, class F, class G>
    [[gnu::always_inline]] static void visit_children(const Pos& p, F&& king_free, G&& other, CapturePaths paths) {
        if (p.kings) return visit_listed(p, other, paths);
        const auto jumps = Gen::template man_jumps<Me>(p);
        if (jumps.any() && !jumps.simple()) {
            if constexpr (R::capture_mandatory) {
                MoveList<B> moves;
                if (Captures::template list_man_captures<Me>(p, jumps, moves, paths)) {
                    for (const auto& m : moves) {
                        const Pos child = p.after(m);
                        if (child.kings) other(child);
                        else king_free.template operator()<opponent(Me)>(child);
                    }
                    return;
                }
            }
            return visit_listed(p, other, paths);
        }
        constexpr Color Them = opponent(Me);
        const Bits crown_row = B::promotion_row(Me);
        auto make = [&](Bits mine, Bits theirs, int to) __attribute__((always_inline)) {
            Pos child;
            child.pieces[index(Me)] = mine;
            child.pieces[index(Them)] = theirs;
            child.kings = 0;
            child.side = Them;
            if ((crown_row >> to) & 1) {
                child.kings = bit_at<Bits>(to);
                other(std::as_const(child));
            } else {
                king_free.template operator()<Them>(std::as_const(child));
            }
        };
        const Bits mine = p.pieces[index(Me)], theirs = p.pieces[index(Them)];
        if (jumps.any()) {
            Gen::for_each_direction([&]<int D>() {
                if constexpr (!Gen::man_captures_in(Me, D)) return;
                for (Bits l = jumps.landings[D]; l;) {
                    const int to = pop_lowest(l), over = to - B::shift[D], from = over - B::shift[D];
                    make(mine ^ (bit_at<Bits>(from) | bit_at<Bits>(to)), theirs ^ bit_at<Bits>(over), to);
                }
            });
            if constexpr (R::capture_mandatory) return;
        }
        const Bits empty = p.empty();
        Gen::for_each_direction([&]<int D>() {
            if constexpr (Gen::is_forward(Me, D)) {
                for (Bits targets = B::template shifted<D>(mine) & empty; targets;) {
                    const int to = pop_lowest(targets);
                    make(mine ^ (bit_at<Bits>(to - B::shift[D]) | bit_at<Bits>(to)), theirs, to);
                }
            }
        });
    }

    // count_children() of a king-free position with Me to move. With no king on the
    // board (the common case in bulk perft) no move list is made: children of quiet
    // moves are looked at through their two changed squares (see
    // count_quiet_children), and those of single jumps are built from the jumps found.
    template <Color Me>
    static std::uint64_t count_children_king_free(const Pos& p, CapturePaths paths) {
        const auto jumps = Gen::template man_jumps<Me>(p);
        if (!jumps.any()) return count_quiet_children<Me>(p, paths);
        if (jumps.simple()) {
            std::uint64_t n = count_single_jump_children<Me>(p, jumps, paths);
            if constexpr (!R::capture_mandatory) n += count_quiet_children<Me>(p, paths);
            return n;
        }
        if constexpr (R::capture_mandatory) {
            MoveList<B> moves;
            if (Captures::template list_man_captures<Me>(p, jumps, moves, paths)) {
                std::uint64_t n = 0;
                for (const auto& m : moves) n += count(p.after(m), paths);
                return n;
            }
        }
        return count_children_listed(p, paths);
    }

    // count() of a king-free position where Them is to move, given the squares
    // of Them's men moved one step in each capture direction.
    template <Color Them>
    [[gnu::always_inline]] static std::uint64_t count_king_free(const Pos& p, const std::array<Bits, 4>& step,
                                                                CapturePaths paths) {
        const Bits empty = p.empty();
        const auto jumps = Gen::template man_jumps<Them>(step, p.pieces[index(opponent(Them))], empty);
        std::uint64_t n = 0;
        if (!R::capture_mandatory || !jumps.any()) {
            Gen::for_each_direction([&]<int D>() {
                if constexpr (Gen::is_forward(Them, D)) n += popcount(step[D] & empty);
            });
        }
        if (!jumps.any()) return n;
        return n + (jumps.simple() ? jumps.count() : Captures::template count_man_captures<Them>(p, jumps, paths));
    }

    // Children of single jumps in a king-free position are king-free unless the
    // man is crowned, and are counted without making the move.
    template <Color Me>
    static std::uint64_t count_single_jump_children(const Pos& p, const ManJumps<Me>& jumps, CapturePaths paths) {
        constexpr Color Them = opponent(Me);
        std::uint64_t n = 0;
        Gen::for_each_direction([&]<int D>() {
            if constexpr (!Gen::man_captures_in(Me, D)) return;
            for (Bits l = jumps.landings[D]; l;) {
                const int to = pop_lowest(l), over = to - B::shift[D], from = over - B::shift[D];
                Pos child = p;
                child.pieces[index(Me)] ^= bit_at<Bits>(from) | bit_at<Bits>(to);
                child.pieces[index(Them)] ^= bit_at<Bits>(over);
                child.side = Them;
                if ((B::promotion_row(Me) >> to) & 1) {
                    child.kings = bit_at<Bits>(to);
                    n += count(child, paths);
                } else {
                    n += count_king_free<Them>(child, Gen::template men_steps<Them>(child.pieces[index(Them)]), paths);
                }
            }
        });
        return n;
    }

    // Counts in bulk the children of a king-free position without threats (see
    // count_quiet_children) whose captures all end after one jump: they have as
    // many moves as jumps. A jump of theirs lands next to the square taken or left,
    // and goes on from there exactly when it would in the position before the move
    // (the second piece taken and the square landed on are neither of the two
    // squares the move changed), except for a second jump over the man that moved
    // after a jump onto the square it left.
    template <Color Me>
    class SingleCaptures {
    public:
        static constexpr Color Them = opponent(Me);

        SingleCaptures(Bits mine, Bits empty) : mine_(mine), empty_(empty) {
            std::array<Bits, 4> jump_from{};
            Gen::for_each_direction([&]<int D>() {
                constexpr int Back = opposite(D);
                if constexpr (Gen::man_captures_in(Them, D))
                    jump_from[D] = B::template shifted<Back>(B::template shifted<Back>(empty) & mine);
            });
            Gen::for_each_direction([&]<int D>() {
                if constexpr (Gen::man_captures_in(Them, D)) {
                    Bits sources = 0;
                    Gen::for_each_direction([&]<int D2>() {
                        if constexpr (Gen::man_captures_in(Them, D2) && D2 != opposite(D)) sources |= jump_from[D2];
                    });
                    goes_on_[D] = crowning_adjusted(sources);
                }
            });
        }

        // The moves of the children of men moving in direction Dm, from `origins`
        // (whose targets are `targets`), that have only single jumps; these origins
        // are taken out of `searched`.
        template <int Dm>
        std::uint64_t count(Bits targets, Bits origins, const std::array<Bits, 4>& next_to_theirs,
                            Bits& searched) const {
            constexpr int Back = opposite(Dm);
            // Jumps over the target (target squares) and onto the origin (origins),
            // by direction, and the origins of children with a jump that goes on.
            std::array<Bits, 4> over{}, onto{};
            Bits going_on = 0;
            Bits over_mover = 0;
            if constexpr (Gen::man_captures_in(Them, Dm))
                over_mover = crowning_adjusted(B::template shifted<Back>(B::template shifted<Back>(empty_)));
            Gen::for_each_direction([&]<int D>() {
                if constexpr (Gen::man_captures_in(Them, D)) {
                    constexpr int Opposite = opposite(D);
                    if constexpr (D == Back) over[D] = targets & next_to_theirs[D];
                    else over[D] = targets & next_to_theirs[D] & B::template shifted<Opposite>(empty_);
                    going_on |= B::template shifted<Back>(over[D] & B::template shifted<Opposite>(goes_on_[D]));
                    onto[D] = B::template shifted<D>(mine_ & next_to_theirs[D]) & origins;
                    going_on |= onto[D] & (goes_on_[D] | over_mover);
                }
            });
            const Bits simple = origins & ~going_on;
            const Bits simple_targets = B::template shifted<Dm>(simple);
            std::uint64_t n = 0;
            Gen::for_each_direction([&]<int D>() {
                if constexpr (Gen::man_captures_in(Them, D))
                    n += static_cast<std::uint64_t>(popcount(simple_targets & over[D]) + popcount(simple & onto[D]));
            });
            searched &= ~simple;
            return n;
        }

    private:
        // Landing squares from which a capture goes on, counting a man crowned there.
        static Bits crowning_adjusted(Bits landings) {
            constexpr Bits crown_row = B::promotion_row(Them);
            if constexpr (R::crown_in_capture == CrownInCapture::CrownAndContinue) return landings | crown_row;
            else if constexpr (R::crown_in_capture == CrownInCapture::CrownAndStop) return landings & ~crown_row;
            else return landings;
        }

        Bits mine_, empty_;
        std::array<Bits, 4> goes_on_{};  // by direction of the jump landing there
    };

    // Whether count_quiet_children counts the children whose captures all end after
    // one jump in bulk: with men capturing forward only; with men capturing in four
    // directions the test costs more than the children it saves.
    static constexpr bool bulk_single_captures = R::capture_mandatory && !R::men_capture_backwards;

    template <Color Me>
    static std::uint64_t count_quiet_children(const Pos& p, CapturePaths paths) {
        constexpr Color Them = opponent(Me);
        const Bits empty = p.empty(), crown_row = B::promotion_row(Me);
        const Bits mine = p.pieces[index(Me)];
        // Their men moved one step, by direction: in a child, one of mine there with
        // an empty square behind is a capture, an empty one a move.
        const auto next_to_theirs = Gen::template men_steps<Them>(p.pieces[index(Them)]);
        auto child_count = [&](int from, int to) __attribute__((always_inline)) -> std::uint64_t {
            Pos child = p;
            child.pieces[index(Me)] = mine ^ (bit_at<Bits>(from) | bit_at<Bits>(to));
            child.side = Them;
            if ((crown_row >> to) & 1) {
                child.kings = bit_at<Bits>(to);
                return count(child, paths);
            }
            return count_king_free<Them>(child, next_to_theirs, paths);
        };
        // Can they capture if it were their turn? Then nearly every child has a
        // capture, and the children are counted one by one.
        Bits threats = 0;
        Gen::for_each_direction([&]<int D>() {
            if constexpr (Gen::man_captures_in(Them, D)) threats |= B::template shifted<D>(next_to_theirs[D] & mine) & empty;
        });
        std::uint64_t n = 0;
        if (threats) {
            Gen::for_each_direction([&]<int D>() {
                if constexpr (!Gen::is_forward(Me, D)) return;
                for (Bits targets = B::template shifted<D>(mine) & empty; targets;) {
                    const int to = pop_lowest(targets);
                    n += child_count(to - B::shift[D], to);
                }
            });
            return n;
        }
        // Otherwise a child has a capture only through the two squares the move
        // changed: a jump over the man that moved, or onto the square it left. The
        // other children have no capture nor king, and their quiet moves are the
        // parent's plus those onto the square left, minus those onto the square
        // taken: counted for all of them at once.
        std::uint64_t their_quiet = 0;
        Gen::for_each_direction([&]<int D>() {
            if constexpr (Gen::is_forward(Them, D)) their_quiet += popcount(next_to_theirs[D] & empty);
        });
        struct None {};
        const auto single_captures = [&] {
            if constexpr (bulk_single_captures) return SingleCaptures<Me>(mine, empty);
            else return None{};
        }();
        Gen::for_each_direction([&]<int Dm>() {
            if constexpr (!Gen::is_forward(Me, Dm)) return;
            constexpr int Back = opposite(Dm);
            const Bits targets = B::template shifted<Dm>(mine) & empty;
            Bits over_target = 0, onto_origin = 0;
            Gen::for_each_direction([&]<int D>() {
                if constexpr (Gen::man_captures_in(Them, D)) {
                    // Over the man on its target square: the landing square is empty,
                    // or is the square it came from.
                    if constexpr (D == Back) over_target |= targets & next_to_theirs[D];
                    else over_target |= targets & next_to_theirs[D] & B::template shifted<opposite(D)>(empty);
                    onto_origin |= B::template shifted<D>(mine & next_to_theirs[D]);
                }
            });
            const Bits origins = B::template shifted<Back>(targets);
            const Bits one_by_one =
                (B::template shifted<Back>(over_target | (targets & crown_row)) | onto_origin) & origins;
            const Bits plain = origins & ~one_by_one;
            n += static_cast<std::uint64_t>(popcount(plain)) * their_quiet;
            const Bits plain_targets = B::template shifted<Dm>(plain);
            Gen::for_each_direction([&]<int D>() {
                if constexpr (Gen::is_forward(Them, D))
                    n += static_cast<std::uint64_t>(popcount(plain & next_to_theirs[D])) -
                         static_cast<std::uint64_t>(popcount(plain_targets & next_to_theirs[D]));
            });
            Bits searched = one_by_one;
            if constexpr (bulk_single_captures)
                n += single_captures.template count<Dm>(
                    targets, one_by_one & ~B::template shifted<Back>(targets & crown_row), next_to_theirs, searched);
            for (Bits from = searched; from;) {
                const int sq = pop_lowest(from);
                n += child_count(sq, sq + B::shift[Dm]);
            }
        });
        return n;
    }
};

}  // namespace damier::draughts
