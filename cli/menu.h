// The terminal's long menus (cli/play.cpp): a menu too long for one screen is summarised by its
// verbs, a row for each run of actions with the same verb.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace cli {

// A run of consecutive actions with the same verb. Where a verb has several runs (Churchill's 6.4:
// production, then each theater bonus), each is told apart by the last word its actions share
// ("offensive … bonus-europe"); `first` is the run's first action, its example.
struct VerbRun {
  std::string verb, shared_last;
  std::size_t first = 0;
  int count = 0;
};
std::vector<VerbRun> verb_runs(const std::vector<std::string>& options);

}  // namespace cli
