// Draughts notation: square numbering per rule set, PDN FEN, the Hub position
// string, and moves in PDN and Hub form.
//
// Each rule set keeps its federation's numbering (RULES.md):
// international, canadian and american number 1..N from the top left; russian,
// brazilian and czech use algebraic squares (a1 bottom left) and, for Hub strings,
// 1..32 counted as on the international board; italian and spanish play on a
// mirrored board (numbered left to right from the top, and right to left from
// white's back rank). Internally squares always follow the standard layout of
// board.hpp; only this file knows the other numberings.
//
// Hub moves list every captured square in ascending order ("28x19x23"); PDN moves
// are short ("28x19") unless another legal move shares origin and destination,
// then they give every landing square ("28x37x19").
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.hpp"
#include "engine/core/text.hpp"
#include "engine/draughts/movegen.hpp"

namespace damier::draughts {

template <RuleSet R>
struct Notation {
    using B = typename R::board;
    using Bits = typename B::Bits;
    using Pos = Position<B>;
    using M = Move<B>;
    static constexpr bool algebraic = R::numbering == Numbering::Algebraic;

    // ---- squares -------------------------------------------------------------

    // Internal square (0..N-1) of the rule set's square number (1..N).
    static constexpr int square_of_number(int n) {
        if constexpr (R::numbering == Numbering::Spanish) n = B::squares + 1 - n;
        if constexpr (R::numbering == Numbering::Italian || R::numbering == Numbering::Spanish) {
            int row = (n - 1) / B::per_row, k = (n - 1) % B::per_row;
            return row * B::per_row + (B::per_row - 1 - k);
        }
        return n - 1;
    }
    static constexpr int number_of_square(int sq) {
        for (int n = 1; n <= B::squares; ++n)
            if (square_of_number(n) == sq) return n;
        return 0;
    }
    static int number_of_bit(int bit) { return number_of_square(B::square_of_bit(bit)); }
    static int bit_of_number(int n) { return B::bit_of(square_of_number(n)); }

    static std::string algebraic_name(int bit) {
        int sq = B::square_of_bit(bit);
        std::string s(1, static_cast<char>('a' + B::col_of_square(sq)));
        return s + std::to_string(B::rows - B::row_of_square(sq));
    }

    // A square as written in PDN: algebraic for the algebraic rule sets.
    static std::string pdn_square(int bit) {
        if constexpr (algebraic) return algebraic_name(bit);
        return std::to_string(number_of_bit(bit));
    }
    static std::string hub_square(int bit) { return std::to_string(number_of_bit(bit)); }

    // Reads a square number (1..N) or, for the algebraic rule sets, a name like "c3".
    static Result<int> parse_square(std::string_view text) {
        if (auto n = parse_uint(text)) {
            if (*n >= 1 && *n <= static_cast<std::uint64_t>(B::squares))
                return bit_of_number(static_cast<int>(*n));
            return failure<int>("square " + quoted(text) + " is not between 1 and " + std::to_string(B::squares));
        }
        if (algebraic && text.size() == 2 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' && text[1] <= '8') {
            int sq = B::square_at(B::rows - (text[1] - '0'), text[0] - 'a');
            if (sq >= 0) return B::bit_of(sq);
            return failure<int>("square " + quoted(text) + " is a light square");
        }
        return failure<int>("bad square " + quoted(text));
    }

    // ---- positions -----------------------------------------------------------

    static Pos start() {
        Pos p;
        const int men = R::men_rows * B::per_row;
        for (int sq = 0; sq < men; ++sq) p.pieces[index(Color::Black)] |= bit_at<Bits>(B::bit_of(sq));
        for (int sq = B::squares - men; sq < B::squares; ++sq)
            p.pieces[index(Color::White)] |= bit_at<Bits>(B::bit_of(sq));
        p.side = R::first_to_move;
        return p;
    }

    // Rejects positions that cannot arise on this board under these rules.
    static Result<Pos> validate(const Pos& p) {
        for (Color c : {Color::White, Color::Black}) {
            const char* name = c == Color::White ? "white" : "black";
            if (popcount(p.pieces[index(c)]) > R::men_rows * B::per_row)
                return failure<Pos>(std::string("too many ") + name + " pieces for this board");
            if (Bits stuck = p.men(c) & B::promotion_row(c))
                return failure<Pos>(std::string(name) + " man on its crowning square " +
                                    pdn_square(lowest_bit(stuck)));
        }
        return p;
    }

    static char side_char(Color c) { return c == Color::White ? 'W' : 'B'; }

