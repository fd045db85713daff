// Placing and removing markers: Clandestine Networks and Political Alignment by the Pol-Mil table
// (5.12), naval and offensive support (6.5).
#include <algorithm>

#include "churchill/rules.h"

namespace churchill::rules {

namespace {
constexpr const char* kPolMil = "5.12";
}  // namespace

void place_network_polmil(const Ctx& c, int power, int location) {
  State& s = c.s;
  const std::uint8_t owner = s.network_owner[at(location)];
  if (s.networks[at(location)] > 0 && owner != power) {
    // An opposing network: remove one instead, and the one to be placed is discarded.
    if (--s.networks[at(location)] == 0) s.network_owner[at(location)] = kNone;
    c.note(kPolMil, owner, Event::NetworkRemoved, owner, location);
    c.note(kPolMil, power, Event::MarkerLost, power, location, 0);
  } else if (s.networks[at(location)] >= 2) {
    c.note(kPolMil, power, Event::MarkerLost, power, location, 0);  // the limit of two (7.11)
  } else {
    ++s.networks[at(location)];
    s.network_owner[at(location)] = static_cast<std::uint8_t>(power);
    c.note(kPolMil, power, Event::NetworkPlaced, power, location);
  }
}

void place_alignment_polmil(const Ctx& c, int power, int location) {
  State& s = c.s;
  const bool own_network = s.networks[at(location)] > 0 && s.network_owner[at(location)] == power;
  const std::uint8_t holder = s.alignment[at(location)];
  if (!own_network || holder == power) {
    c.note(kPolMil, power, Event::MarkerLost, power, location, 1);  // no roll again: an opportunity lost
  } else if (holder != kNone) {
    s.alignment[at(location)] = kNone;
    c.note(kPolMil, holder, Event::AlignmentRemoved, holder, location);
    c.note(kPolMil, power, Event::MarkerLost, power, location, 1);
  } else {
    s.alignment[at(location)] = static_cast<std::uint8_t>(power);
    c.note(kPolMil, power, Event::AlignmentPlaced, power, location);
  }
}

void remove_networks(const Ctx& c, int location, std::uint8_t powers, bool all) {
  State& s = c.s;
  const std::uint8_t owner = s.network_owner[at(location)];
  if (s.networks[at(location)] == 0 || (powers && !(powers & (1u << owner)))) return;
  const int n = all ? s.networks[at(location)] : 1;
  s.networks[at(location)] = static_cast<std::int8_t>(s.networks[at(location)] - n);
  if (s.networks[at(location)] == 0) s.network_owner[at(location)] = kNone;
  for (int i = 0; i < n; ++i) c.note(kPolMil, owner, Event::NetworkRemoved, owner, location);
}

void remove_alignment(const Ctx& c, int location, std::uint8_t powers) {
  State& s = c.s;
  const std::uint8_t holder = s.alignment[at(location)];
  if (holder == kNone || (powers && !(powers & (1u << holder)))) return;
  s.alignment[at(location)] = kNone;
  c.note(kPolMil, holder, Event::AlignmentRemoved, holder, location);
}

void place_naval(const Ctx& c, int theater, int power, const char* rule) {
  if (!can_place_naval(c, theater)) return;  // 6.5: at most five naval markers in a box
  ++c.s.naval[at(theater)];
  c.note(rule, power, Event::NavalPlaced, theater, power);
}

}  // namespace churchill::rules
