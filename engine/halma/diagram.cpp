#include "engine/halma/diagram.hpp"

#include "engine/halma/notation.hpp"

namespace damier::halma {

namespace {

// Cell (q, r) sits at column 2q + r of a 25-column picture: a row's neighbours are
// two columns apart and the rows above and below are shifted by one.
constexpr int column_of(int q, int r) { return 2 * q + r + 12; }
constexpr int picture_width = 25;

char cell_char(const Position& p, int cell) {
    int camp = p.owner(cell);
    if (camp < 0) return '.';
    return static_cast<char>((p.is_king(cell) ? 'A' : '1') + camp);
}

// A place stored doubled (shared places are averaged): 3 reads "1.5".
std::string place_text(int place2) {
    std::string text = std::to_string(place2 / 2);
    if (place2 % 2) text += ".5";
    return text;
}

std::string camp_state(const Position& p, int camp) {
    bool resigned = (p.resigned >> camp) & 1, finished = (p.finished >> camp) & 1;
    if (!p.place2[camp]) return "playing";
    std::string place = "place " + place_text(p.place2[camp]);
    if (resigned) return "resigned, " + place;
    if (finished) return "finished, " + place;
    return place;
}

}  // namespace

std::string diagram(const Rules& rules, const Position& p) {
    std::string out;
    for (int r = -8; r <= 8; ++r) {
        std::string line(picture_width, ' ');
        for (int q = -8; q <= 8; ++q) {
            int cell = topology.cell_at[r + 8][q + 8];
            if (cell >= 0) line[static_cast<std::size_t>(column_of(q, r))] = cell_char(p, cell);
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
    }

    if (p.over) out += "game over";
    else out += "camp " + std::to_string(p.side + 1) + " to move";
    out += "   ply " + std::to_string(p.ply);
    for (int i = 0; i < rules.seat_count(); ++i) {
        int camp = rules.seat(i);
        out += "   " + std::to_string(camp + 1) + ": " + camp_state(p, camp);
    }
    out += "\nposition " + position_string(p) + '\n';
    return out;
}

}  // namespace damier::halma