    // PDN FEN, e.g. "W:W31,32,K33:B1,2".
    static std::string fen(const Pos& p) {
        std::string s(1, side_char(p.side));
        for (Color c : {Color::White, Color::Black}) {
            s += ':';
            s += side_char(c);
            std::vector<std::pair<int, int>> squares;  // (number, bit)
            for (Bits b = p.pieces[index(c)]; b;) {
                int bit = pop_lowest(b);
                squares.emplace_back(number_of_bit(bit), bit);
            }
            std::sort(squares.begin(), squares.end());
            bool first = true;
            for (auto [n, bit] : squares) {
                if (!first) s += ',';
                first = false;
                if ((p.kings >> bit) & 1) s += 'K';
                s += pdn_square(bit);
            }
        }
        return s;
    }

    static Result<Pos> parse_fen(std::string_view text) {
        std::string_view t = trim(text);
        if (t.size() >= 2 && t.front() == '"' && t.back() == '"') t = trim(t.substr(1, t.size() - 2));
        if (!t.empty() && t.back() == '.') t.remove_suffix(1);
        auto fields = split(t, ":");
        if (fields.size() < 2) return failure<Pos>("bad FEN " + quoted(text) + ": expected side:W...:B...");
        Pos p;
        auto side = trim(fields[0]);
        if (side == "W") p.side = Color::White;
        else if (side == "B") p.side = Color::Black;
        else return failure<Pos>("bad FEN " + quoted(text) + ": side to move must be W or B");
        bool seen[2] = {false, false};
        for (std::size_t f = 1; f < fields.size(); ++f) {
            auto field = trim(fields[f]);
            if (field.empty()) continue;
            Color c;
            if (field[0] == 'W') c = Color::White;
            else if (field[0] == 'B') c = Color::Black;
            else return failure<Pos>("bad FEN field " + quoted(field) + ": expected W or B");
            if (seen[index(c)]) return failure<Pos>("bad FEN: colour " + std::string(1, field[0]) + " given twice");
            seen[index(c)] = true;
            auto list = field.substr(1);
            if (trim(list).empty()) continue;
            for (auto item : split(list, ",")) {
                item = trim(item);
                bool king = !item.empty() && item[0] == 'K';
                if (king) item.remove_prefix(1);
                auto range = split(item, "-");
                if (range.size() > 2) return failure<Pos>("bad FEN square " + quoted(item));
                auto first = parse_square(trim(range[0]));
                if (!first) return failure<Pos>("bad FEN: " + first.error());
                std::vector<int> bits{*first};
                if (range.size() == 2) {
                    auto lo = parse_uint(trim(range[0])), hi = parse_uint(trim(range[1]));
                    if (!lo || !hi || *hi < *lo || *hi > static_cast<std::uint64_t>(B::squares))
                        return failure<Pos>("bad FEN range " + quoted(item));
                    bits.clear();
                    for (auto n = *lo; n <= *hi; ++n) bits.push_back(bit_of_number(static_cast<int>(n)));
                }
                for (int bit : bits) {
                    if ((p.occupied() >> bit) & 1)
                        return failure<Pos>("bad FEN: square " + pdn_square(bit) + " given twice");
                    p.pieces[index(c)] |= bit_at<Bits>(bit);
                    if (king) p.kings |= bit_at<Bits>(bit);
                }
            }
        }
        return validate(p);
    }

    // Hub position string: side to move, then one of w b W B e per square 1..N.
    static std::string hub_position(const Pos& p) {
        std::string s(1, side_char(p.side));
        for (int n = 1; n <= B::squares; ++n) {
            int bit = bit_of_number(n);
            bool king = (p.kings >> bit) & 1;
            if ((p.pieces[0] >> bit) & 1) s += king ? 'W' : 'w';
            else if ((p.pieces[1] >> bit) & 1) s += king ? 'B' : 'b';
            else s += 'e';
        }
        return s;
    }

    static Result<Pos> parse_hub_position(std::string_view text) {
        if (text.size() != static_cast<std::size_t>(B::squares) + 1)
            return failure<Pos>("bad position: expected " + std::to_string(B::squares + 1) + " characters for " +
                                std::string(R::name) + ", got " + std::to_string(text.size()));
        Pos p;
        if (text[0] == 'W' || text[0] == 'w') p.side = Color::White;
        else if (text[0] == 'B' || text[0] == 'b') p.side = Color::Black;
        else return failure<Pos>("bad position: side to move must be W or B");
        for (int n = 1; n <= B::squares; ++n) {
            Bits bit = bit_at<Bits>(bit_of_number(n));
            switch (text[static_cast<std::size_t>(n)]) {
                case 'w': p.pieces[0] |= bit; break;
                case 'W': p.pieces[0] |= bit; p.kings |= bit; break;
                case 'b': p.pieces[1] |= bit; break;
                case 'B': p.pieces[1] |= bit; p.kings |= bit; break;
                case 'e': case '.': break;
                default:
                    return failure<Pos>("bad position: unexpected " + quoted(text.substr(static_cast<std::size_t>(n), 1)) +
                                        " on square " + std::to_string(n));
            }
        }
        return validate(p);
    }

