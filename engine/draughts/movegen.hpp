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

#include <cstdint>
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
        out.clear();
        if (capture_possible(p)) {
            CaptureSearch<false> search(p, out, nullptr, paths);
            search.run();
            if constexpr (R::capture_mandatory) return;
        }
        generate_quiet(p, out);
    }

    // The legal captures with one path each (paths[i] belongs to out[i]); for
    // notation, not for the search.
    static void generate_captures_with_paths(const Pos& p, MoveList<B>& out, std::vector<Path>& paths) {
        out.clear();
        paths.clear();
        if (!capture_possible(p)) return;
        CaptureSearch<true> search(p, out, &paths);
        search.run();
    }

    // Number of legal moves, equal to generate()'s size but cheaper when no capture
    // is possible: quiet moves are counted with shifts and popcounts (bulk perft).
    static std::size_t count(const Pos& p, CapturePaths paths = CapturePaths::Merge) {
        std::size_t captures = 0;
        if (capture_possible(p)) {
            MoveList<B> list;
            CaptureSearch<false> search(p, list, nullptr, paths);
            search.run();
            captures = list.size();
            if constexpr (R::capture_mandatory) return captures;
        }
        return captures + count_quiet(p);
    }

    // True when the side to move has at least one capture.
    static bool capture_possible(const Pos& p) {
        const Color me = p.side;
        const Bits empty = p.empty();
        const Bits opponents = p.theirs();
        const Bits men = p.men(me), kings = p.kings_of(me);
        const Bits men_victims = R::men_capture_kings ? opponents : opponents & ~p.kings;
        bool found = false;
        for_each_direction([&]<int D>() {
            if (found) return;
            if (man_captures_in(me, D) &&
                (B::template shifted<D>(B::template shifted<D>(men) & men_victims) & empty))
                found = true;
            else if (kings) {
                Bits front = B::template shifted<D>(kings);
                if constexpr (R::flying_kings) {
                    for (Bits ray = front & empty; ray;) {
                        ray = B::template shifted<D>(ray);
                        front |= ray;
                        ray &= empty;
                    }
                }
                if (B::template shifted<D>(front & opponents) & empty) found = true;
            }
        });
        return found;
    }

    static bool has_legal_move(const Pos& p) {
        return capture_possible(p) || count_quiet(p) > 0;
    }

private:
    template <class F>
    static void for_each_direction(F&& f) {
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

    static std::size_t count_quiet(const Pos& p) {
        const Color me = p.side;
        const Bits empty = p.empty();
        const Bits men = p.men(me), kings = p.kings_of(me);
        std::size_t n = 0;
        for_each_direction([&]<int D>() {
            if (is_forward(me, D)) n += popcount(B::template shifted<D>(men) & empty);
            if (!kings) return;
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

    static void generate_quiet(const Pos& p, MoveList<B>& out) {
        const Color me = p.side;
        const Bits empty = p.empty();
        const Bits men = p.men(me);
        const Bits crown_row = B::promotion_row(me);
        for_each_direction([&]<int D>() {
            if (!is_forward(me, D)) return;
            for (Bits targets = B::template shifted<D>(men) & empty; targets;) {
                int to = pop_lowest(targets);
                out.push(Move<B>::quiet(to - B::shift[D], to, (crown_row >> to) & 1));
            }
        });
        for (Bits kings = p.kings_of(me); kings;) {
            int from = pop_lowest(kings);
            for (int d = 0; d < 4; ++d) {
                for (int to = B::step(from, d); to >= 0 && ((empty >> to) & 1); to = B::step(to, d)) {
                    out.push(Move<B>::quiet(from, to, false));
                    if constexpr (!R::flying_kings) break;
                }
            }
        }
    }

    // One capture search over all pieces of the side to move.
    template <bool WithPaths>
    class CaptureSearch {
    public:
        CaptureSearch(const Pos& p, MoveList<B>& out, std::vector<Path>* paths,
                      CapturePaths merge = CapturePaths::Merge)
            : pos_(p), out_(out), paths_(paths), merge_paths_(merge == CapturePaths::Merge) {
            me_ = p.side;
            empty_ = p.empty();
            opponents_ = p.theirs();
            opponent_kings_ = opponents_ & p.kings;
            men_victims_ = R::men_capture_kings ? opponents_ : opponents_ & ~p.kings;
            crown_row_ = B::promotion_row(me_);
            first_ = out.size();
        }

        void run() {
            const Bits men = pos_.men(me_), kings = pos_.kings_of(me_);
            for (Bits k = kings; k;) start(pop_lowest(k), true);
            for (Bits m = men & capturing_men(men); m;) start(pop_lowest(m), false);
        }

    private:
        // Men with at least one immediate capture, found with shifts.
        Bits capturing_men(Bits men) const {
            Bits result = 0;
            for_each_direction([&]<int D>() {
                if (!man_captures_in(me_, D)) return;
                constexpr int Back = opposite(D);
                result |= B::template shifted<Back>(B::template shifted<Back>(empty_) & men_victims_) & men;
            });
            return result;
        }

        void start(int from, bool is_king) {
            from_ = from;
            mover_is_king_ = is_king;
            empty_ |= bit_at<Bits>(from);  // the moving piece has left its square
            if constexpr (WithPaths) path_.assign(1, static_cast<std::uint8_t>(from));
            if (is_king) {
                if constexpr (R::flying_kings) flying_king(from, -1, Bits{0}, Taken{});
                else short_jumps(from, true, Bits{0}, Taken{});
            } else {
                short_jumps(from, false, Bits{0}, Taken{});
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
        bool short_jumps(int sq, bool as_king, Bits captured, Taken taken) {
            bool extended = false;
            const Bits victims = as_king ? opponents_ : men_victims_;
            for (int d = 0; d < 4; ++d) {
                if (!as_king && !man_captures_in(me_, d)) continue;
                int over = B::step(sq, d);
                if (over < 0 || !((victims & ~captured) >> over & 1)) continue;
                int land = B::step(over, d);
                if (land < 0 || !((empty_ >> land) & 1)) continue;
                extended = true;
                Bits now_captured = captured | bit_at<Bits>(over);
                Taken now_taken = take(taken, over);
                push_path(land);
                bool reaches_crown = !as_king && ((crown_row_ >> land) & 1);
                if (!reaches_crown) {
                    if (!short_jumps(land, as_king, now_captured, now_taken))
                        emit(land, now_captured, now_taken, false);
                } else if constexpr (R::crown_in_capture == CrownInCapture::CrownAndStop) {
                    emit(land, now_captured, now_taken, true);
                } else if constexpr (R::crown_in_capture == CrownInCapture::CrownAndContinue) {
                    bool more = R::flying_kings ? flying_king(land, d, now_captured, now_taken, true)
                                                : short_jumps(land, true, now_captured, now_taken);
                    if (!more) emit(land, now_captured, now_taken, true);
                } else {  // PassThrough: goes on as a man, crowned only if it stops here
                    if (!short_jumps(land, false, now_captured, now_taken))
                        emit(land, now_captured, now_taken, true);
                }
                pop_path();
            }
            return extended;
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
        Color me_;
        Bits empty_, opponents_, opponent_kings_, men_victims_, crown_row_;
        std::size_t first_ = 0;
        std::uint32_t best_key_ = 0;
        int from_ = 0;
        bool mover_is_king_ = false;
        Path path_;
    };
};

}  // namespace damier::draughts
