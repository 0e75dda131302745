// Bit helpers shared by the board families: one set of names for 64-bit and
// 128-bit square sets, so generators are written once for every board size.
#pragma once

#include <bit>
#include <cstdint>

namespace damier {

__extension__ using u128 = unsigned __int128;  // GCC and Clang extension: 12x12 boards need 78 bits

constexpr int popcount(std::uint64_t b) { return std::popcount(b); }
constexpr int popcount(u128 b) {
    return std::popcount(static_cast<std::uint64_t>(b)) +
           std::popcount(static_cast<std::uint64_t>(b >> 64));
}

// Index of the lowest set bit; b must not be zero.
constexpr int lowest_bit(std::uint64_t b) { return std::countr_zero(b); }
constexpr int lowest_bit(u128 b) {
    auto low = static_cast<std::uint64_t>(b);
    return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(b >> 64));
}

template <class Bits>
constexpr Bits bit_at(int index) {
    return Bits{1} << index;
}

// Removes and returns the index of the lowest set bit.
template <class Bits>
constexpr int pop_lowest(Bits& b) {
    int index = lowest_bit(b);
    b &= b - 1;
    return index;
}

// SplitMix64: a fixed, well-mixed sequence for Zobrist keys, usable at compile time.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace damier
