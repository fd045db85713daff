// Placing and removing markers: Clandestine Networks and Political Alignment by the Pol-Mil table
// (5.12), naval and offensive support (6.5).
#include <algorithm>

#include "churchill/rules.h"

namespace churchill::rules {

namespace {
constexpr const char* kPolMil = "5.12";
}  // namespace

void place_network_polmil(const Ctx& c, Power power, LocationId location) {
  State& s = c.s;
  const Power owner = s.network_owner[location];
  if (s.networks[location] > 0 && owner != power) {
    // An opposing network: remove one instead, and the one to be placed is discarded.
    if (--s.networks[location] == 0) s.network_owner[location] = kNoPower;
    c.note(kPolMil, owner, Event::NetworkRemoved, owner, location);
    c.note(kPolMil, power, Event::MarkerLost, power, location, 0);
  } else if (s.networks[location] >= 2) {
    c.note(kPolMil, power, Event::MarkerLost, power, location, 0);  // the limit of two (7.11)
  } else {
    ++s.networks[location];
    s.network_owner[location] = power;
    c.note(kPolMil, power, Event::NetworkPlaced, power, location);
  }
}

void place_alignment_polmil(const Ctx& c, Power power, LocationId location) {
  State& s = c.s;
  const bool own_network = s.networks[location] > 0 && s.network_owner[location] == power;
  const Power holder = s.alignment[location];
  if (!own_network || holder == power) {
    c.note(kPolMil, power, Event::MarkerLost, power, location, 1);  // no roll again: an opportunity lost
  } else if (holder != kNoPower) {
    s.alignment[location] = kNoPower;
    c.note(kPolMil, holder, Event::AlignmentRemoved, holder, location);
    c.note(kPolMil, power, Event::MarkerLost, power, location, 1);
  } else {
    s.alignment[location] = power;
    c.note(kPolMil, power, Event::AlignmentPlaced, power, location);
  }
}

void remove_networks(const Ctx& c, LocationId location, PowerSet powers, bool all) {
  State& s = c.s;
  const Power owner = s.network_owner[location];
  if (s.networks[location] == 0 || (powers.any() && !powers.test(owner))) return;
  const int n = all ? s.networks[location] : 1;
  add_to(s.networks[location], -n);
  if (s.networks[location] == 0) s.network_owner[location] = kNoPower;
  for (int i = 0; i < n; ++i) c.note(kPolMil, owner, Event::NetworkRemoved, owner, location);
}

void remove_alignment(const Ctx& c, LocationId location, PowerSet powers) {
  State& s = c.s;
  const Power holder = s.alignment[location];
  if (holder == kNoPower || (powers.any() && !powers.test(holder))) return;
  s.alignment[location] = kNoPower;
  c.note(kPolMil, holder, Event::AlignmentRemoved, holder, location);
}

void place_naval(const Ctx& c, TheaterId theater, std::optional<Power> by, const char* rule) {
  if (!can_place_naval(c, theater)) return;  // 6.5: at most five naval markers in a box
  ++c.s.naval[theater];
  const int seat = by ? index(*by) : -1;  // the log's -1: placed by the conference card
  c.note(rule, seat, Event::NavalPlaced, theater, seat);
}

}  // namespace churchill::rules
