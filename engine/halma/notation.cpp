#include "engine/halma/notation.hpp"

#include <array>
#include <vector>

#include "engine/core/text.hpp"

namespace damier::halma {

namespace {

// The board a jump chain of the piece on `from` is played on (for a swap into
// `target`, with that cell emptied), as in MoveGen::for_each_piece.
struct ChainBoard {
    u128 occupied, kings, landable;
    bool king;
};

ChainBoard chain_board(const Rules& rules, const Position& p, int from, int swap_target) {
    const u128 origin = bit_at<u128>(from);
    u128 occupied = p.occupied & ~origin;
    if (swap_target >= 0) occupied &= ~bit_at<u128>(swap_target);
    u128 allowed = rules.allowed(p.side);
    if (rules.settings().goal_lock && (rules.goal(p.side) & origin)) allowed &= rules.goal(p.side);
    return {occupied, p.kings, topology.all & ~occupied & allowed, (p.kings & origin) != 0};
}

// Cells reached from c by one jump on board b.
u128 one_jump(const ChainBoard& b, int c) {
    u128 out = 0;
    for (int d = 0; d < 6; ++d) {
        const auto& ray = topology.rays[c][d];
        int k = 0;
        if (b.king) {
            while (k < ray.length && ((b.occupied >> ray.cells[k]) & 1) && !((b.kings >> ray.cells[k]) & 1)) ++k;
        } else if (ray.length > 0 && ((b.occupied >> ray.cells[0]) & 1) && !((b.kings >> ray.cells[0]) & 1)) {
            k = 1;
        }
        if (k == 0 || k >= ray.length) continue;
        if ((b.landable >> ray.cells[k]) & 1) out |= bit_at<u128>(ray.cells[k]);
    }
    return out;
}

std::string cell_name(int cell) { return std::to_string(cell + 1); }

Result<int> parse_cell(std::string_view text) {
    auto n = parse_uint(text);
    if (!n || *n < 1 || *n > static_cast<std::uint64_t>(CellCount))
        return failure<int>("bad cell " + quoted(text) + ": cells are 1 to 121");
    return static_cast<int>(*n) - 1;
}

}  // namespace

std::string position_string(const Position& p) {
    std::string s(1, static_cast<char>('1' + p.side));
    for (int cell = 0; cell < CellCount; ++cell) {
        int owner = p.owner(cell);
        if (owner < 0) s += 'e';
        else s += static_cast<char>((p.is_king(cell) ? 'A' : '1') + owner);
    }
    return s;
}

Result<unsigned> parse_camps(std::string_view text) {
    unsigned camps = 0;
    for (auto part : split(trim(text), " ,\t")) {
        if (part.empty()) continue;
        auto n = parse_uint(part);
        if (!n || *n < 1 || *n > 6) return failure<unsigned>("bad camp " + quoted(part) + ": camps are 1 to 6");
        camps |= 1u << (*n - 1);
    }
    return camps;
}

Result<Position> parse_position(const Rules& rules, std::string_view text, unsigned resigned, std::uint32_t ply) {
    auto t = trim(text);
    if (t.size() != 1 + CellCount)
        return failure<Position>("bad position " + quoted(t) + ": expected a camp digit and 121 cells, got " +
                                 std::to_string(t.size()) + " characters");
    Position p;
    if (t[0] < '1' || t[0] > '6') return failure<Position>("bad side to move " + quoted(t.substr(0, 1)));
    int side = t[0] - '1';
    if (!rules.seated(side)) return failure<Position>("camp " + std::to_string(side + 1) + " to move is not seated");
    std::array<int, CampCount> men{}, kings{};
    for (int cell = 0; cell < CellCount; ++cell) {
        char c = t[static_cast<std::size_t>(cell + 1)];
        int camp;
        if (c == 'e') continue;
        if (c >= '1' && c <= '6') {
            camp = c - '1';
            ++men[camp];
        } else if (c >= 'A' && c <= 'F') {
            if (!rules.diamond()) return failure<Position>("kings exist in diamond only, got " + quoted(std::string_view(&t[cell + 1], 1)));
            camp = c - 'A';
            ++kings[camp];
            p.kings |= bit_at<u128>(cell);
        } else {
            return failure<Position>("bad cell character " + quoted(std::string_view(&t[cell + 1], 1)) +
                                     " at cell " + cell_name(cell));
        }
        p.pieces[camp] |= bit_at<u128>(cell);
    }
    for (int camp = 0; camp < CampCount; ++camp) {
        std::string name = "camp " + std::to_string(camp + 1);
        if (!rules.seated(camp)) {
            if (men[camp] + kings[camp]) return failure<Position>(name + " has pieces but is not seated");
            if ((resigned >> camp) & 1) return failure<Position>(name + " resigned but is not seated");
            continue;
        }
        if (rules.diamond() && (men[camp] != 14 || kings[camp] != 1))
            return failure<Position>(name + " must have 14 men and 1 king");
        if (!rules.diamond() && men[camp] != 10) return failure<Position>(name + " must have 10 pieces");
    }
    if ((resigned >> side) & 1) return failure<Position>("the side to move has resigned");
    if (resigned >> CampCount) return failure<Position>("bad resigned camp set");
    p.side = static_cast<std::uint8_t>(side);
    p.ply = ply;
    // Resigned players take the worst places, in seating order.
    int worst = rules.players();
    for (int i = 0; i < rules.seat_count(); ++i) {
        int camp = rules.seat(i);
        if (!((resigned >> camp) & 1)) continue;
        p.resigned = static_cast<std::uint8_t>(p.resigned | (1u << camp));
        p.place2[camp] = static_cast<std::uint8_t>(2 * worst--);
    }
    Position settled = settle(rules, p);
    if (!settled.over && ((settled.finished >> side) & 1))
        return failure<Position>("the side to move has already finished");
    return settled;
}

std::string move_string(const Rules& rules, const Position& p, const Move& m) {
    if (m.is_pass()) return "pass";
    if (!m.is_jump()) return cell_name(m.from) + "-" + cell_name(m.to);
    // Breadth-first search over single jumps gives a shortest chain.
    ChainBoard board = chain_board(rules, p, m.from, m.is_swap() ? m.to : -1);
    std::array<int, CellCount> parent;
    parent.fill(-1);
    parent[m.from] = m.from;
    std::array<int, CellCount> queue{};
    int head = 0, tail = 0;
    queue[tail++] = m.from;
    while (head < tail && parent[m.to] < 0) {
        int c = queue[head++];
        for (u128 next = one_jump(board, c); next;) {
            int n = pop_lowest(next);
            if (parent[n] >= 0) continue;
            parent[n] = c;
            queue[tail++] = n;
        }
    }
    if (parent[m.to] < 0) return cell_name(m.from) + "x" + cell_name(m.to);  // not legal here
    std::vector<int> path;
    for (int c = m.to; c != m.from; c = parent[c]) path.push_back(c);
    std::string s = cell_name(m.from);
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
        s += 'x';
        s += cell_name(*it);
    }
    return s;
}

