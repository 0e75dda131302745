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
//
// Counting moves without listing them (bulk perft) lives in move_count.hpp.
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

    // True when the side to move has at least one capture.
    static bool capture_possible(const Pos& p) {
        return for_side(p.side, [&]<Color Me>() { return capture_possible_for<Me>(p); });
    }

    static bool has_legal_move(const Pos& p) {
        return for_side(p.side, [&]<Color Me>() { return capture_possible_for<Me>(p) || count_quiet<Me>(p) > 0; });
    }

protected:
    // The building blocks that the bulk counters (bulk_captures.hpp, move_count.hpp)
    // share with the generator.

    // Calls f.template operator()<Me>() with the side to move as a constant, so that
    // the directions of men are known at compile time.
    template <class F>
    static decltype(auto) for_side(Color side, F&& f) {
        if (side == Color::White) return f.template operator()<Color::White>();
        return f.template operator()<Color::Black>();
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