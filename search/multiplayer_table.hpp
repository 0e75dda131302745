// The transposition table of the multi-player search: one entry per position
// holding a value per seat (max-n) or the root seat's score (paranoid, best-reply),
// in two words of a search::LocklessSlot (same race contract as tt.hpp: the
// threads of a search share it without locks, and it is a cache).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "search/game_concepts.hpp"
#include "search/tt.hpp"

namespace damier::search {

enum class MultiAlgorithm : std::uint8_t { Paranoid, BestReply, MaxN, BestReplyPlus };

// Word 0: values of seats 0-3 (int16 each). Word 1: values of seats 4-5, the move
// (11 bits) and age (5 bits), the depth, then the bound (2 bits), algorithm (2),
// root seat (3) and the final flag (1). Values fit int16 because they lie in
// [-Win, Win].
struct MultiEntry {
    static constexpr std::uint16_t NoMove = 0x7FF;
    static constexpr std::uint8_t AgeMask = 0x1F;

    Values values{};               // max-n: every seat; paranoid and BRS: values[root]
    std::uint16_t move = NoMove;   // index in the search's move order at this node
    std::uint8_t depth = 0;
    Bound bound = Bound::None;
    MultiAlgorithm algorithm = MultiAlgorithm::Paranoid;
    std::uint8_t root = 0;         // the seat whose score paranoid and BRS store
    std::uint8_t age = 0;
    // The values are a game over's, counted from this node (search::MultiSearcher
    // moves them along the plies when the game says how: final_value_later).
    bool final = false;

    std::array<std::uint64_t, 2> pack() const {
        auto v = [this](int i) { return std::uint64_t{static_cast<std::uint16_t>(values[i])}; };
        const std::uint64_t flags = static_cast<std::uint64_t>(bound) | static_cast<std::uint64_t>(algorithm) << 2 |
                                    std::uint64_t{root} << 4 | std::uint64_t{final} << 7;
        return {v(0) | v(1) << 16 | v(2) << 32 | v(3) << 48,
                v(4) | v(5) << 16 | std::uint64_t{move} << 32 | std::uint64_t{age} << 43 |
                    std::uint64_t{depth} << 48 | flags << 56};
    }
    static MultiEntry unpack(const std::array<std::uint64_t, 2>& w) {
        MultiEntry e;
        for (int i = 0; i < MaxPlayers; ++i)
            e.values[i] = static_cast<std::int16_t>(w[i / 4] >> (16 * (i % 4)) & 0xFFFF);
        e.move = static_cast<std::uint16_t>(w[1] >> 32 & NoMove);
        e.age = static_cast<std::uint8_t>(w[1] >> 43 & AgeMask);
        e.depth = static_cast<std::uint8_t>(w[1] >> 48);
        const auto flags = static_cast<std::uint8_t>(w[1] >> 56);
        e.bound = static_cast<Bound>(flags & 3);
        e.algorithm = static_cast<MultiAlgorithm>(flags >> 2 & 3);
        e.root = static_cast<std::uint8_t>(flags >> 4 & 7);
        e.final = (flags >> 7) != 0;
        return e;
    }
};

// Buckets of two two-word slots (see BucketTable in tt.hpp); 0 MiB turns the
// table off (every probe misses).
class MultiTable : public BucketTable<MultiEntry, 2, 2> {
public:
    explicit MultiTable(std::size_t mebibytes = 16) : BucketTable(mebibytes) {}
    void store(std::uint64_t key, const MultiEntry& e) {
        BucketTable::store(key, e, [](const MultiEntry&, const MultiEntry&) { return false; });
    }
};

}  // namespace damier::search
