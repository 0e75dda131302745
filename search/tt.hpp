// Transposition tables shared by all search threads without locks.
//
// Race contract (after Hyatt's lockless hashing): a slot is N+1 relaxed atomic
// words, the data words and a check word holding key ^ data. A reader recomputes
// the key from the words it read; a slot torn by a concurrent writer fails that
// check and reads as a miss, so a reader only ever sees data stored under its own
// key. Entries may be lost or overwritten at any time: the table is a cache.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>
#include <vector>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace damier::search {

// Memory for a table of `bytes` (a multiple of 64). With Pages::Large a table of 2 MiB
// or more is asked for on 2 MiB pages (Linux transparent huge pages, given on request
// only on many systems): on 4 KiB pages a probe misses the TLB as well as the cache
// (bench/search_bench's BM_SearchTablePages measures the difference).
enum class Pages { Small, Large };
struct FreeTable {
    void operator()(void* p) const noexcept { std::free(p); }
};
inline std::unique_ptr<void, FreeTable> allocate_table(std::size_t bytes, Pages pages) {
    constexpr std::size_t huge_page = std::size_t{2} << 20;
    const std::size_t alignment = pages == Pages::Large && bytes >= huge_page ? huge_page : 64;
    const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    std::unique_ptr<void, FreeTable> memory(std::aligned_alloc(alignment, rounded));
    if (!memory) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (alignment == huge_page) madvise(memory.get(), rounded, MADV_HUGEPAGE);  // a hint: 4 KiB pages otherwise
#endif
    return memory;
}

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

// A table of buckets of `Slots` lockless slots, for entries of `Words` words.
// A new entry replaces the one under the same key (unless `keep_old` says the old
// one is worth more), else the slot whose entry is shallowest after a penalty of 8
// plies per search of age. An entry type provides pack()/unpack(), `depth`, `age`,
// `move` and the constants NoMove and AgeMask. Size 0 MiB turns the table off.
template <class EntryT, int Words, int Slots>
class BucketTable {
public:
    explicit BucketTable(std::size_t mebibytes, Pages pages = Pages::Large) : pages_(pages) { resize(mebibytes); }

    // Throws std::bad_alloc when the memory is not there; the old table then stays.
    void resize(std::size_t mebibytes) {
        std::unique_ptr<void, FreeTable> fresh;
        std::size_t buckets = 1;
        if (mebibytes) {
            while ((buckets * 2) * sizeof(Bucket) <= mebibytes << 20) buckets *= 2;
            fresh = allocate_table(buckets * sizeof(Bucket), pages_);
            // Buckets of atomics: trivially destroyed, so freeing the memory ends them.
            std::uninitialized_value_construct_n(static_cast<Bucket*>(fresh.get()), buckets);
        }
        memory_ = std::move(fresh);
        mask_ = memory_ ? buckets - 1 : 0;
        age_ = 0;
    }
    void clear() {
        if (memory_)
            for (std::size_t i = 0; i <= mask_; ++i)
                for (auto& s : buckets()[i].slots) s.clear();
        age_ = 0;
    }
    // Called once per search, before the threads start.
    void new_search() { age_ = static_cast<std::uint8_t>((age_ + 1) & EntryT::AgeMask); }
    std::uint8_t age() const { return age_; }
    bool enabled() const { return memory_ != nullptr; }
    std::size_t bytes() const { return memory_ ? (mask_ + 1) * sizeof(Bucket) : 0; }

    // Starts loading the key's bucket into the cache.
    void prefetch(std::uint64_t key) const {
        if (memory_) __builtin_prefetch(&bucket(key));
    }

    std::optional<EntryT> probe(std::uint64_t key) const {
        if (!memory_ || !key) return std::nullopt;
        for (const auto& s : bucket(key).slots)
            if (auto d = s.load(); d->key == key) return EntryT::unpack(d->words);
        return std::nullopt;
    }

