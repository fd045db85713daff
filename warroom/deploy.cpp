// Phase 5: Refit & Deploy, Step 2 (Deploy Units). Step 1 (landing air Commands) belongs to the
// movement module; Step 3 (reorganizing) is the Reorganize step of planning.cpp.
//
// Deployment is a simultaneous secret plan (ruling 100): each nation says which naval units go to
// which sea region of their port and which units stay under the Industry token; all plans are
// revealed together, and the units form new Commands with the lowest free numbers, joining the
// nation's Commands there only when no number is free (reconstructed; Step 3 regroups).
#include <algorithm>
#include "core/expect.h"

#include "warroom/rules.h"

namespace warroom {

namespace {

constexpr const char* kPhase5Step2 = "Phase 5 > Step 2. Deploy Units";

int assigned(const Construction& k, int t) {
  if (category_of(t) != Category::Sea) return 0;
  int n = 0;
  for (std::uint8_t v : k.to_sea[at(slot_of(t))]) n += v;
  return n;
}

// Units of type t not yet held back or sent to a sea.
int unplanned(const Construction& k, int t) { return k.n[type_at(t)] - k.hold[type_at(t)] - assigned(k, t); }

int leaving(const Construction& k) {
  int n = 0;
  for (int t = 0; t < kUnitTypes; ++t) n += k.n[type_at(t)] - k.hold[type_at(t)];
  return n;
}

// Puts `count` units of type t into Commands of `nation` (its `pool`) in region r: new Commands
// first, then room in its Commands there (Deploy Units (2), ruling 104). Returns false if they do
// not fit.
bool form(CommandPool& pool, const Data& d, Nation nation, RegionId r, int t, int count, std::array<int, kCategories>& opened) {
  const Category cat = category_of(t);
  while (count > 0) {
    // The Command opened last for this category in this region takes units while it has room.
    int number = opened[at(static_cast<int>(cat))];
    if (number == 0 || pool[at(number)].region != r || units_in(pool[at(number)]) >= kStackLimit) {
      number = lowest_free_command(pool, d, nation, cat);
      if (number == 0)
        for (int n = 1; n <= kMaxCommandNumber && number == 0; ++n)
          if (pool[at(n)].region == r && command_category(d, nation, n) == cat && units_in(pool[at(n)]) < kStackLimit) number = n;
      if (number == 0) return false;
      opened[at(static_cast<int>(cat))] = number;
    }
    Command& cmd = pool[at(number)];
    cmd.region = r;
    const int take = std::min(count, kStackLimit - units_in(cmd));
    cmd.n[at(slot_of(t))] = static_cast<std::uint8_t>(cmd.n[at(slot_of(t))] + take);
    count -= take;
  }
  return true;
}

// Carries out the nation's plan `k` for industry i on its Commands `pool`; false if the units do not fit.
bool carry_out(CommandPool& pool, Construction& k, const Game& g, Nation nation, int i, core::LogSink* log) {
  const Data& d = g.data();
  const RegionId r = g.industry_region(i);
  std::array<int, kCategories> opened{};
  int deployed = 0;
  for (int t = 0; t < kUnitTypes; ++t) {
    if (category_of(t) == Category::Sea) {
      const Region& port = d.region(r);
      for (int p = 0; p < port.port_count; ++p) {
        std::array<int, kCategories> at_sea{};
        const int n = k.to_sea[at(slot_of(t))][at(p)];
        if (n && !form(pool, d, nation, port.port_seas[at(p)], t, n, at_sea)) return false;
        deployed += n;
      }
    } else {
      const int n = k.n[type_at(t)] - k.hold[type_at(t)];
      if (n && !form(pool, d, nation, r, t, n, opened)) return false;
      deployed += n;
    }
  }
  if (log) {
    int held = 0;
    for (std::uint8_t h : k.hold) held += h;
    log->add(
        {kPhase5Step2, g.seat_of(nation), static_cast<std::uint16_t>(Event::DeployRevealed), {index(nation), index(r), deployed, held}});
  }
  // What stays is what was held back; the plan is spent.
  k.n = k.hold;
  k.hold = {};
  k.to_sea = {};
  return true;
}

// Whether every naval unit of the nation's plan, with one more unit of naval type t from industry
// i to its port's sea p, finds a Command (forming them on `pool`, a copy of the nation's Commands).
bool naval_plan_forms(const CCtx& c, CommandPool& pool, Nation nation, int i, int t, int p) {
  for (int j = 0; j < c.g.industries(); ++j) {
    const RegionId r = c.g.industry_region(j);
    if (c.s.region[r].controller != nation) continue;
    const Region& port = c.d().region(r);
    for (int type = kSub; type <= kBb; ++type)
      for (int q = 0; q < port.port_count; ++q) {
        std::array<int, kCategories> at_sea{};
        const int n = c.s.construction[at(j)].to_sea[at(slot_of(type))][at(q)] + (j == i && type == t && q == p ? 1 : 0);
        if (n && !form(pool, c.d(), nation, port.port_seas[at(q)], type, n, at_sea)) return false;
      }
  }
  return true;
}

// Whether one more unit of naval type t from industry i to its port's sea p still lets every naval
// unit of the nation's plan find a Command (ruling 104), as a purchase's room is checked at entry
// (ruling 79): a deployment that could not be carried out is not offered, so `done` stays in reach.
// `pool` is a copy of the nation's Commands, put back after the trial.
bool naval_fits(const CCtx& c, CommandPool& pool, Nation nation, int i, int t, int p) {
  const bool fits = naval_plan_forms(c, pool, nation, i, t, p);
  pool = c.s.command[nation];
  return fits;
}

// A plan is complete when every naval unit has a sea or is held, at most SV - Bomb tokens units
// leave each territory (rulings 69, 71), and Commands can take them all.
// `pool` is a copy of the nation's Commands, put back after the plans are carried out on it.
bool plan_valid(const CCtx& c, CommandPool& pool, Nation nation) {
  bool valid = true;
  for (int i = 0; i < c.g.industries() && valid; ++i) {
    const RegionId r = c.g.industry_region(i);
    const Construction& k = c.s.construction[at(i)];
    if (c.s.region[r].controller != nation) continue;
    for (int t = kSub; t <= kBb; ++t)
      if (unplanned(k, t) > 0) valid = false;
    if (valid && leaving(k) > std::max(0, c.d().region(r).sv - c.s.region[r].bombs)) valid = false;
    Construction trial = k;
    if (valid && !carry_out(pool, trial, c.g, nation, i, nullptr)) valid = false;
  }
  pool = c.s.command[nation];
  return valid;
}

}  // namespace

bool form_units(State& s, const Data& d, Nation nation, RegionId r, int t, int count) {
  std::array<int, kCategories> opened{};
  return form(s.command[nation], d, nation, r, t, count, opened);
}

bool has_construction(const CCtx& c, Nation nation) {
  for (int i = 0; i < c.g.industries(); ++i)
    if (c.s.region[c.g.industry_region(i)].controller == nation)
      for (std::uint8_t n : c.s.construction[at(i)].n)
        if (n) return true;
  return false;
}

void deploy_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  CommandPool pool = c.s.command[nation];  // plan_valid's and naval_fits' copy of the nation's Commands
  if (plan_valid(c, pool, nation)) out.push_back(encode(ActionKind::Done, nation));
  for (int i = 0; i < c.g.industries(); ++i) {
    const RegionId r = c.g.industry_region(i);
    if (c.s.region[r].controller != nation) continue;
    const Construction& k = c.s.construction[at(i)];
    const Region& region = c.d().region(r);
    for (int t = 0; t < kUnitTypes; ++t) {
      if (!k.n[type_at(t)]) continue;
      const bool free = unplanned(k, t) > 0;
      if (free) out.push_back(encode(ActionKind::Hold, nation, index(r), t));
      if (k.hold[type_at(t)]) out.push_back(encode(ActionKind::Release, nation, index(r), t));
      if (category_of(t) != Category::Sea) continue;
      for (int p = 0; p < region.port_count; ++p) {  // Deploy Units (3): a Port-connected sea region
        if (!c.g.scenario().in_play.test(region.port_seas[at(p)])) continue;
        if (free && naval_fits(c, pool, nation, i, t, p)) out.push_back(encode(ActionKind::Deploy, nation, index(r), t, p));
        if (k.to_sea[at(slot_of(t))][at(p)]) out.push_back(encode(ActionKind::Undeploy, nation, index(r), t, p));
      }
    }
  }
}

void deploy_apply(Ctx& c, const Act& a) {
  if (a.kind == ActionKind::Done) return;
  Construction& k = c.s.construction[at(c.g.industry_index(region_byte(a.a)))];
  switch (a.kind) {
    case ActionKind::Hold: ++k.hold[type_at(a.b)]; break;
    case ActionKind::Release: --k.hold[type_at(a.b)]; break;
    case ActionKind::Deploy: ++k.to_sea[at(slot_of(a.b))][a.c]; break;
    case ActionKind::Undeploy: --k.to_sea[at(slot_of(a.b))][a.c]; break;
    default: CORE_EXPECT(false);
  }
}

void reveal_deployments(Ctx& c) {
  ++c.s.reveal_epoch;
  for (int i = 0; i < c.g.industries(); ++i) {
    const Nation owner = c.s.region[c.g.industry_region(i)].controller;
    bool any = false;
    for (std::uint8_t n : c.s.construction[at(i)].n) any = any || n;
    if (!any || owner == kNoNation || !in_play(c.s, owner)) continue;
    const bool ok = carry_out(c.s.command[owner], c.s.construction[at(i)], c.g, owner, i, c.log);
    CORE_EXPECT(ok);  // plan_valid held when the nation was done
  }
}

}  // namespace warroom