    // ---- moves ---------------------------------------------------------------

    // Hub form: "32-28", or "28x19x23" with every captured square in ascending order.
    static std::string hub_move(const M& m) {
        std::string s = hub_square(m.from);
        s += m.is_capture() ? 'x' : '-';
        s += hub_square(m.to);
        std::vector<int> numbers;
        for (Bits c = m.captured; c;) numbers.push_back(number_of_bit(pop_lowest(c)));
        std::sort(numbers.begin(), numbers.end());
        for (int n : numbers) {
            s += 'x';
            s += std::to_string(n);
        }
        return s;
    }

    // PDN form in the rule set's own squares, with the full path when the short
    // form would be ambiguous among the legal moves.
    static std::string pdn_move(const Pos& p, const M& m) {
        std::string sep = m.is_capture() ? "x" : "-";
        std::string short_form = pdn_square(m.from) + sep + pdn_square(m.to);
        if (!m.is_capture()) return short_form;
        MoveList<B> captures;
        std::vector<typename MoveGen<R>::Path> paths;
        MoveGen<R>::generate_captures_with_paths(p, captures, paths);
        int same_ends = 0;
        const typename MoveGen<R>::Path* path = nullptr;
        for (std::size_t i = 0; i < captures.size(); ++i) {
            if (captures[i].from != m.from || captures[i].to != m.to) continue;
            ++same_ends;
            if (captures[i] == m) path = &paths[i];
        }
        if (same_ends <= 1 || !path) return short_form;
        std::string s;
        for (auto bit : *path) s += (s.empty() ? "" : sep) + pdn_square(bit);
        return s;
    }

    // Reads a move in Hub or PDN form and finds it among the legal moves:
    // "a-b", "axb" (when unambiguous), "axbxc1xc2..." (Hub: captured squares in any
    // order) or "axmidxb" (PDN path); ':' may stand for 'x'.
    static Result<M> parse_move(const Pos& p, std::string_view text) {
        std::string_view t = trim(text);
        bool capture = t.find_first_of("x:") != std::string_view::npos;
        bool quiet = t.find('-') != std::string_view::npos;
        if (capture == quiet) return failure<M>("bad move " + quoted(text));
        std::vector<int> squares;
        for (auto part : split(t, capture ? "x:" : "-")) {
            auto sq = parse_square(part);
            if (!sq) return failure<M>("bad move " + quoted(text) + ": " + sq.error());
            squares.push_back(*sq);
        }
        if (squares.size() < 2 || (quiet && squares.size() != 2)) return failure<M>("bad move " + quoted(text));
        MoveList<B> legal;
        MoveGen<R>::generate(p, legal);
        std::vector<M> found;
        for (const auto& m : legal)
            if (m.from == squares[0] && m.to == squares[1] && m.is_capture() == capture) found.push_back(m);
        if (capture && squares.size() > 2) {
            Bits listed = 0;
            for (std::size_t i = 2; i < squares.size(); ++i) listed |= bit_at<Bits>(squares[i]);
            std::erase_if(found, [&](const M& m) { return m.captured != listed; });
            if (found.empty()) return parse_path(p, text, squares);
        }
        if (found.empty()) return failure<M>("illegal move " + quoted(text));
        if (found.size() > 1) {
            // "axb" is also the full path of a capture with a single jump.
            auto direct = parse_path(p, text, squares);
            if (direct) return direct;
            return failure<M>("ambiguous move " + quoted(text) + ": list the captured squares");
        }
        return found.front();
    }

private:
    static Result<M> parse_path(const Pos& p, std::string_view text, const std::vector<int>& landings) {
        MoveList<B> captures;
        std::vector<typename MoveGen<R>::Path> paths;
        MoveGen<R>::generate_captures_with_paths(p, captures, paths);
        for (std::size_t i = 0; i < captures.size(); ++i)
            if (std::equal(paths[i].begin(), paths[i].end(), landings.begin(), landings.end()))
                return captures[i];
        return failure<M>("illegal move " + quoted(text));
    }
};

}  // namespace damier::draughts
