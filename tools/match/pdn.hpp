// Game records in PDN 3.0 (Portable Draughts Notation), as written by the match runner.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace damier::match {

struct PdnGame {
    // Written in the order Event, Site, Date, Round, White, Black, Result, GameType, FEN
    // (those present), then the others in their order here. An empty FEN is left out.
    std::vector<std::pair<std::string, std::string>> tags;
    std::vector<std::string> moves;     // PDN moves of both sides in order (Notation<R>::pdn_move)
    std::vector<std::string> comments;  // one per move, empty = none; written as {...} after the move
    std::string result;                 // "2-0", "0-2", "1-1" (10x10, 12x12), "1-0", "0-1", "1/2-1/2" (8x8), "*"
    // The first move is the second half of move 1, written "1... m": set it when the
    // FEN's side to move is black (the side that does not open a move number).
    bool black_moves_first_in_fen = false;
};

// PDN text of one game: tags, a blank line, movetext wrapped at 80 columns between
// moves, the result token, a blank line. Tag values escape '"' and '\'; braces in
// comments become parentheses so that a comment cannot end early.
std::string write_pdn(const PdnGame& game);

// The GameType tag value of a draughts rule set ("20" for international), empty when unknown.
std::string pdn_game_type(const std::string& variant);
// The result token for white's score in half points (0 loss, 1 draw, 2 win): "2-0"/"1-1"/"0-2"
// on 10x10 and 12x12 boards, "1-0"/"1/2-1/2"/"0-1" on 8x8; "*" for anything else.
std::string pdn_result(const std::string& variant, int white_points_doubled);

}  // namespace damier::match
