// Text board diagrams for people debugging from a terminal (the `show` command).
//
// The board is drawn from White's side, in the orientation of the rule set's own
// numbering (notation.hpp): italian and spanish boards are mirrored left to right.
// Dark squares show their piece (w b, W B for kings, . when empty); light squares
// are blank. Numbered rule sets print each row's first and last square numbers on
// the right, read left to right ("  1 -  5", or "32 - 29" when the numbering runs
// right to left); algebraic rule sets print ranks on the left and files below.
// The last line gives the side to move and the PDN FEN. Lines end in '\n' and
// carry no trailing blanks.
#pragma once

#include <string>

#include "engine/draughts/notation.hpp"
#include "engine/draughts/rules.hpp"

namespace damier::draughts {

namespace diagram_detail {

inline std::string right_aligned(int value, std::size_t width) {
    std::string text = std::to_string(value);
    if (text.size() < width) text.insert(0, width - text.size(), ' ');
    return text;
}

inline void trim_trailing_blanks(std::string& line) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
}

}  // namespace diagram_detail

template <RuleSet R>
std::string diagram(const Position<typename R::board>& p) {
    using B = typename R::board;
    using N = Notation<R>;
    constexpr bool mirrored = R::numbering == Numbering::Italian || R::numbering == Numbering::Spanish;
    constexpr bool algebraic = N::algebraic;
    const std::size_t number_width = std::to_string(B::squares).size();
    const std::size_t rank_width = std::to_string(B::rows).size();

    auto piece_at = [&p](int square) {
        int bit = B::bit_of(square);
        bool king = (p.kings >> bit) & 1;
        if ((p.pieces[index(Color::White)] >> bit) & 1) return king ? 'W' : 'w';
        if ((p.pieces[index(Color::Black)] >> bit) & 1) return king ? 'B' : 'b';
        return '.';
    };

    std::string out;
    // Internal row 0 is Black's back rank, at the top of the picture.
    for (int row = 0; row < B::rows; ++row) {
        std::string line;
        if constexpr (algebraic) line = diagram_detail::right_aligned(B::rows - row, rank_width) + ' ';
        int first_number = 0, last_number = 0;
        for (int column = 0; column < B::cols; ++column) {
            int square = B::square_at(row, mirrored ? B::cols - 1 - column : column);
            if (square < 0) {
                line += "  ";
                continue;
            }
            line += ' ';
            line += piece_at(square);
            int number = N::number_of_square(square);
            if (first_number == 0) first_number = number;
            last_number = number;
        }
        if constexpr (!algebraic)
            line += "    " + diagram_detail::right_aligned(first_number, number_width) + " - " +
                    diagram_detail::right_aligned(last_number, number_width);
        diagram_detail::trim_trailing_blanks(line);
        out += line + '\n';
    }
    if constexpr (algebraic) {
        std::string files(rank_width + 1, ' ');
        for (int column = 0; column < B::cols; ++column) {
            files += ' ';
            files += static_cast<char>('a' + column);
        }
        out += files + '\n';
    }
    out += p.side == Color::White ? "White" : "Black";
    out += " to move   FEN " + N::fen(p) + '\n';
    return out;
}

}  // namespace damier::draughts
