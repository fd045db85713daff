#pragma once
// A title's AI levels by name ("easy" ... "expert"): each title's level type has a `name`, and the
// bot kind is "ai:" + name (churchill/ai.h, warroom/ai.h).
#include <string>
#include <string_view>
#include <vector>

namespace core {

// The level named `name` among `levels`, or nullptr.
template <class Levels>
const typename Levels::value_type* find_level(const Levels& levels, std::string_view name) {
  for (const auto& l : levels)
    if (l.name == name) return &l;
  return nullptr;
}

// The bot kinds of `levels`: "ai:easy", ...
template <class Levels>
std::vector<std::string> level_kinds(const Levels& levels) {
  std::vector<std::string> out;
  for (const auto& l : levels) out.push_back("ai:" + std::string(l.name));
  return out;
}

}  // namespace core
