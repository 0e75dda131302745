// The eight draughts rule sets as compile-time traits.
//
// A rule set is a struct of static constexpr facts; the move generator branches on
// them with `if constexpr`, so each rule set gets its own specialised generator.
// Facts follow engine/draughts/RULES.md (FMJD rules for international draughts,
// the seed texts for Czech and the 8x8 comparison table). A variant is written by
// difference from another one where the rules allow it.
#pragma once

#include <concepts>
#include <string_view>

#include "engine/draughts/board.hpp"

namespace damier::draughts {

// How a player must choose among the available captures.
enum class Precedence {
    FreeChoice,           // any capture, finished to the end
    MostPieces,           // maximum number of pieces, a king counting as one
    MostPiecesThenKings,  // Spanish: most pieces, then most kings among them
    KingFirst,            // Czech: if a king can capture, a king must capture
    Italian,              // most pieces, king over man, most kings, kings met earliest
};

// What happens to a man that reaches the crowning row in the middle of a capture.
enum class CrownInCapture {
    PassThrough,       // goes on as a man, crowned only if the move ends there
    CrownAndContinue,  // crowned at once, may keep capturing as a king (Russian)
    CrownAndStop,      // crowned, and the move ends there
};

// Which moves reset the counter of the "N moves without progress" draw rule.
enum class QuietCounterReset {
    CaptureOrManMove,    // counter of king-only moves without capture
    CaptureOrPromotion,  // Czech seed: "sans prise ni promotion"
};

// How squares are numbered and positions written (see notation.hpp).
enum class Numbering {
    Standard,   // 1..N from the top-left, as international draughts
    Algebraic,  // a1..h8, with the standard 1..32 numbers also accepted
    Italian,    // mirrored board, 1..32 left to right from the top
    Spanish,    // mirrored board, 1..32 right to left from white's back rank
};

template <class R>
concept RuleSet = requires {
    typename R::board;
    { R::name } -> std::convertible_to<std::string_view>;
    { R::first_to_move } -> std::convertible_to<Color>;
    { R::men_rows } -> std::convertible_to<int>;
    { R::men_capture_backwards } -> std::convertible_to<bool>;
    { R::men_capture_kings } -> std::convertible_to<bool>;
    { R::flying_kings } -> std::convertible_to<bool>;
    { R::precedence } -> std::convertible_to<Precedence>;
    { R::crown_in_capture } -> std::convertible_to<CrownInCapture>;
    { R::capture_mandatory } -> std::convertible_to<bool>;
    { R::quiet_draw_plies } -> std::convertible_to<int>;
    { R::quiet_counter_reset } -> std::convertible_to<QuietCounterReset>;
    { R::fmjd_endgame_rules } -> std::convertible_to<bool>;
    { R::numbering } -> std::convertible_to<Numbering>;
    { R::pdn_gametype } -> std::convertible_to<std::string_view>;
    { R::opening_file } -> std::convertible_to<std::string_view>;
};

// FMJD rules for international draughts (10x10), as summarised in RULES.md: maximum capture counting a king as one piece, a man passing the
// crowning row during a capture stays a man.
struct International {
    using board = Board10;
    static constexpr std::string_view name = "international";
    static constexpr std::string_view opening_file = "international-2move.tsv";  // the match runner's default openings
    static constexpr std::string_view pdn_gametype = "20,W,10,10,N2,0";
    static constexpr Color first_to_move = Color::White;
    static constexpr int men_rows = 4;                       // 20 men each
    static constexpr bool men_capture_backwards = true;
    static constexpr bool men_capture_kings = true;
    static constexpr bool flying_kings = true;
    static constexpr Precedence precedence = Precedence::MostPieces;
    static constexpr CrownInCapture crown_in_capture = CrownInCapture::PassThrough;
    static constexpr bool capture_mandatory = true;
    // 25 moves each of king moves without capture; 16 and 5 move endgame rules
    // against a lone king.
    static constexpr int quiet_draw_plies = 50;
    static constexpr QuietCounterReset quiet_counter_reset = QuietCounterReset::CaptureOrManMove;
    static constexpr bool fmjd_endgame_rules = true;
    static constexpr Numbering numbering = Numbering::Standard;
};

// Brazilian draughts: international rules on the 8x8 board.
struct Brazilian : International {
    using board = Board8;
    static constexpr std::string_view name = "brazilian";
    static constexpr std::string_view opening_file = "brazilian-fmjd.tsv";  // the match runner's default openings
    static constexpr std::string_view pdn_gametype = "26,W,8,8,A0,0";
    static constexpr int men_rows = 3;
    static constexpr Numbering numbering = Numbering::Algebraic;
};

// Canadian draughts: international rules on the 12x12 board.
struct Canadian : International {
    using board = Board12;
    static constexpr std::string_view name = "canadian";
    static constexpr std::string_view opening_file = "canadian-2move.tsv";  // the match runner's default openings
    static constexpr std::string_view pdn_gametype = "27,W,12,12,N2,0";
    static constexpr int men_rows = 5;
};

// Russian draughts: free choice of capture, a man crowned during a capture goes on
// capturing as a king; 15 moves each of king moves only without capture is a draw.
struct Russian : International {
    using board = Board8;
    static constexpr std::string_view name = "russian";
    static constexpr std::string_view opening_file = "russian-idf.tsv";  // the match runner's default openings
    static constexpr std::string_view pdn_gametype = "25,W,8,8,A0,0";
    static constexpr int men_rows = 3;
    static constexpr Precedence precedence = Precedence::FreeChoice;
    static constexpr CrownInCapture crown_in_capture = CrownInCapture::CrownAndContinue;
    static constexpr int quiet_draw_plies = 30;
    static constexpr bool fmjd_endgame_rules = false;
    static constexpr Numbering numbering = Numbering::Algebraic;
};

// Czech draughts (seed 003): men capture forward only, flying kings, a king must
// capture when one can; otherwise free choice. Crowned and the move ends there.
// 40 moves each without capture or promotion is a draw.
struct Czech : Russian {
    static constexpr std::string_view name = "czech";
    static constexpr std::string_view opening_file = "czech-2move.tsv";  // the match runner's default openings
    static constexpr std::string_view pdn_gametype = "29,W,8,8,A0,0";
    static constexpr bool men_capture_backwards = false;
    static constexpr Precedence precedence = Precedence::KingFirst;
    static constexpr CrownInCapture crown_in_capture = CrownInCapture::CrownAndStop;
    static constexpr int quiet_draw_plies = 80;
    static constexpr QuietCounterReset quiet_counter_reset = QuietCounterReset::CaptureOrPromotion;
};

// American checkers (English draughts), ACF rules: black moves first, kings move
// one square, free choice of capture, 40 moves each without capture or man move.
struct American {
    using board = Board8;
    static constexpr std::string_view name = "american";
    static constexpr std::string_view opening_file = "american-3move.tsv";  // the match runner's default openings
    static constexpr std::string_view pdn_gametype = "21,B,8,8,N1,0";
    static constexpr Color first_to_move = Color::Black;
    static constexpr int men_rows = 3;
    static constexpr bool men_capture_backwards = false;
    static constexpr bool men_capture_kings = true;
    static constexpr bool flying_kings = false;
    static constexpr Precedence precedence = Precedence::FreeChoice;
    static constexpr CrownInCapture crown_in_capture = CrownInCapture::CrownAndStop;
    static constexpr bool capture_mandatory = true;
    static constexpr int quiet_draw_plies = 80;
    static constexpr QuietCounterReset quiet_counter_reset = QuietCounterReset::CaptureOrManMove;
    static constexpr bool fmjd_endgame_rules = false;
    static constexpr Numbering numbering = Numbering::Standard;
};

// Spanish draughts: mirrored board, flying kings, most pieces then most kings.
// The move-count draw follows the Czech seed (no citable Spanish figure).
struct Spanish : Czech {
    static constexpr std::string_view name = "spanish";
    static constexpr std::string_view opening_file = "spanish-2move.tsv";  // the match runner's default openings
    static constexpr std::string_view pdn_gametype = "24,W,8,8,N1,1";
    static constexpr Precedence precedence = Precedence::MostPiecesThenKings;
    static constexpr Numbering numbering = Numbering::Spanish;
};

// Italian draughts (FID): mirrored board, one-square kings, men never capture
// kings, the four capture precedences; 40 moves each without capture or man move.
struct Italian : American {
    static constexpr std::string_view name = "italian";
    static constexpr std::string_view opening_file = "italian-11man.tsv";  // the match runner's default openings
    static constexpr std::string_view pdn_gametype = "22,W,8,8,N2,1";
    static constexpr Color first_to_move = Color::White;
    static constexpr bool men_capture_kings = false;
    static constexpr Precedence precedence = Precedence::Italian;
    static constexpr Numbering numbering = Numbering::Italian;
};

// House rule for the 8x8 rule sets (seed 003, "dames sans prise obligatoire"):
// capturing is optional, but a player who captures follows the parent's precedence.
template <class Parent>
struct OptionalCapture : Parent {
    static_assert(std::is_same_v<typename Parent::board, Board8>, "nocapture is an 8x8 house rule");
    static constexpr bool capture_mandatory = false;
};

}  // namespace damier::draughts
