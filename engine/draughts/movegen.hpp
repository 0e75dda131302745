// The draughts move generator: one generator for every rule set and board size.
//
// Captures are found by depth-first search from each piece that can capture, with
// captured pieces left on the board until the move ends (they block, and cannot be
// jumped twice). Each complete sequence is scored by the rule set's precedence key
// and only the sequences with the highest key are kept; two sequences with the same
// origin, destination, captured set and crowning are one move.
//
// A capture sequence ends only when no further capture is possible: a man must go
// on jumping, and a flying king must land on a square from which it can go on
// capturing whenever one of its landing squares allows that.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/draughts/position.hpp"
#include "engine/draughts/rules.hpp"

namespace damier::draughts {

// Whether capture sequences that differ only in their path are one move (the rules)
// or several (some published perft tables count them that way).
enum class CapturePaths { Merge, Count };

template <RuleSet R>
class MoveGen {
public:
    using B = typename R::board;
    using Bits = typename B::Bits;
    using Pos = Position<B>;
    // Landing squares (bit indices) of one capture, origin first.
    using Path = std::vector<std::uint8_t>;

    // All legal moves of the side to move.
    static void generate(const Pos& p, MoveList<B>& out, CapturePaths paths = CapturePaths::Merge) {
        for_side(p.side, [&]<Color Me>() {
            out.clear();
            bool captures;
            if (!p.kings) {
                const auto jumps = man_jumps<Me>(p);
                if (jumps.simple()) {
                    push_single_jumps<Me>(jumps, out);
                    if constexpr (R::capture_mandatory) return;
                }
                if (!jumps.any() || jumps.simple()) return generate_quiet<Me>(p, out);
                captures = true;
            } else {
                captures = capture_possible_for<Me>(p);
            }
            if (captures) {
                CaptureSearch<false, Me> search(p, out, nullptr, paths);
                search.run();
                if constexpr (R::capture_mandatory) return;
            }
            generate_quiet<Me>(p, out);
        });
    }

    // The legal captures with one path each (paths[i] belongs to out[i]); for
    // notation, not for the search.
    static void generate_captures_with_paths(const Pos& p, MoveList<B>& out, std::vector<Path>& paths) {
        out.clear();
        paths.clear();
        for_side(p.side, [&]<Color Me>() {
            if (!capture_possible_for<Me>(p)) return;
            CaptureSearch<true, Me> search(p, out, &paths);
            search.run();
        });
    }

    // Number of legal moves, equal to generate()'s size but cheaper when no capture
    // is possible: quiet moves are counted with shifts and popcounts (bulk perft).
    static std::size_t count(const Pos& p, CapturePaths paths = CapturePaths::Merge) {
        return for_side(p.side, [&]<Color Me>() -> std::size_t {
            if (!p.kings) return count_king_free<Me>(p, men_steps<Me>(p.pieces[index(Me)]), paths);
            if (!capture_possible_for<Me>(p)) return count_quiet<Me>(p);
            MoveList<B> list;
            CaptureSearch<false, Me> search(p, list, nullptr, paths);
            search.run();
            return list.size() + (R::capture_mandatory ? 0 : count_quiet<Me>(p));
        });
    }

    // The sum of count() over the positions after each legal move: perft to depth 2.
    // With no king on the board no move list is made (count_children_king_free).
    static std::uint64_t count_children(const Pos& p, CapturePaths paths = CapturePaths::Merge) {
        return for_side(p.side, [&]<Color Me>() -> std::uint64_t {
            if (!p.kings) return count_children_king_free<Me>(p, paths);
            return count_children_listed(p, paths);
        });
    }

    // Calls visit(child) on the position after each legal move, in no set order,
    // without a move list where it can (see visit_children).
    template <class F>
    static void for_each_child(const Pos& p, F&& visit, CapturePaths paths = CapturePaths::Merge) {
        for_side(p.side, [&]<Color Me>() {
            visit_children<Me>(p, [&]<Color>(const Pos& child) __attribute__((always_inline)) { visit(child); },
                               visit, paths);
        });
    }

    // The sum of count_children() over the positions after each legal move: perft
    // to depth 3.
    static std::uint64_t count_grandchildren(const Pos& p, CapturePaths paths = CapturePaths::Merge) {
        return for_side(p.side, [&]<Color Me>() -> std::uint64_t {
            std::uint64_t n = 0;
            visit_children<Me>(
                p,
                [&]<Color Them>(const Pos& child)
                    __attribute__((always_inline)) { n += count_children_king_free<Them>(child, paths); },
                [&](const Pos& child) { n += count_children(child, paths); }, paths);
            return n;
        });
    }

    // True when the side to move has at least one capture.
    static bool capture_possible(const Pos& p) {
        return for_side(p.side, [&]<Color Me>() { return capture_possible_for<Me>(p); });
    }

