// Typed ids for a title's nouns (Stockfish's Square and Piece): each noun an enum class, and the
// arrays of one value per noun indexed only by that enum (IdArray), each index checked by CORE_EXPECT
// where checks are live (core/expect.h). An int meets a typed array only through the title's checked
// conversion (churchill::power_at), so a power cannot index an array of Fronts, nor -1 any array.
// docs/architecture.md, "Typed ids", says how a title declares its nouns.
#pragma once

#include <array>
#include <bit>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/expect.h"

namespace core {

// The index of an id: its enum value.
template <class Id>
requires std::is_enum_v<Id>
constexpr std::size_t index_of(Id id) { return static_cast<std::size_t>(static_cast<std::underlying_type_t<Id>>(id)); }

// The id of index `i` of an enum of `N` values; `i` must be one of them.
template <class Id, std::size_t N>
requires std::is_enum_v<Id>
constexpr Id id_at(int i) {
  CORE_EXPECT(i >= 0 && static_cast<std::size_t>(i) < N);
  return static_cast<Id>(i);
}

// N values of T, one per id, indexed only by Id: a[Power::UK]. A plain aggregate of the same size and
// layout as std::array<T, N> (a State that holds it stays trivially copyable, its hash unchanged).
template <class Id, class T, std::size_t N>
requires std::is_enum_v<Id>
struct IdArray {
  std::array<T, N> items;

  constexpr T& operator[](Id id) {
    CORE_EXPECT(index_of(id) < N);
    return items[index_of(id)];
  }
  constexpr const T& operator[](Id id) const {
    CORE_EXPECT(index_of(id) < N);
    return items[index_of(id)];
  }
  static constexpr std::size_t size() { return N; }
  constexpr auto begin() { return items.begin(); }
  constexpr auto end() { return items.end(); }
  constexpr auto begin() const { return items.begin(); }
  constexpr auto end() const { return items.end(); }
  constexpr void fill(const T& v) { items.fill(v); }
  bool operator==(const IdArray&) const = default;
};

// A set of ids, each below N, indexed only by Id: a std::bitset<N> underneath (bits), of its size.
template <class Id, std::size_t N>
requires std::is_enum_v<Id>
struct IdSet {
  std::bitset<N> bits;

  bool test(Id id) const {
    CORE_EXPECT(index_of(id) < N);
    return bits.test(index_of(id));
  }
  IdSet& set(Id id) {
    CORE_EXPECT(index_of(id) < N);
    bits.set(index_of(id));
    return *this;
  }
  IdSet& reset(Id id) {
    CORE_EXPECT(index_of(id) < N);
    bits.reset(index_of(id));
    return *this;
  }
  std::size_t count() const { return bits.count(); }
  bool any() const { return bits.any(); }
  bool none() const { return bits.none(); }
  IdSet& operator|=(const IdSet& o) {
    bits |= o.bits;
    return *this;
  }
  bool operator==(const IdSet&) const = default;
};

// The ids 0 .. n-1 of an enum, in order: for (TheaterId t : d.theaters.ids()).
template <class Id>
requires std::is_enum_v<Id>
struct IdRange {
  struct iterator {
    std::size_t i;
    constexpr Id operator*() const { return static_cast<Id>(i); }
    constexpr iterator& operator++() {
      ++i;
      return *this;
    }
    constexpr bool operator==(const iterator&) const = default;
  };
  std::size_t n;
  constexpr iterator begin() const { return {0}; }
  constexpr iterator end() const { return {n}; }
};

// The entries of a data set, one per id, indexed only by Id: d.issues[issue]. A std::vector
// (items) that a loader fills, each index checked against its size by CORE_EXPECT where checks are live.
template <class Id, class T>
requires std::is_enum_v<Id>
struct IdVector {
  std::vector<T> items;

