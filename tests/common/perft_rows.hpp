// The rows of the published perft tables in tests/data/perft, read once for the
// perft tests and for the Hub `moves` command's check against perft depth 1.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "engine/core/text.hpp"

namespace damier::testing_support {

struct PerftRow {
    std::string variant;
    std::string fen;  // empty for the start position
    int depth = 0;
    std::uint64_t nodes = 0;
    bool count_paths = false;  // the source counted duplicate capture paths
    std::string source;
};

inline void PrintTo(const PerftRow& row, std::ostream* os) {
    *os << row.variant << " depth " << row.depth << (row.fen.empty() ? " start" : " " + row.fen);
}

// The rows of one file of tests/data/perft (`with_fen`: special-positions.tsv).
inline std::vector<PerftRow> read_perft_rows(const std::string& file, bool with_fen) {
    std::vector<PerftRow> rows;
    std::ifstream in(std::string(DAMIER_TEST_DATA) + "/perft/" + file);
    EXPECT_TRUE(in) << "missing perft data file " << file;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (header) {  // column names
            header = false;
            continue;
        }
        auto cells = split(line, "\t");
        PerftRow row;
        row.variant = std::string(cells.at(0));
        std::size_t i = 1;
        if (with_fen) row.fen = std::string(cells.at(i++));
        else ++i;  // "start"
        row.depth = static_cast<int>(parse_uint(cells.at(i++)).value());
        row.nodes = parse_uint(cells.at(i++)).value();
        if (with_fen) row.count_paths = cells.at(i++) == "paths";
        row.source = std::string(cells.at(i));
        rows.push_back(row);
    }
    return rows;
}

// Both files: the start positions, then the special positions.
inline std::vector<PerftRow> read_all_perft_rows() {
    auto rows = read_perft_rows("initial-positions.tsv", false);
    auto special = read_perft_rows("special-positions.tsv", true);
    rows.insert(rows.end(), special.begin(), special.end());
    return rows;
}

}  // namespace damier::testing_support