    template <class KeepOld>
    void store(std::uint64_t key, EntryT e, KeepOld&& keep_old) {
        if (!memory_ || !key) return;
        e.age = age_;
        Bucket& b = bucket(key);
        LocklessSlot<Words>* victim = &b.slots[0];
        int victim_worth = 1 << 30;
        for (auto& s : b.slots) {
            auto d = s.load();
            const EntryT old = EntryT::unpack(d->words);
            if (d->key == key) {
                if (keep_old(old, e)) return;
                if (e.move == EntryT::NoMove) e.move = old.move;
                victim = &s;
                break;
            }
            const int worth = old.depth - 8 * ((age_ - old.age) & EntryT::AgeMask);
            if (worth < victim_worth) victim_worth = worth, victim = &s;
        }
        victim->store(key, e.pack());
    }

    // Permille of the first 1000 slots holding an entry of this search.
    int hashfull() const {
        int used = 0, seen = 0;
        for (std::size_t i = 0; memory_ && i <= mask_ && seen < 1000; ++i)
            for (const auto& s : buckets()[i].slots)
                if (++seen, s.load()->key != 0 && EntryT::unpack(s.load()->words).age == age_) ++used;
        return seen ? used * 1000 / seen : 0;
    }

private:
    // A bucket of exactly one cache line is aligned to one.
    static constexpr std::size_t bucket_bytes = Slots * sizeof(LocklessSlot<Words>);
    struct alignas(bucket_bytes == 64 ? 64 : alignof(LocklessSlot<Words>)) Bucket {
        std::array<LocklessSlot<Words>, Slots> slots;
    };
    Bucket& bucket(std::uint64_t key) const { return buckets()[key & mask_]; }

    static_assert(std::is_trivially_destructible_v<Bucket>);
    Bucket* buckets() const { return static_cast<Bucket*>(memory_.get()); }

    Pages pages_;
    std::unique_ptr<void, FreeTable> memory_;  // the buckets
    std::size_t mask_ = 0;
    std::uint8_t age_ = 0;
};

// One two-player entry, packed in one word.
struct Entry {
    static constexpr std::uint16_t NoMove = 0xFFFF;
    static constexpr std::uint8_t AgeMask = 0x3F;

    std::int16_t score = 0;         // table form (see score.hpp to_table)
    std::uint16_t move = NoMove;    // index in the generator's move order
    std::uint8_t depth = 0;
    Bound bound = Bound::None;
    std::uint8_t age = 0;

    std::array<std::uint64_t, 1> pack() const {
        return {static_cast<std::uint16_t>(score) | std::uint64_t{move} << 16 | std::uint64_t{depth} << 32 |
                std::uint64_t{static_cast<std::uint8_t>(bound)} << 40 | std::uint64_t{age} << 48};
    }
    static Entry unpack(const std::array<std::uint64_t, 1>& w) {
        return Entry{static_cast<std::int16_t>(w[0] & 0xFFFF), static_cast<std::uint16_t>(w[0] >> 16),
                     static_cast<std::uint8_t>(w[0] >> 32), static_cast<Bound>((w[0] >> 40) & 3),
                     static_cast<std::uint8_t>(w[0] >> 48)};
    }
};

// The two-player table: buckets of four one-word slots (one cache line), at least 1 MiB.
class TranspositionTable : public BucketTable<Entry, 1, 4> {
public:
    explicit TranspositionTable(std::size_t mebibytes = 16, Pages pages = Pages::Large)
        : BucketTable(std::max<std::size_t>(mebibytes, 1), pages) {}
    void resize(std::size_t mebibytes) { BucketTable::resize(std::max<std::size_t>(mebibytes, 1)); }

    // Keeps a deeper entry of this search unless the new one is exact.
    void store(std::uint64_t key, const Entry& e) {
        BucketTable::store(key, e, [this](const Entry& old, const Entry& fresh) {
            return old.age == age() && old.depth > fresh.depth + 2 && fresh.bound != Bound::Exact;
        });
    }
};

}  // namespace damier::search
