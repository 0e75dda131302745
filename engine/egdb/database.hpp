// A set of endgame tables of one rule set, in memory: loaded from a folder or
// filled by the builder, probed by the search.
//
// The values ignore the draw rules' move counters (the 25-move rule, FMJD's 16
// and 5 moves against a lone king, ...), as endgame databases do: a win here
// is a win with unlimited moves. The search keeps applying the counters.
#pragma once

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/draughts/rules.hpp"
#include "engine/egdb/file.hpp"
#include "engine/egdb/index.hpp"

namespace damier::egdb {

// The name of a rule set in files: optional captures are other rules.
template <draughts::RuleSet R>
std::string rules_name() {
    return std::string(R::name) + (R::capture_mandatory ? "" : "-nocapture");
}

// Every signature of exactly `pieces` pieces with at least one piece a side,
// fewest men first (promotions lead to fewer men, so they are built first).
inline std::vector<Signature> signatures(int pieces) {
    std::vector<Signature> out;
    for (int men = 0; men <= pieces; ++men)
        for (int mine = 1; mine < pieces; ++mine)
            for (int my_men = 0; my_men <= mine; ++my_men) {
                const int their_men = men - my_men;
                if (their_men < 0 || their_men > pieces - mine) continue;
                out.push_back({my_men, mine - my_men, their_men, pieces - mine - their_men});
            }
    return out;
}

template <draughts::RuleSet R>
class Database {
public:
    using B = typename R::board;
    using Pos = draughts::Position<B>;

    struct Table {
        Layout<B> layout;
        FileHeader header;
        PackedValues values;
        std::uint64_t bytes = 0;  // file size
    };

    // Every table of up to this many pieces is present (1: none needed).
    int max_pieces() const { return max_pieces_; }

    // The value of p for its side to move, when its table is present.
    std::optional<Wdl> probe(const Pos& p) const {
        if (popcount(p.occupied()) > max_pieces_) return std::nullopt;
        return probe_any(p);
    }

    // As probe, for any table present (the builder's lookups into finished tables).
    std::optional<Wdl> probe_any(const Pos& p) const {
        const Pos q = from_mover(p);
        const Signature s = signature_of(q);
        if (s.my_men + s.my_kings == 0) return Wdl::Loss;      // no move: lost
        if (s.their_men + s.their_kings == 0) return Wdl::Win;  // never reached in play
        const Table* t = table(s);
        if (!t) return std::nullopt;
        return t->values.get(t->layout.index(q));
    }

    const Table* table(const Signature& s) const {
        if (s.pieces() > MaxPieces) return nullptr;
        return tables_[slot(s)].get();
    }

    void add(std::unique_ptr<Table> t) {
        const Signature s = t->layout.signature();
        tables_[slot(s)] = std::move(t);
        while (complete(max_pieces_ + 1)) ++max_pieces_;
    }

    // Reads one signature's table from `dir`.
    Result<std::unique_ptr<Table>> read(const std::string& dir, const Signature& s) const {
        Layout<B> layout(s);
        auto file = read_table(path(dir, s), rules_name<R>(), s, layout.size());
        if (!file) return failure<std::unique_ptr<Table>>(file.error());
        return std::make_unique<Table>(Table{layout, file->header, std::move(file.value().values), file->bytes});
    }

    static std::string path(const std::string& dir, const Signature& s) {
        return (std::filesystem::path(dir) / file_name(rules_name<R>(), s)).string();
    }

    // Loads every complete piece count from `dir`, 2 pieces upwards, until one is
    // absent. Returns one line per problem (a bad or missing file in a piece count
    // that is partly present); the counts below it stay usable.
    std::vector<std::string> load(const std::string& dir) {
        std::vector<std::string> problems;
        if (!std::filesystem::is_directory(dir)) return {"endgame database folder " + dir + " not found"};
        for (int n = 2; n <= MaxPieces; ++n) {
            const auto wanted = signatures(n);
            int present = 0;
            for (const auto& s : wanted) present += std::filesystem::exists(path(dir, s)) ? 1 : 0;
            if (present == 0) break;
            std::vector<std::unique_ptr<Table>> loaded;
            for (const auto& s : wanted) {
                auto t = read(dir, s);
                if (!t) problems.push_back(t.error());
                else loaded.push_back(std::move(t.value()));
            }
            if (!problems.empty()) break;
            for (auto& t : loaded) add(std::move(t));
        }
        return problems;
    }

private:
    static std::size_t slot(const Signature& s) {
        return static_cast<std::size_t>(((s.my_men * 9 + s.my_kings) * 9 + s.their_men) * 9 + s.their_kings);
    }
    bool complete(int pieces) const {
        if (pieces > MaxPieces) return false;
        for (const auto& s : signatures(pieces))
            if (!table(s)) return false;
        return true;
    }

    std::vector<std::unique_ptr<Table>> tables_ = std::vector<std::unique_ptr<Table>>(9 * 9 * 9 * 9);
    int max_pieces_ = 1;  // one piece: the other side has none, known without a table
};

}  // namespace damier::egdb
