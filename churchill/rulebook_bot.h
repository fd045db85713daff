// The rulebook 'Bots (section 11): priority lists per segment, highest first, random among equals.
// The printed charts are not available; docs/bots.md gives every list and its reasoning.
#pragma once

#include <memory>

#include "churchill/bots.h"

namespace churchill {

std::unique_ptr<Bot> make_rulebook_bot();

// How much `power` wants to win `issue` now (docs/bots.md, "Issue values"). Exposed for tests.
int issue_value(const Game& g, const State& s, Power power, IssueId issue);

}  // namespace churchill