    static bool has_legal_move(const Pos& p) {
        return for_side(p.side, [&]<Color Me>() { return capture_possible_for<Me>(p) || count_quiet<Me>(p) > 0; });
    }

private:
    // Calls f.template operator()<Me>() with the side to move as a constant, so that
    // the directions of men are known at compile time.
    template <class F>
    static decltype(auto) for_side(Color side, F&& f) {
        if (side == Color::White) return f.template operator()<Color::White>();
        return f.template operator()<Color::Black>();
    }

    static std::uint64_t count_children_listed(const Pos& p, CapturePaths paths) {
        MoveList<B> moves;
        generate(p, moves, paths);
        std::uint64_t n = 0;
        for (const auto& m : moves) n += count(p.after(m), paths);
        return n;
    }

    template <class F>
    [[gnu::noinline]] static void visit_listed(const Pos& p, F& visit, CapturePaths paths) {
        MoveList<B> moves;
        generate(p, moves, paths);
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
        const auto jumps = man_jumps<Me>(p);
        if (jumps.any() && !jumps.simple()) {
            if constexpr (R::capture_mandatory) {
                MoveList<B> moves;
                if (list_man_captures<Me>(p, jumps, moves, paths)) {
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
            for_each_direction([&]<int D>() {
                if constexpr (!man_captures_in(Me, D)) return;
                for (Bits l = jumps.landings[D]; l;) {
                    const int to = pop_lowest(l), over = to - B::shift[D], from = over - B::shift[D];
                    make(mine ^ (bit_at<Bits>(from) | bit_at<Bits>(to)), theirs ^ bit_at<Bits>(over), to);
                }
            });
            if constexpr (R::capture_mandatory) return;
        }
        const Bits empty = p.empty();
        for_each_direction([&]<int D>() {
            if constexpr (is_forward(Me, D)) {
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
        const auto jumps = man_jumps<Me>(p);
        if (!jumps.any()) return count_quiet_children<Me>(p, paths);
        if (jumps.simple()) {
            std::uint64_t n = count_single_jump_children<Me>(p, jumps, paths);
            if constexpr (!R::capture_mandatory) n += count_quiet_children<Me>(p, paths);
            return n;
        }
        if constexpr (R::capture_mandatory) {
            MoveList<B> moves;
            if (list_man_captures<Me>(p, jumps, moves, paths)) {
                std::uint64_t n = 0;
                for (const auto& m : moves) n += count(p.after(m), paths);
                return n;
            }
        }
        return count_children_listed(p, paths);
    }

    // With no king on the board every capture by a man has the same precedence as
    // long as it takes one piece, so when no capture can go on after its first jump,
    // the captures are one per (man, direction) with a jump, found with shifts alone.
    template <Color Me>
    struct ManJumps {
        // Landing squares by direction; each is one man's jump in that direction
        // (zero in the directions where men do not capture).
        std::array<Bits, 4> landings{};
        Bits all = 0;        // the union of the landings
        Bits going_on = 0;   // landing squares from which the man jumps again
        Bits may_go_on = 0;  // other landing squares where a man crowned mid-capture may go on

        bool any() const { return all != 0; }
        // Some man can capture, and every capture ends after one jump.
        bool simple() const { return any() && !(going_on | may_go_on); }
        std::size_t count() const {
            std::size_t n = 0;
            for_each_direction([&]<int D>() {
                if constexpr (man_captures_in(Me, D)) n += static_cast<std::size_t>(popcount(landings[D]));
            });
            return n;
        }
    };

    // Jumps of the men of Me in a king-free position, from their squares moved one
    // step in each capture direction (step[D] = shifted<D>(men); callers that look at
    // many children of one position shift the men once).
    template <Color Me>
    [[gnu::always_inline]] static ManJumps<Me> man_jumps(const std::array<Bits, 4>& step, Bits victims, Bits empty) {
        ManJumps<Me> jumps;
        for_each_direction([&]<int D>() {
            if constexpr (man_captures_in(Me, D)) {
                jumps.landings[D] = B::template shifted<D>(step[D] & victims) & empty;
                jumps.all |= jumps.landings[D];
            }
        });
        if (jumps.all) {
            jumps.going_on = jumps.all & jump_sources<Me>(victims, empty);
            if constexpr (R::crown_in_capture == CrownInCapture::CrownAndContinue)
                jumps.may_go_on = jumps.all & B::promotion_row(Me) & ~jumps.going_on;
        }
        return jumps;
    }

    template <Color Me>
    static ManJumps<Me> man_jumps(const Pos& p) {
        return man_jumps<Me>(men_steps<Me>(p.pieces[index(Me)]), p.pieces[index(opponent(Me))], p.empty());
    }

    template <Color Me>
    static std::array<Bits, 4> men_steps(Bits men) {
        std::array<Bits, 4> step{};
        for_each_direction([&]<int D>() {
            if constexpr (man_captures_in(Me, D)) step[D] = B::template shifted<D>(men);
        });
        return step;
    }

    // Squares from which a man of Me could jump. A man that has just jumped in one
    // direction needs no exception for jumping straight back: that would land on its
    // own square, which `empty` does not hold.
    template <Color Me>
    [[gnu::always_inline]] static Bits jump_sources(Bits victims, Bits empty) {
        Bits sources = 0;
        for_each_direction([&]<int D>() {
            constexpr int Back = opposite(D);
            if constexpr (man_captures_in(Me, D))
                sources |= B::template shifted<Back>(B::template shifted<Back>(empty) & victims);
        });
        return sources;
    }

    // With no king on the board, the captures of a rule set where the number of
    // pieces taken does not rank them are all equal.
    static constexpr bool men_captures_rank_equal =
        R::precedence == Precedence::FreeChoice || R::precedence == Precedence::KingFirst;

    // The number of captures in a king-free position where some jump may go on: only
    // the men with such a jump are searched. The other men's single jumps are legal
    // moves when captures rank equal, and are outranked by a longer capture otherwise.
    template <Color Me>
    static std::size_t count_man_captures(const Pos& p, const ManJumps<Me>& jumps, CapturePaths paths) {
        const Bits searched_landings = jumps.going_on | jumps.may_go_on;
        Bits searched = 0;
        for_each_direction([&]<int D>() {
            constexpr int Back = opposite(D);
            if constexpr (man_captures_in(Me, D))
                searched |= B::template shifted<Back>(B::template shifted<Back>(jumps.landings[D] & searched_landings));
        });
        std::size_t singles = 0;
        if constexpr (men_captures_rank_equal) {
            for_each_direction([&]<int D>() {
                if constexpr (man_captures_in(Me, D))
                    singles += popcount(jumps.landings[D] & ~B::template shifted<D>(B::template shifted<D>(searched)));
            });
        }
        // Unless a capture surely goes on, every man's capture may be among the best.
        Bits men = men_captures_rank_equal || jumps.going_on ? searched : p.pieces[index(Me)];
        // Only for men capturing forward: two directions make four pairs of jumps
        // (backwards, twelve pairs cost more than the search they save).
        if (!R::men_capture_backwards && (men_captures_rank_equal || jumps.going_on)) {
            const auto [two_jump_count, longer] = count_two_jump_captures<Me>(p, jumps, searched);
            if (men_captures_rank_equal || !longer) singles += two_jump_count;
            if (!longer) return singles;
            if constexpr (men_captures_rank_equal) men = longer;
        }
        ManCaptureCounter<Me> counter(p, paths == CapturePaths::Merge);
        if (counter.add_men(men)) return singles + counter.count();
        MoveList<B> list;
        CaptureSearch<false, Me> search(p, list, nullptr, paths);
        search.run_men(men & search.capturing_men(men));
        return singles + list.size();
    }

    // The captures of a king-free position where some jump may go on, as
    // count_man_captures finds them, added to `out`. False (with `out` unchanged)
    // when they need CaptureSearch.
    template <Color Me>
    static bool list_man_captures(const Pos& p, const ManJumps<Me>& jumps, MoveList<B>& out, CapturePaths paths) {
        const Bits searched_landings = jumps.going_on | jumps.may_go_on;
        Bits searched = 0;
        for_each_direction([&]<int D>() {
            constexpr int Back = opposite(D);
            if constexpr (man_captures_in(Me, D))
                searched |= B::template shifted<Back>(B::template shifted<Back>(jumps.landings[D] & searched_landings));
        });
        const std::size_t first = out.size();
        if constexpr (men_captures_rank_equal) {
            for_each_direction([&]<int D>() {
                if constexpr (man_captures_in(Me, D))
                    for (Bits l = jumps.landings[D] & ~B::template shifted<D>(B::template shifted<D>(searched)); l;)
                        out.push(single_jump<Me, D>(pop_lowest(l)));
            });
        }
        const Bits men = men_captures_rank_equal || jumps.going_on ? searched : p.pieces[index(Me)];
        ManCaptureCounter<Me, true> counter(p, paths == CapturePaths::Merge, out);
        if (counter.add_men(men)) return true;
        out.truncate(first);
        return false;
    }

    // The captures of the searched men whose every capture ends by the second jump,
    // counted with shifts: a path of one or two jumps is one landing bit per pair
    // of directions, it cannot take a piece twice nor land on the square it left,
    // so it needs no captured set. Also returns the other searched men, whose
    // captures may go on to a third jump or on as a crowned king: they are counted
    // by a search (for ranked rules, a non-empty set means the caller searches all).
    template <Color Me>
    static std::pair<std::size_t, Bits> count_two_jump_captures(const Pos& p, const ManJumps<Me>& jumps,
                                                               Bits searched) {
        const Bits victims = p.pieces[index(opponent(Me))], empty = p.empty(), crown_row = B::promotion_row(Me);
        constexpr bool crown_goes_on = R::crown_in_capture == CrownInCapture::CrownAndContinue;
        constexpr bool crown_stops = R::crown_in_capture == CrownInCapture::CrownAndStop;
        // jump_from[D]: squares from which a man can jump in direction D.
        std::array<Bits, 4> jump_from{};
        for_each_direction([&]<int D>() {
            constexpr int Back = opposite(D);
            if constexpr (man_captures_in(Me, D))
                jump_from[D] = B::template shifted<Back>(B::template shifted<Back>(empty) & victims);
        });
        auto twice = []<int D>(Bits b) { return B::template shifted<D>(B::template shifted<D>(b)); };
        std::array<Bits, 4> first{};            // first landings of searched men, by direction
        std::array<std::array<Bits, 4>, 4> second{};  // second landings, by both directions
        Bits longer = 0;                        // origins of the men left to the search
        for_each_direction([&]<int D1>() {
            if constexpr (man_captures_in(Me, D1)) {
                constexpr int Back1 = opposite(D1);
                first[D1] = jumps.landings[D1] & twice.template operator()<D1>(searched);
                Bits continuing = first[D1];
                if constexpr (crown_goes_on) longer |= twice.template operator()<Back1>(first[D1] & crown_row);
                if constexpr (crown_goes_on || crown_stops) continuing &= ~crown_row;
                // Usually one direction or none has a landing that goes on.
                if (!(continuing & jumps.going_on)) return;
                for_each_direction([&]<int D2>() {
                    if constexpr (man_captures_in(Me, D2) && D2 != Back1) {
                        constexpr int Back2 = opposite(D2);
                        const Bits landed =
                            B::template shifted<D2>(B::template shifted<D2>(continuing) & victims) & empty;
                        second[D1][D2] = landed;
                        // A third jump, except straight back over the piece just taken
                        // (the piece taken first may be counted here: the search sorts it
                        // out). An odd number of jumps never lands on the square left.
                        Bits third = 0;
                        for_each_direction([&]<int D3>() {
                            if constexpr (man_captures_in(Me, D3) && D3 != Back2) third |= jump_from[D3];
                        });
                        Bits goes_further = landed & third;
                        if constexpr (crown_goes_on) goes_further |= landed & crown_row;
                        if constexpr (crown_stops) goes_further &= ~crown_row;
                        longer |= twice.template operator()<Back1>(twice.template operator()<Back2>(goes_further));
                    }
                });
            }
        });
        std::size_t n = 0;
        for_each_direction([&]<int D1>() {
            if constexpr (man_captures_in(Me, D1)) {
                constexpr int Back1 = opposite(D1);
                // First landings of the men left to the search.
                const Bits left = twice.template operator()<D1>(longer);
                Bits continued = 0;
                for_each_direction([&]<int D2>() {
                    if constexpr (man_captures_in(Me, D2) && D2 != Back1) {
                        constexpr int Back2 = opposite(D2);
                        continued |= twice.template operator()<Back2>(second[D1][D2]);
                        n += popcount(second[D1][D2] & ~twice.template operator()<D2>(left));
                    }
                });
                // One-jump captures are legal only where captures rank equal.
                if constexpr (men_captures_rank_equal) n += popcount(first[D1] & ~(continued | left));
            }
        });
        return {n, longer & searched};
    }

    // Counts the captures of men in a king-free position without making moves: a
    // leaner search than CaptureSearch, where the precedence key is the number of
    // pieces taken (the other terms are equal when no king is on the board).
    // With Listing, the captures are also added to a move list.
    template <Color Me, bool Listing = false>
    class ManCaptureCounter {
    public:
        ManCaptureCounter(const Pos& p, bool merge_paths)
            : pos_(p), victims_(p.pieces[index(opponent(Me))]), empty_(p.empty()), merge_paths_(merge_paths) {}
        ManCaptureCounter(const Pos& p, bool merge_paths, MoveList<B>& out)
            requires Listing
            : ManCaptureCounter(p, merge_paths) {
            out_ = &out;
            first_ = out.size();
        }

        // False when the count needs CaptureSearch: more long captures of one man
        // than the merge buffer holds.
        bool add_men(Bits men) {
            for (Bits m = men; m;) {
                const int from = pop_lowest(m);
                from_ = from;
                empty_ |= bit_at<Bits>(from);
                long_captures_ = 0;
                search_from<-1>(from, Bits{0}, 0);
                empty_ &= ~bit_at<Bits>(from);
                if (gave_up_) return false;
            }
            return true;
        }
        std::size_t count() const { return count_; }

    private:
        // Came: the direction of the jump that landed on sq (-1 at the start); going
        // straight back would take the same piece again.
        template <int Came>
        void search_from(int sq, Bits captured, int taken) {
            const Bits at = bit_at<Bits>(sq), victims = victims_ & ~captured;
            bool extended = false;
            for_each_direction([&]<int D>() {
                if constexpr (man_captures_in(Me, D) && (Came < 0 || D != opposite(Came))) {
                    const Bits over = B::template shifted<D>(at) & victims;
                    if (!over || !(B::template shifted<D>(over) & empty_)) return;
                    extended = true;
                    const int land = sq + 2 * B::shift[D];
                    if constexpr (R::crown_in_capture != CrownInCapture::PassThrough) {
                        if ((B::promotion_row(Me) >> land) & 1) {
                            if constexpr (R::crown_in_capture == CrownInCapture::CrownAndStop)
                                record(land, captured | over, taken + 1, true);
                            else
                                crowned_goes_on(land, D, captured | over, taken + 1);
                            return;
                        }
                    }
                    search_from<D>(land, captured | over, taken + 1);
                }
            });
            if (!extended && Came >= 0) record(sq, captured, taken, ((B::promotion_row(Me) >> sq) & 1) != 0);
        }

        void record(int to, Bits captured, int taken, bool crowns) {
            if constexpr (!men_captures_rank_equal) {
                if (taken < best_) return;
                if (taken > best_) {
                    best_ = taken;
                    count_ = 0;
                    long_captures_ = 0;
                    if constexpr (Listing) out_->truncate(first_);
                }
            }
            // Different paths can only give the same move from three pieces taken on;
            // moves of one man are compared, so destination, crowning and captured
            // set tell them apart (a Russian man crowned on the way ends as a king).
            if (taken >= 3 && merge_paths_) {
                static_assert(B::bit_count <= 128);
                const auto end = static_cast<std::uint8_t>(to | (crowns ? 128 : 0));
                for (std::size_t i = 0; i < long_captures_; ++i)
                    if (long_end_[i] == end && long_captured_[i] == captured) return;
                if (long_captures_ == long_end_.size()) {
                    gave_up_ = true;
                    return;
                }
                long_end_[long_captures_] = end;
                long_captured_[long_captures_++] = captured;
            }
            ++count_;
            if constexpr (Listing) out_->push(Move<B>{captured, Move<B>::u8(from_), Move<B>::u8(to), crowns});
        }

        // The rare man crowned mid-capture who goes on as a king: CaptureSearch
        // finishes those captures, and each one found is recorded here.
        void crowned_goes_on(int land, int dir, Bits captured, int taken) {
            // Most men crowned in a capture cannot go on as a king and need no CaptureSearch.
            if (!kings_can_capture(bit_at<Bits>(land), victims_ & ~captured, empty_))
                return record(land, captured, taken, true);
            MoveList<B> list;
            CaptureSearch<false, Me> search(pos_, list, nullptr,
                                            merge_paths_ ? CapturePaths::Merge : CapturePaths::Count);
            search.continue_crowned(from_, land, dir, captured, taken);
            for (const auto& m : list) record(m.to, m.captured, popcount(m.captured), m.crowns);
        }

        const Pos& pos_;
        Bits victims_, empty_;
        int from_ = 0;
        bool merge_paths_;
        bool gave_up_ = false;
        int best_ = 0;
        std::size_t count_ = 0;
        // Captures of three pieces or more by the current man, for merging paths.
        std::size_t long_captures_ = 0;
        std::array<std::uint8_t, 64> long_end_;  // destination, plus 128 if crowned
        std::array<Bits, 64> long_captured_;
        struct NoList {};
        [[no_unique_address]] std::conditional_t<Listing, MoveList<B>*, NoList> out_{};
        [[no_unique_address]] std::conditional_t<Listing, std::size_t, NoList> first_{};
    };

    // The move of the man landing on `to` after a jump in direction D.
    template <Color Me, int D>
    static Move<B> single_jump(int to) {
        const int over = to - B::shift[D], from = over - B::shift[D];
        return Move<B>{bit_at<Bits>(over), Move<B>::u8(from), Move<B>::u8(to), ((B::promotion_row(Me) >> to) & 1) != 0};
    }

    template <Color Me>
    static void push_single_jumps(const ManJumps<Me>& jumps, MoveList<B>& out) {
        for_each_direction([&]<int D>() {
            if constexpr (man_captures_in(Me, D))
                for (Bits l = jumps.landings[D]; l;) out.push(single_jump<Me, D>(pop_lowest(l)));
        });
    }

    // count() of a king-free position where Them is to move, given the squares
    // of Them's men moved one step in each capture direction.
    template <Color Them>
    [[gnu::always_inline]] static std::uint64_t count_king_free(const Pos& p, const std::array<Bits, 4>& step,
                                                                CapturePaths paths) {
        const Bits empty = p.empty();
        const auto jumps = man_jumps<Them>(step, p.pieces[index(opponent(Them))], empty);
        std::uint64_t n = 0;
        if (!R::capture_mandatory || !jumps.any()) {
            for_each_direction([&]<int D>() {
                if constexpr (is_forward(Them, D)) n += popcount(step[D] & empty);
            });
        }
        if (!jumps.any()) return n;
        return n + (jumps.simple() ? jumps.count() : count_man_captures<Them>(p, jumps, paths));
    }

    // Children of single jumps in a king-free position are king-free unless the
    // man is crowned, and are counted without making the move.
    template <Color Me>
    static std::uint64_t count_single_jump_children(const Pos& p, const ManJumps<Me>& jumps, CapturePaths paths) {
        constexpr Color Them = opponent(Me);
        std::uint64_t n = 0;
        for_each_direction([&]<int D>() {
            if constexpr (!man_captures_in(Me, D)) return;
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
                    n += count_king_free<Them>(child, men_steps<Them>(child.pieces[index(Them)]), paths);
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
            for_each_direction([&]<int D>() {
                constexpr int Back = opposite(D);
                if constexpr (man_captures_in(Them, D))
                    jump_from[D] = B::template shifted<Back>(B::template shifted<Back>(empty) & mine);
            });
            for_each_direction([&]<int D>() {
                if constexpr (man_captures_in(Them, D)) {
                    Bits sources = 0;
                    for_each_direction([&]<int D2>() {
                        if constexpr (man_captures_in(Them, D2) && D2 != opposite(D)) sources |= jump_from[D2];
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
            if constexpr (man_captures_in(Them, Dm))
                over_mover = crowning_adjusted(B::template shifted<Back>(B::template shifted<Back>(empty_)));
            for_each_direction([&]<int D>() {
                if constexpr (man_captures_in(Them, D)) {
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
            for_each_direction([&]<int D>() {
                if constexpr (man_captures_in(Them, D))
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
        const auto next_to_theirs = men_steps<Them>(p.pieces[index(Them)]);
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
        for_each_direction([&]<int D>() {
            if constexpr (man_captures_in(Them, D)) threats |= B::template shifted<D>(next_to_theirs[D] & mine) & empty;
        });
        std::uint64_t n = 0;
        if (threats) {
            for_each_direction([&]<int D>() {
                if constexpr (!is_forward(Me, D)) return;
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
        for_each_direction([&]<int D>() {
            if constexpr (is_forward(Them, D)) their_quiet += popcount(next_to_theirs[D] & empty);
        });
        struct None {};
        const auto single_captures = [&] {
            if constexpr (bulk_single_captures) return SingleCaptures<Me>(mine, empty);
            else return None{};
        }();
        for_each_direction([&]<int Dm>() {
            if constexpr (!is_forward(Me, Dm)) return;
            constexpr int Back = opposite(Dm);
            const Bits targets = B::template shifted<Dm>(mine) & empty;
            Bits over_target = 0, onto_origin = 0;
            for_each_direction([&]<int D>() {
                if constexpr (man_captures_in(Them, D)) {
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
            for_each_direction([&]<int D>() {
                if constexpr (is_forward(Them, D))
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

    template <Color Me>
    static bool capture_possible_for(const Pos& p) {
        const Bits empty = p.empty();
        const Bits opponents = p.pieces[index(opponent(Me))];
        const Bits men = p.men(Me), kings = p.kings_of(Me);
        const Bits men_victims = R::men_capture_kings ? opponents : opponents & ~p.kings;
        // Men: one straight-line test over the capture directions.
        Bits landings = 0;
        for_each_direction([&]<int D>() {
            if constexpr (man_captures_in(Me, D))
                landings |= B::template shifted<D>(B::template shifted<D>(men) & men_victims);
        });
        if (landings & empty) return true;
        return kings && kings_can_capture(kings, opponents, empty);
    }

    // Whether one of `kings` can take one of `victims` over `empty` squares.
    static bool kings_can_capture(Bits kings, Bits victims, Bits empty) {
        bool found = false;
        for_each_direction([&]<int D>() {
            Bits front = B::template shifted<D>(kings);
            if constexpr (R::flying_kings) {
                for (Bits ray = front & empty; ray;) {
                    ray = B::template shifted<D>(ray);
                    front |= ray;
                    ray &= empty;
                }
            }
            found = found || (B::template shifted<D>(front & victims) & empty);
        });
        return found;
    }

    template <class F>
    [[gnu::always_inline]] static void for_each_direction(F&& f) {
        f.template operator()<UpLeft>();
        f.template operator()<UpRight>();
        f.template operator()<DownLeft>();
        f.template operator()<DownRight>();
    }

    static constexpr bool is_forward(Color c, int dir) {
        return c == Color::White ? (dir == UpLeft || dir == UpRight) : (dir == DownLeft || dir == DownRight);
    }
    static constexpr bool man_captures_in(Color c, int dir) {
        return R::men_capture_backwards || is_forward(c, dir);
    }

    template <Color Me>
    static std::size_t count_quiet(const Pos& p) {
        const Bits empty = p.empty();
        const Bits men = p.men(Me), kings = p.kings_of(Me);
        std::size_t n = 0;
        for_each_direction([&]<int D>() {
            if constexpr (is_forward(Me, D)) n += popcount(B::template shifted<D>(men) & empty);
        });
        if (!kings) return n;
        for_each_direction([&]<int D>() {
            Bits ray = B::template shifted<D>(kings) & empty;
            if constexpr (R::flying_kings) {
                // Rays of two kings never overlap: a ray stops at the first piece.
                for (; ray; ray = B::template shifted<D>(ray) & empty) n += popcount(ray);
            } else {
                n += popcount(ray);
            }
        });
        return n;
    }

    template <Color Me>
    static void generate_quiet(const Pos& p, MoveList<B>& out) {
        if (out.size() + 4 * B::squares > MoveList<B>::capacity) return out.mark_overflow();
        constexpr Color me = Me;
        const Bits empty = p.empty();
        const Bits men = p.men(me);
        const Bits crown_row = B::promotion_row(me);
        for_each_direction([&]<int D>() {
            if (!is_forward(me, D)) return;
            for (Bits targets = B::template shifted<D>(men) & empty; targets;) {
                int to = pop_lowest(targets);
                out.push_quiet(Move<B>::quiet(to - B::shift[D], to, (crown_row >> to) & 1));
            }
        });
        for (Bits kings = p.kings_of(me); kings;) {
            int from = pop_lowest(kings);
            for (int d = 0; d < 4; ++d) {
                for (int to = B::step(from, d); to >= 0 && ((empty >> to) & 1); to = B::step(to, d)) {
                    out.push_quiet(Move<B>::quiet(from, to, false));
                    if constexpr (!R::flying_kings) break;
                }
            }
        }
    }

    // One capture search over all pieces of the side to move.
    template <bool WithPaths, Color Me>
    class CaptureSearch {
    public:
        CaptureSearch(const Pos& p, MoveList<B>& out, std::vector<Path>* paths,
                      CapturePaths merge = CapturePaths::Merge)
            : pos_(p), out_(out), paths_(paths), merge_paths_(merge == CapturePaths::Merge) {
            empty_ = p.empty();
            opponents_ = p.pieces[index(opponent(Me))];
            opponent_kings_ = opponents_ & p.kings;
            men_victims_ = R::men_capture_kings ? opponents_ : opponents_ & ~p.kings;
            crown_row_ = B::promotion_row(Me);
            first_ = out.size();
        }

        void run() {
            const Bits men = pos_.men(Me), kings = pos_.kings_of(Me);
            for (Bits k = kings; k;) start(pop_lowest(k), true);
            run_men(men & capturing_men(men));
        }

        // Captures of the given men only.
        void run_men(Bits men) {
            for (Bits m = men; m;) start(pop_lowest(m), false);
        }

        // The captures of a man from `from` that has just been crowned on `land`,
        // having taken `taken` pieces (no king among them).
        void continue_crowned(int from, int land, int dir, Bits captured, int taken) {
            from_ = from;
            mover_is_king_ = false;
            empty_ |= bit_at<Bits>(from);
            short_jump_landed<false>(land, dir, captured, Taken{taken, 0, 0});
            empty_ &= ~bit_at<Bits>(from);
        }

        // Men with at least one immediate capture, found with shifts.
        Bits capturing_men(Bits men) const {
            Bits result = 0;
            for_each_direction([&]<int D>() {
                if (!man_captures_in(Me, D)) return;
                constexpr int Back = opposite(D);
                result |= B::template shifted<Back>(B::template shifted<Back>(empty_) & men_victims_) & men;
            });
            return result;
        }

    private:

        void start(int from, bool is_king) {
            from_ = from;
            mover_is_king_ = is_king;
            empty_ |= bit_at<Bits>(from);  // the moving piece has left its square
            if constexpr (WithPaths) path_.assign(1, static_cast<std::uint8_t>(from));
            if (is_king) {
                if constexpr (R::flying_kings) flying_king(from, -1, Bits{0}, Taken{});
                else short_jumps<true>(from, Bits{0}, Taken{});
            } else {
                short_jumps<false>(from, Bits{0}, Taken{});
            }
            empty_ &= ~bit_at<Bits>(from);
        }

        struct Taken {
            int count = 0;
            int kings = 0;
            std::uint32_t king_order = 0;  // bit (15 - i) set when the i-th piece taken is a king
        };

        Taken take(Taken t, int victim) const {
            if ((opponent_kings_ >> victim) & 1) {
                ++t.kings;
                t.king_order |= 1u << (15 - t.count);
            }
            ++t.count;
            return t;
        }

        // Jumps of a man, or of a king that moves one square (american, italian).
        // Returns true if at least one jump was possible from sq.
        template <bool AsKing>
        bool short_jumps(int sq, Bits captured, Taken taken) {
            bool extended = false;
            const Bits at = bit_at<Bits>(sq);
            const Bits victims = (AsKing ? opponents_ : men_victims_) & ~captured;
            for_each_direction([&]<int D>() {
                if (!AsKing && !man_captures_in(Me, D)) return;
                Bits over = B::template shifted<D>(at) & victims;
                if (!over || !(B::template shifted<D>(over) & empty_)) return;
                extended = true;
                const int over_sq = sq + B::shift[D], land = over_sq + B::shift[D];
                short_jump_landed<AsKing>(land, D, captured | over, take(taken, over_sq));
            });
            return extended;
        }

        template <bool AsKing>
        void short_jump_landed(int land, int dir, Bits captured, Taken taken) {
            push_path(land);
            const bool reaches_crown = !AsKing && ((crown_row_ >> land) & 1);
            if (!reaches_crown) {
                if (!short_jumps<AsKing>(land, captured, taken)) emit(land, captured, taken, false);
            } else if constexpr (R::crown_in_capture == CrownInCapture::CrownAndStop) {
                emit(land, captured, taken, true);
            } else if constexpr (R::crown_in_capture == CrownInCapture::CrownAndContinue) {
                bool more;
                if constexpr (R::flying_kings) more = flying_king(land, dir, captured, taken, true);
                else more = short_jumps<true>(land, captured, taken);
                if (!more) emit(land, captured, taken, true);
            } else {  // PassThrough: goes on as a man, crowned only if it stops here
                if (!short_jumps<false>(land, captured, taken)) emit(land, captured, taken, true);
            }
            pop_path();
        }

        // Captures of a flying king standing on sq, having arrived along came_dir
        // (-1 at the start). skip_same_dir is set on landing squares beyond the
        // first one: going on in the same direction from there repeats the
        // sequences already found from the first landing square.
        bool flying_king(int sq, int came_dir, Bits captured, Taken taken, bool crowned = false,
                         bool skip_same_dir = false) {
            bool extended = false;
            for (int d = 0; d < 4; ++d) {
                if (came_dir >= 0 && (d == opposite(came_dir) || (skip_same_dir && d == came_dir))) continue;
                int victim = B::step(sq, d);
                while (victim >= 0 && ((empty_ >> victim) & 1)) victim = B::step(victim, d);
                if (victim < 0 || !(((opponents_ & ~captured) >> victim) & 1)) continue;
                int first_landing = B::step(victim, d);
                if (first_landing < 0 || !((empty_ >> first_landing) & 1)) continue;
                extended = true;
                Bits now_captured = captured | bit_at<Bits>(victim);
                Taken now_taken = take(taken, victim);
                bool continued = false;
                for (int land = first_landing; land >= 0 && ((empty_ >> land) & 1); land = B::step(land, d)) {
                    push_path(land);
                    continued |= flying_king(land, d, now_captured, now_taken, crowned, land != first_landing);
                    pop_path();
                }
                if (continued) continue;
                // The sequence cannot go on from any landing square: each one ends a move.
                for (int land = first_landing; land >= 0 && ((empty_ >> land) & 1); land = B::step(land, d)) {
                    push_path(land);
                    emit(land, now_captured, now_taken, crowned);
                    pop_path();
                }
            }
            return extended;
        }

        void push_path(int sq) {
            if constexpr (WithPaths) path_.push_back(static_cast<std::uint8_t>(sq));
        }
        void pop_path() {
            if constexpr (WithPaths) path_.pop_back();
        }

        std::uint32_t precedence_key(const Taken& t) const {
            switch (R::precedence) {
                case Precedence::FreeChoice: return 0;
                case Precedence::MostPieces: return static_cast<std::uint32_t>(t.count);
                case Precedence::MostPiecesThenKings: return static_cast<std::uint32_t>(t.count << 8 | t.kings);
                case Precedence::KingFirst: return mover_is_king_ ? 1 : 0;
                case Precedence::Italian:
                    return static_cast<std::uint32_t>(t.count) << 24 | (mover_is_king_ ? 1u : 0u) << 20 |
                           static_cast<std::uint32_t>(t.kings) << 16 | t.king_order;
            }
            return 0;
        }

        void emit(int to, Bits captured, const Taken& taken, bool crowns) {
            std::uint32_t key = precedence_key(taken);
            if (out_.size() > first_) {
                if (key < best_key_) return;
                if (key > best_key_) {
                    out_.truncate(first_);
                    if constexpr (WithPaths) paths_->resize(0);
                }
            }
            best_key_ = key;
            Move<B> m{captured, Move<B>::u8(from_), Move<B>::u8(to), crowns && !mover_is_king_};
            // Different paths can only give the same move from three pieces taken on.
            if (taken.count >= 3 && merge_paths_) {
                for (std::size_t i = first_; i < out_.size(); ++i)
                    if (out_[i] == m) return;
            }
            out_.push(m);
            if constexpr (WithPaths) paths_->push_back(path_);
        }

        const Pos& pos_;
        MoveList<B>& out_;
        std::vector<Path>* paths_;
        bool merge_paths_;
        Bits empty_, opponents_, opponent_kings_, men_victims_, crown_row_;
        std::size_t first_ = 0;
        std::uint32_t best_key_ = 0;
        int from_ = 0;
        bool mover_is_king_ = false;
        struct NoPath {};
        [[no_unique_address]] std::conditional_t<WithPaths, Path, NoPath> path_;
    };
};

}  // namespace damier::draughts
