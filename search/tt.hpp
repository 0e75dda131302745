// Transposition tables shared by all search threads without locks.
//
// Race contract (after Hyatt's lockless hashing): a slot is N+1 relaxed atomic
// words, the data words and a check word holding key ^ data. A reader recomputes
// the key from the words it read; a slot torn by a concurrent writer fails that
// check and reads as a miss, so a reader only ever sees data stored under its own
// key. Entries may be lost or overwritten at any time: the table is a cache.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace damier::search {

template <int Words>
class LocklessSlot {
public:
    struct Data {
        std::uint64_t key;
        std::array<std::uint64_t, Words> words;
    };

    std::optional<Data> load() const {
        Data d;
        std::uint64_t check = check_.load(std::memory_order_relaxed);
        for (int i = 0; i < Words; ++i) {
            d.words[i] = words_[i].load(std::memory_order_relaxed);
            check ^= d.words[i];
        }
        d.key = check;
        return d;
    }
    bool holds(std::uint64_t key) const { return load()->key == key; }
    void store(std::uint64_t key, const std::array<std::uint64_t, Words>& words) {
        std::uint64_t check = key;
        for (int i = 0; i < Words; ++i) {
            words_[i].store(words[i], std::memory_order_relaxed);
            check ^= words[i];
        }
        check_.store(check, std::memory_order_relaxed);
    }
    void clear() { store(0, {}); }

private:
    std::atomic<std::uint64_t> check_{0};
    std::array<std::atomic<std::uint64_t>, Words> words_{};
};

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// One two-player entry, packed in one word.
struct Entry {
    std::int16_t score = 0;          // table form (see score.hpp to_table)
    std::uint16_t move = 0xFFFF;     // index in the generator's move order, 0xFFFF = none
    std::uint8_t depth = 0;
    Bound bound = Bound::None;
    std::uint8_t age = 0;

    std::uint64_t pack() const {
        return static_cast<std::uint16_t>(score) | std::uint64_t{move} << 16 | std::uint64_t{depth} << 32 |
               std::uint64_t{static_cast<std::uint8_t>(bound)} << 40 | std::uint64_t{age} << 48;
    }
    static Entry unpack(std::uint64_t w) {
        return Entry{static_cast<std::int16_t>(w & 0xFFFF), static_cast<std::uint16_t>(w >> 16),
                     static_cast<std::uint8_t>(w >> 32), static_cast<Bound>((w >> 40) & 3),
                     static_cast<std::uint8_t>(w >> 48)};
    }
};

// Buckets of four slots; a new entry replaces the same key, else the slot whose
// entry is shallowest after a penalty for being from an older search.
class TranspositionTable {
public:
    explicit TranspositionTable(std::size_t mebibytes = 16) { resize(mebibytes); }

    void resize(std::size_t mebibytes) {
        std::size_t buckets = 1;
        while ((buckets * 2) * sizeof(Bucket) <= std::max<std::size_t>(mebibytes, 1) << 20) buckets *= 2;
        buckets_ = std::make_unique<Bucket[]>(buckets);
        mask_ = buckets - 1;
        age_ = 0;
    }
    void clear() {
        for (std::size_t i = 0; i <= mask_; ++i)
            for (auto& s : buckets_[i].slots) s.clear();
        age_ = 0;
    }
    // Called once per search, before the threads start.
    void new_search() { age_ = static_cast<std::uint8_t>((age_ + 1) & 0x3F); }
    std::size_t bytes() const { return (mask_ + 1) * sizeof(Bucket); }

    // Starts loading the key's bucket into the cache.
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket(key)); }

    std::optional<Entry> probe(std::uint64_t key) const {
        for (const auto& s : bucket(key).slots) {
            auto d = s.load();
            if (d->key == key && key != 0) return Entry::unpack(d->words[0]);
        }
        return std::nullopt;
    }

    void store(std::uint64_t key, Entry e) {
        e.age = age_;
        Bucket& b = bucket(key);
        LocklessSlot<1>* victim = &b.slots[0];
        int victim_worth = 1 << 30;
        for (auto& s : b.slots) {
            auto d = s.load();
            Entry old = Entry::unpack(d->words[0]);
            if (d->key == key) {
                // Keep a deeper entry of this search unless the new one is exact.
                if (old.age == age_ && old.depth > e.depth + 2 && e.bound != Bound::Exact) return;
                if (e.move == 0xFFFF) e.move = old.move;
                victim = &s;
                break;
            }
            int worth = old.depth - 8 * ((age_ - old.age) & 0x3F);
            if (worth < victim_worth) victim_worth = worth, victim = &s;
        }
        victim->store(key, {e.pack()});
    }

    // Permille of the first thousand buckets' slots used in this search.
    int hashfull() const {
        int used = 0;
        for (std::size_t i = 0; i < std::min<std::size_t>(250, mask_ + 1); ++i)
            for (const auto& s : buckets_[i].slots)
                if (auto d = s.load(); d->key != 0 && Entry::unpack(d->words[0]).age == age_) ++used;
        return used;
    }

private:
    struct alignas(64) Bucket {
        std::array<LocklessSlot<1>, 4> slots;
    };
    Bucket& bucket(std::uint64_t key) const { return buckets_[key & mask_]; }

    std::unique_ptr<Bucket[]> buckets_;
    std::size_t mask_ = 0;
    std::uint8_t age_ = 0;
};

}  // namespace damier::search
