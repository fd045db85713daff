// A hint's plan in words of a reader's language, for a terminal (core::MatchSearch::plan_text).
#pragma once

#include <string>
#include <vector>

namespace core {

// The lines that head the plan, then its entries in order, each under its group's heading (War Room:
// a nation and its campaign), with what it is, why, its details (an attack's odds) and the actions
// that enter it (none: nothing to take, as an order already on the sheet).
struct PlanEntry {
  std::string group;
  std::string text;
  std::string why;
  std::vector<std::string> details;
  std::vector<std::string> actions;
};
struct PlanText {
  std::vector<std::string> head;
  std::vector<PlanEntry> entries;
};

}  // namespace core
