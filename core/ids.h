// Typed ids for a title's nouns (Stockfish's Square and Piece): each noun an enum class, and the
// arrays of one value per noun indexed only by that enum (IdArray), each index checked by CORE_EXPECT
// where checks are live (core/expect.h). An int meets a typed array only through the title's checked
// conversion (churchill::power_at), so a power cannot index an array of Fronts, nor -1 any array.
// docs/architecture.md, "Typed ids", says how a title declares its nouns.
#pragma once

#include <array>
#include <bitset>
#include <cstddef>
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

}  // namespace core