Result<Move> parse_move(const Rules& rules, const Position& p, std::string_view text) {
    auto t = trim(text);
    MoveList moves;
    MoveGen::generate(rules, p, moves);
    if (t == "pass") {
        if (moves.size() == 1 && moves[0].is_pass()) return Move::pass();
        if (moves.empty()) return failure<Move>("the game is over");
        return failure<Move>("pass is not legal: the player has a move");
    }
    if (t.size() > 600) return failure<Move>("move " + quoted(t) + " is too long");
    bool step = t.find('-') != std::string_view::npos;
    auto parts = split(t, step ? "-" : "x");
    if (parts.size() < 2 || (step && parts.size() != 2))
        return failure<Move>("bad move " + quoted(t) + ": expected from-to, fromxto or a jump chain");
    std::vector<int> cells;
    for (auto part : parts) {
        auto cell = parse_cell(part);
        if (!cell) return failure<Move>("bad move " + quoted(t) + ": " + cell.error());
        cells.push_back(*cell);
    }
    const int from = cells.front(), to = cells.back();
    const Move* found = nullptr;
    for (const auto& m : moves)
        if (!m.is_pass() && m.from == from && m.to == to) found = &m;
    if (!found) return failure<Move>("illegal move " + quoted(t));
    // A step written as a jump chain is fine when the chain is real (a diamond king
    // can end a chain next to where it started); a jump is never written as a step.
    if ((step && found->is_jump()) || (!step && !found->is_jump() && cells.size() < 3))
        return failure<Move>("illegal move " + quoted(t) + ": " + (step ? "a jump is written with x" : "not a jump"));
    if (cells.size() > 2) {
        ChainBoard board = chain_board(rules, p, from, found->is_swap() ? to : -1);
        for (std::size_t i = 1; i < cells.size(); ++i)
            if (!((one_jump(board, cells[i - 1]) >> cells[i]) & 1))
                return failure<Move>("illegal move " + quoted(t) + ": no jump from " + cell_name(cells[i - 1]) +
                                     " to " + cell_name(cells[i]));
    }
    return *found;
}

}  // namespace damier::halma
