// The transposition table of the multi-player search: one entry per position
// holding a value per seat (max-n) or the root seat's score (paranoid, best-reply),
// in two words of a search::LocklessSlot (same race contract as tt.hpp; the
// multi-player search runs one thread, the table is a cache either way).
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

enum class MultiAlgorithm : std::uint8_t { Paranoid, BestReply, MaxN };

// Word 0: values of seats 0-3 (int16 each). Word 1: values of seats 4-5, the move
// (11 bits) and age (5 bits), the depth, then the bound (2 bits), algorithm (2)
// and root seat (3). Values fit int16 because they lie in [-Win, Win].
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

    std::array<std::uint64_t, 2> pack() const {
        auto v = [this](int i) { return std::uint64_t{static_cast<std::uint16_t>(values[i])}; };
        const std::uint64_t flags = static_cast<std::uint64_t>(bound) | static_cast<std::uint64_t>(algorithm) << 2 |
                                    std::uint64_t{root} << 4;
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
        return e;
    }
};

// Buckets of two slots; a new entry replaces the same key, else the slot whose
// entry is shallowest after a penalty for being from an older search. Size 0 MiB
// turns the table off (every probe misses).
class MultiTable {
public:
    explicit MultiTable(std::size_t mebibytes = 16) { resize(mebibytes); }

    void resize(std::size_t mebibytes) {
        buckets_.reset();
        mask_ = 0;
        age_ = 0;
        if (!mebibytes) return;
        std::size_t buckets = 1;
        while ((buckets * 2) * sizeof(Bucket) <= mebibytes << 20) buckets *= 2;
        buckets_ = std::make_unique<Bucket[]>(buckets);
        mask_ = buckets - 1;
    }
    void clear() {
        if (buckets_)
            for (std::size_t i = 0; i <= mask_; ++i)
                for (auto& s : buckets_[i].slots) s.clear();
        age_ = 0;
    }
    void new_search() { age_ = static_cast<std::uint8_t>((age_ + 1) & MultiEntry::AgeMask); }
    bool enabled() const { return buckets_ != nullptr; }

    std::optional<MultiEntry> probe(std::uint64_t key) const {
        if (!buckets_ || !key) return std::nullopt;
        for (const auto& s : bucket(key).slots)
            if (auto d = s.load(); d->key == key) return MultiEntry::unpack(d->words);
        return std::nullopt;
    }

    void store(std::uint64_t key, MultiEntry e) {
        if (!buckets_ || !key) return;
        e.age = age_;
        Bucket& b = bucket(key);
        LocklessSlot<2>* victim = &b.slots[0];
        int victim_worth = 1 << 30;
        for (auto& s : b.slots) {
            auto d = s.load();
            const MultiEntry old = MultiEntry::unpack(d->words);
            if (d->key == key) {
                if (e.move == MultiEntry::NoMove) e.move = old.move;
                victim = &s;
                break;
            }
            const int worth = old.depth - 8 * ((age_ - old.age) & MultiEntry::AgeMask);
            if (worth < victim_worth) victim_worth = worth, victim = &s;
        }
        victim->store(key, e.pack());
    }

private:
    struct Bucket {
        std::array<LocklessSlot<2>, 2> slots;
    };
    Bucket& bucket(std::uint64_t key) const { return buckets_[key & mask_]; }

    std::unique_ptr<Bucket[]> buckets_;
    std::size_t mask_ = 0;
    std::uint8_t age_ = 0;
};

}  // namespace damier::search
