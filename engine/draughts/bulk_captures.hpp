// Counting the captures of men in a king-free position without making the moves,
// for the bulk counters of perft (move_count.hpp). The search and the notation
// use the generator (movegen.hpp) instead.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "engine/draughts/movegen.hpp"

namespace damier::draughts {

template <RuleSet R>
class BulkCaptures : protected MoveGen<R> {
protected:
    using Gen = MoveGen<R>;
    using typename Gen::B;
    using typename Gen::Bits;
    using typename Gen::Pos;
    template <Color Me>
    using ManJumps = typename Gen::template ManJumps<Me>;
    template <bool WithPaths, Color Me>
    using CaptureSearch = typename Gen::template CaptureSearch<WithPaths, Me>;

    // With no king on the board, the captures of a rule set where the number of
    // pieces taken does not rank them are all equal.
    static constexpr bool men_captures_rank_equal =
        R::precedence == Precedence::FreeChoice || R::precedence == Precedence::KingFirst;

    // The men with a first jump that may go on (to a further jump, or on as a
    // crowned king): the only men a capture search needs.
    template <Color Me>
    static Bits men_whose_jump_may_go_on(const ManJumps<Me>& jumps) {
        const Bits landings = jumps.going_on | jumps.may_go_on;
        Bits men = 0;
        Gen::for_each_direction([&]<int D>() {
            constexpr int Back = opposite(D);
            if constexpr (Gen::man_captures_in(Me, D))
                men |= B::template shifted<Back>(B::template shifted<Back>(jumps.landings[D] & landings));
        });
        return men;
    }

    // The number of captures in a king-free position where some jump may go on: only
    // the men with such a jump are searched. The other men's single jumps are legal
    // moves when captures rank equal, and are outranked by a longer capture otherwise.
    template <Color Me>
    static std::size_t count_man_captures(const Pos& p, const ManJumps<Me>& jumps, CapturePaths paths) {
        const Bits searched = men_whose_jump_may_go_on(jumps);
        std::size_t singles = 0;
        if constexpr (men_captures_rank_equal) {
            Gen::for_each_direction([&]<int D>() {
                if constexpr (Gen::man_captures_in(Me, D))
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
        const Bits searched = men_whose_jump_may_go_on(jumps);
        const std::size_t first = out.size();
        if constexpr (men_captures_rank_equal) {
            Gen::for_each_direction([&]<int D>() {
                if constexpr (Gen::man_captures_in(Me, D))
                    for (Bits l = jumps.landings[D] & ~B::template shifted<D>(B::template shifted<D>(searched)); l;)
                        out.push(Gen::template single_jump<Me, D>(pop_lowest(l)));
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
        Gen::for_each_direction([&]<int D>() {
            constexpr int Back = opposite(D);
            if constexpr (Gen::man_captures_in(Me, D))
                jump_from[D] = B::template shifted<Back>(B::template shifted<Back>(empty) & victims);
        });
        auto twice = []<int D>(Bits b) { return B::template shifted<D>(B::template shifted<D>(b)); };
        std::array<Bits, 4> first{};            // first landings of searched men, by direction
        std::array<std::array<Bits, 4>, 4> second{};  // second landings, by both directions
        Bits longer = 0;                        // origins of the men left to the search
        Gen::for_each_direction([&]<int D1>() {
            if constexpr (Gen::man_captures_in(Me, D1)) {
                constexpr int Back1 = opposite(D1);
                first[D1] = jumps.landings[D1] & twice.template operator()<D1>(searched);
                Bits continuing = first[D1];
                if constexpr (crown_goes_on) longer |= twice.template operator()<Back1>(first[D1] & crown_row);
                if constexpr (crown_goes_on || crown_stops) continuing &= ~crown_row;
                // Usually one direction or none has a landing that goes on.
                if (!(continuing & jumps.going_on)) return;
                Gen::for_each_direction([&]<int D2>() {
                    if constexpr (Gen::man_captures_in(Me, D2) && D2 != Back1) {
                        constexpr int Back2 = opposite(D2);
                        const Bits landed =
                            B::template shifted<D2>(B::template shifted<D2>(continuing) & victims) & empty;
                        second[D1][D2] = landed;
                        // A third jump, except straight back over the piece just taken
                        // (the piece taken first may be counted here: the search sorts it
                        // out). An odd number of jumps never lands on the square left.
                        Bits third = 0;
                        Gen::for_each_direction([&]<int D3>() {
                            if constexpr (Gen::man_captures_in(Me, D3) && D3 != Back2) third |= jump_from[D3];
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
        Gen::for_each_direction([&]<int D1>() {
            if constexpr (Gen::man_captures_in(Me, D1)) {
                constexpr int Back1 = opposite(D1);
                // First landings of the men left to the search.
                const Bits left = twice.template operator()<D1>(longer);
                Bits continued = 0;
                Gen::for_each_direction([&]<int D2>() {
                    if constexpr (Gen::man_captures_in(Me, D2) && D2 != Back1) {
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
            Gen::for_each_direction([&]<int D>() {
                if constexpr (Gen::man_captures_in(Me, D) && (Came < 0 || D != opposite(Came))) {
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
            if (!Gen::kings_can_capture(bit_at<Bits>(land), victims_ & ~captured, empty_))
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

};

}  // namespace damier::draughts