  const T& operator[](Id id) const {
    CORE_EXPECT(index_of(id) < items.size());
    return items[index_of(id)];
  }
  T& operator[](Id id) {
    CORE_EXPECT(index_of(id) < items.size());
    return items[index_of(id)];
  }
  std::size_t size() const { return items.size(); }
  bool empty() const { return items.empty(); }
  // The id of each entry, in order.
  IdRange<Id> ids() const { return {items.size()}; }
  auto begin() { return items.begin(); }
  auto end() { return items.end(); }
  auto begin() const { return items.begin(); }
  auto end() const { return items.end(); }
  T& back() { return items.back(); }
  const T& back() const { return items.back(); }
  void push_back(T v) { items.push_back(std::move(v)); }
  bool operator==(const IdVector&) const = default;
};

// A set of ids whose storage is one unsigned word, bit i for the id of index i (bits): a field that
// held those bits as a plain word (a State's hand of cards) keeps its size, layout and hash when it
// becomes the set. Indexed only by Id, each id below the word's width (checked by CORE_EXPECT where
// checks are live); iterates its ids lowest first: for (StaffId c : s.hand[p]).
template <class Id, class Word>
requires std::is_enum_v<Id> && std::is_unsigned_v<Word>
struct IdBits {
  Word bits = 0;

  static constexpr std::size_t kWidth = sizeof(Word) * 8;
  // The set of the one id.
  static constexpr IdBits of(Id id) {
    CORE_EXPECT(index_of(id) < kWidth);
    return {static_cast<Word>(Word{1} << index_of(id))};
  }
  // The ids 0 .. n-1 (n at most the width).
  static constexpr IdBits first(std::size_t n) {
    CORE_EXPECT(n <= kWidth);
    return {n == kWidth ? static_cast<Word>(~Word{0}) : static_cast<Word>((Word{1} << n) - 1)};
  }
  constexpr bool test(Id id) const { return (bits & of(id).bits) != 0; }
  constexpr IdBits& set(Id id) {
    bits |= of(id).bits;
    return *this;
  }
  constexpr IdBits& reset(Id id) {
    bits &= static_cast<Word>(~of(id).bits);
    return *this;
  }
  // The number of ids, counted inline: a portable build has no popcount instruction, and
  // std::popcount calls into the runtime library there.
  constexpr int count() const {
    if constexpr (sizeof(Word) <= 4) {
      std::uint32_t v = bits;
      v = v - ((v >> 1) & 0x55555555u);
      v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
      return static_cast<int>((((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
    } else {
      using Half = IdBits<Id, std::uint32_t>;
      return Half{static_cast<std::uint32_t>(bits)}.count() + Half{static_cast<std::uint32_t>(bits >> 32)}.count();
    }
  }
  constexpr bool any() const { return bits != 0; }
  constexpr bool none() const { return bits == 0; }
  // The k-th id, lowest first (k < count()).
  constexpr Id nth(std::size_t k) const {
    Word b = bits;
    for (; k > 0; --k) b &= static_cast<Word>(b - 1);
    CORE_EXPECT(b != 0);
    return static_cast<Id>(std::countr_zero(b));
  }
  constexpr IdBits operator|(IdBits o) const { return {static_cast<Word>(bits | o.bits)}; }
  constexpr IdBits operator&(IdBits o) const { return {static_cast<Word>(bits & o.bits)}; }
  // The ids of this set that are not in `o`.
  constexpr IdBits without(IdBits o) const { return {static_cast<Word>(bits & ~o.bits)}; }
  constexpr IdBits& operator|=(IdBits o) {
    bits |= o.bits;
    return *this;
  }
  constexpr IdBits& operator&=(IdBits o) {
    bits &= o.bits;
    return *this;
  }
  struct iterator {
    Word rest;
    constexpr Id operator*() const { return static_cast<Id>(std::countr_zero(rest)); }
    constexpr iterator& operator++() {
      rest &= static_cast<Word>(rest - 1);
      return *this;
    }
    constexpr bool operator==(const iterator&) const = default;
  };
  constexpr iterator begin() const { return {bits}; }
  constexpr iterator end() const { return {0}; }
  bool operator==(const IdBits&) const = default;
};

}  // namespace core
