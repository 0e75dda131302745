#include "engine/egdb/file.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace damier::egdb {

namespace {

constexpr char Magic[8] = {'D', 'A', 'M', 'I', 'E', 'R', 'E', 'G'};

void put_u64(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes = 8) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
    for (; v >= 0x80; v >>= 7) out.push_back(static_cast<std::uint8_t>(v | 0x80));
    out.push_back(static_cast<std::uint8_t>(v));
}

// Reads forward through a byte buffer; any read past the end marks it truncated.
struct Reader {
    const std::vector<std::uint8_t>& data;
    std::size_t at = 0;
    bool truncated = false;

    std::uint64_t u64(int bytes = 8) {
        if (data.size() - at < static_cast<std::size_t>(bytes)) {
            truncated = true;
            at = data.size();
            return 0;
        }
        std::uint64_t v = 0;
        for (int i = 0; i < bytes; ++i) v |= std::uint64_t{data[at++]} << (8 * i);
        return v;
    }
    std::uint64_t varint() {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const std::uint64_t b = u64(1);
            if (truncated) return 0;
            v |= (b & 0x7f) << shift;
            if (!(b & 0x80)) return v;
        }
        truncated = true;
        return 0;
    }
};

}  // namespace

std::uint64_t checksum(const std::vector<std::uint8_t>& bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (auto b : bytes) h = (h ^ b) * 0x100000001b3ull;
    return h;
}

std::string file_name(const std::string& rules, const Signature& s) { return rules + "-" + s.label() + ".egdb"; }

Result<std::uint64_t> write_table(const std::string& path, const FileHeader& header, const PackedValues& values) {
    std::vector<std::uint8_t> payload;
    const auto& bytes = values.bytes();
    for (std::size_t i = 0; i < bytes.size();) {
        std::size_t j = i + 1;
        while (j < bytes.size() && bytes[j] == bytes[i]) ++j;
        payload.push_back(bytes[i]);
        put_varint(payload, j - i - 1);
        i = j;
    }
    std::vector<std::uint8_t> out(std::begin(Magic), std::end(Magic));
    put_u64(out, FormatVersion, 4);
    const Signature& s = header.signature;
    for (int n : {s.my_men, s.my_kings, s.their_men, s.their_kings}) put_u64(out, static_cast<std::uint64_t>(n), 1);
    put_u64(out, header.rules.size(), 1);
    out.insert(out.end(), header.rules.begin(), header.rules.end());
    for (std::uint64_t v : {header.positions, header.wins, header.draws, header.losses, header.checksum,
                            std::uint64_t{payload.size()}})
        put_u64(out, v);
    out.insert(out.end(), payload.begin(), payload.end());
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(out.data()), static_cast<std::streamsize>(out.size()));
    file.close();
    if (!file) return failure<std::uint64_t>("cannot write " + path);
    return std::uint64_t{out.size()};
}

Result<TableFile> read_table(const std::string& path, const std::string& rules, const Signature& expected,
                             std::uint64_t positions) {
    auto refuse = [&](const std::string& why) { return failure<TableFile>("endgame database " + path + ": " + why); };
    std::ifstream file(path, std::ios::binary);
    if (!file) return refuse("missing or unreadable");
    const std::vector<std::uint8_t> data{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    if (data.size() < sizeof Magic || !std::equal(std::begin(Magic), std::end(Magic), data.begin()))
        return refuse("not a Damier endgame database");
    Reader in{data, sizeof Magic};
    if (const auto version = in.u64(4); !in.truncated && version != FormatVersion)
        return refuse("format version " + std::to_string(version) + ", this build reads " + std::to_string(FormatVersion));
    TableFile t;
    Signature& s = t.header.signature;
    for (int* n : {&s.my_men, &s.my_kings, &s.their_men, &s.their_kings}) *n = static_cast<int>(in.u64(1));
    const std::size_t length = in.u64(1);
    if (!in.truncated && data.size() - in.at >= length) {
        t.header.rules.assign(data.begin() + static_cast<std::ptrdiff_t>(in.at),
                              data.begin() + static_cast<std::ptrdiff_t>(in.at + length));
        in.at += length;
    } else {
        in.truncated = true;
    }
    FileHeader& h = t.header;
    for (std::uint64_t* v : {&h.positions, &h.wins, &h.draws, &h.losses, &h.checksum}) *v = in.u64();
    const std::uint64_t payload = in.u64();
    if (in.truncated || data.size() - in.at < payload) return refuse("truncated");
    if (data.size() - in.at > payload) return refuse("trailing bytes after the values");
    if (h.rules != rules) return refuse("built for " + h.rules + ", not " + rules);
    if (!(s == expected) || h.positions != positions)
        return refuse("holds " + s.label() + " with " + std::to_string(h.positions) + " positions, expected " +
                      expected.label() + " with " + std::to_string(positions));
    t.values = PackedValues(positions);
    auto& bytes = t.values.bytes();
    std::size_t filled = 0;
    while (in.at < data.size()) {
        const std::uint8_t b = static_cast<std::uint8_t>(in.u64(1));
        const std::uint64_t repeat = in.varint() + 1;
        if (in.truncated || bytes.size() - filled < repeat) return refuse("corrupt values");
        std::fill_n(bytes.begin() + static_cast<std::ptrdiff_t>(filled), repeat, b);
        filled += repeat;
    }
    if (filled != bytes.size()) return refuse("truncated values");
    if (checksum(bytes) != h.checksum) return refuse("checksum mismatch");
    t.bytes = data.size();
    return t;
}

}  // namespace damier::egdb
