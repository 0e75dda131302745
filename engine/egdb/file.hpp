// Endgame database files: one file per material signature and rule set.
//
// Layout (little-endian): the magic "DAMIEREG", format version (u32), the
// signature (4 x u8), the rule set's name (u8 length, then its characters),
// positions, wins, draws, losses, the checksum of the values and the payload's
// length (6 x u64), then the payload: the values at 2 bits a position (four to a
// byte, first position in the low bits), run-length coded as pairs of a byte and
// a varint repeat count. The checksum (FNV-1a, 64 bits) covers the packed
// values, so a rebuild that gives the same values gives the same checksum.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/result.hpp"
#include "engine/egdb/index.hpp"

namespace damier::egdb {

// Win, draw or loss for the side to move. Holes of the index read as draws.
enum class Wdl : std::uint8_t { Draw = 0, Win = 1, Loss = 2 };

// Values at 2 bits a position.
class PackedValues {
public:
    PackedValues() = default;
    explicit PackedValues(std::uint64_t positions) : size_(positions), bytes_((positions + 3) / 4, 0) {}

    std::uint64_t size() const { return size_; }
    Wdl get(std::uint64_t i) const { return static_cast<Wdl>((bytes_[i / 4] >> (2 * (i % 4))) & 3); }
    void set(std::uint64_t i, Wdl v) {
        auto& b = bytes_[i / 4];
        const int shift = static_cast<int>(2 * (i % 4));
        b = static_cast<std::uint8_t>((b & ~(3 << shift)) | (static_cast<int>(v) << shift));
    }
    const std::vector<std::uint8_t>& bytes() const { return bytes_; }
    std::vector<std::uint8_t>& bytes() { return bytes_; }

private:
    std::uint64_t size_ = 0;
    std::vector<std::uint8_t> bytes_;
};

struct FileHeader {
    std::string rules;  // rule set name, "-nocapture" appended for optional captures
    Signature signature;
    std::uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
    std::uint64_t checksum = 0;
};

struct TableFile {
    FileHeader header;
    PackedValues values;
    std::uint64_t bytes = 0;  // size of the file
};

inline constexpr std::uint32_t FormatVersion = 1;

std::uint64_t checksum(const std::vector<std::uint8_t>& bytes);

// The file name of a signature's table, e.g. "international-0M2K-0m1k.egdb".
std::string file_name(const std::string& rules, const Signature& s);

// Writes the table; returns the file's size, or the error.
Result<std::uint64_t> write_table(const std::string& path, const FileHeader& header, const PackedValues& values);

// Reads a table and checks it against what the caller expects: a missing,
// truncated, corrupt or foreign file is refused with a one-line error.
Result<TableFile> read_table(const std::string& path, const std::string& rules, const Signature& expected,
                             std::uint64_t positions);

}  // namespace damier::egdb
