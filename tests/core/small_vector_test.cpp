// core::SmallVector (core/types.h): the action lists' vector keeps its first items inline and
// moves to the heap beyond them, and copies of it, inline or on the heap, hold the same items.
#include <gtest/gtest.h>

#include "core/types.h"

namespace {

using Small = core::SmallVector<int, 4>;

Small counting(int n) {
  Small v;
  for (int i = 0; i < n; ++i) v.push_back(i * 3);
  return v;
}

void expect_counting(const Small& v, int n) {
  ASSERT_EQ(v.size(), static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[static_cast<std::size_t>(i)], i * 3) << i;
}

TEST(SmallVector, KeepsItsItemsWhenItMovesToTheHeap) {
  Small v = counting(3);
  expect_counting(v, 3);
  for (int i = 3; i < 100; ++i) v.push_back(i * 3);  // beyond the 4 inline items, twice over and more
  expect_counting(v, 100);
  v.clear();
  EXPECT_TRUE(v.empty());
  v.push_back(7);
  EXPECT_EQ(v[0], 7);
}

TEST(SmallVector, CopiesHoldTheSameItemsInlineOrOnTheHeap) {
  const Small inline_items = counting(4), heap_items = counting(37);
  Small a(inline_items), b(heap_items);
  expect_counting(a, 4);
  expect_counting(b, 37);
  a = heap_items;  // an inline copy moves to the heap
  expect_counting(a, 37);
  b = inline_items;  // a heap copy keeps its heap, with the fewer items
  expect_counting(b, 4);
  const Small& same = b;
  b = same;  // assigned to itself: unchanged
  expect_counting(b, 4);
  b.push_back(12);  // the copy is its own: the original is unchanged
  expect_counting(inline_items, 4);
  EXPECT_EQ(b[4], 12);
}

}  // namespace
