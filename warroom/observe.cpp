// What each seat may see (design §4.6), in one place: a seat sees the public position and its own
// nations' sheets, drafts included; other seats' unrevealed orders, bids, purchases and deployment
// plans -- allies' included (ruling 20) -- are cleared. resample_hidden draws them again, each a
// sheet the nation could have written, by applying random legal entries.
#include <algorithm>

#include "warroom/rules.h"

namespace warroom {

namespace {

StepId top(const State& s) { return s.steps.top().id; }

}  // namespace

bool is_hidden(const Game& g, const State& s, core::Seat seat, Nation nation, Secret part) {
  if (seat_plays(g, seat, nation)) return false;
  switch (part) {
    case Secret::Orders: return !(s.sheet[nation].flags & kOrdersRevealed);  // at its Phase 3 turn (ruling 91)
    case Secret::Bid: return top(s) == StepId::WriteSheets;                  // at Phase 2 Step 2
    case Secret::Purchases: return top(s) == StepId::Purchases;              // at Phase 7 Step 4
    case Secret::Plan: return top(s) == StepId::DeployPlans;                 // at their reveal (ruling 100)
  }
  return true;
}

namespace {

// Clears nation n's secret entries from v.
void hide(const Game& g, State& v, core::Seat seat, Nation n) {
  Sheet& sh = v.sheet[n];
  if (is_hidden(g, v, seat, n, Secret::Orders)) sh.box = {}, sh.selected = 0;
  if (is_hidden(g, v, seat, n, Secret::Bid)) sh.bid = 0;
  if (is_hidden(g, v, seat, n, Secret::Purchases)) sh.buy = {}, sh.goods = 0, sh.goods_paid = {};
  if (is_hidden(g, v, seat, n, Secret::Plan))
    for (int i = 0; i < g.industries(); ++i)
      if (v.region[g.industry_region(i)].controller == n) {
        v.construction[at(i)].hold = {};
        v.construction[at(i)].to_sea = {};
      }
}

// Random legal entries for nation n at the current simultaneous step, as a seat might make them.
void draw_entries(const Game& g, State& s, Nation n, core::Rng& rng) {
  Ctx c{g, s, nullptr};
  const StepId id = top(s);
  const int entries = static_cast<int>(rng.below(12));
  for (int k = 0; k < entries; ++k) {
    core::ActionList legal;
    const CCtx cc{g, s};
    if (id == StepId::WriteSheets)
      sheets_legal(cc, n, legal);
    else if (id == StepId::Purchases)
      purchases_legal(cc, n, legal);
    else
      deploy_legal(cc, n, legal);
    std::vector<core::Action> entries_only;
    for (core::Action a : legal)
      if (decode_action(a).kind != ActionKind::Done) entries_only.push_back(a);
    if (entries_only.empty()) break;
    const Act x = decode_action(entries_only[rng.below(static_cast<std::uint32_t>(entries_only.size()))]);
    if (id == StepId::WriteSheets)
      sheets_apply(c, x);
    else if (id == StepId::Purchases)
      purchases_apply(c, x);
    else
      deploy_apply(c, x);
  }
  if (id == StepId::WriteSheets && (s.sheet[n].flags & kDone)) s.sheet[n].selected = 0;
  if (id == StepId::DeployPlans && (s.sheet[n].flags & kDone)) {
    // A finished plan is a valid one: hold back whatever a random plan left open or overfull.
    core::ActionList legal;
    deploy_legal(CCtx{g, s}, n, legal);
    if (std::find(legal.begin(), legal.end(), encode(ActionKind::Done, n)) == legal.end())
      for (int i = 0; i < g.industries(); ++i)
        if (s.region[g.industry_region(i)].controller == n) {
          s.construction[at(i)].hold = s.construction[at(i)].n;
          s.construction[at(i)].to_sea = {};
        }
  }
}

}  // namespace

State Game::observe(const State& s, core::Seat seat) const {
  State v = s;
  for (Nation n : kAllNations)
    if (!seat_plays(*this, seat, n)) hide(*this, v, seat, n);
  return v;
}

State Game::resample_hidden(const State& observation, core::Seat seat, core::Rng& rng) const {
  State s = observation;
  const StepId id = top(s);
  for (Nation n : kAllNations) {
    if (seat_plays(*this, seat, n) || !in_play(s, n)) continue;
    const Sheet& sh = s.sheet[n];
    if (id == StepId::WriteSheets || id == StepId::Purchases) {
      draw_entries(*this, s, n, rng);
    } else if (id == StepId::DeployPlans) {
      if (has_construction(CCtx{*this, s}, n)) draw_entries(*this, s, n, rng);
    } else if ((s.phase == 2 || s.phase == 3) && !(sh.flags & kOrdersRevealed)) {
      // After the bids' reveal and before its Phase 3 turn, only its orders are unknown.
      State written = s;
      written.steps.push(step::WriteSheets{});
      draw_entries(*this, written, n, rng);
      s.sheet[n].box = written.sheet[n].box;
    }
  }
  return s;
}

core::SeatMask Game::winners(const State& s) const {
  core::SeatMask mask = 0;
  for (Nation n : kAllNations) {
    const core::Seat seat = seat_of(n);
    if (seat < 0) continue;
    const int bit = alliance_of(n) == Alliance::Allied ? 1 : 2;
    if (s.winner & bit) mask |= core::seat_bit(seat);
  }
  return mask;
}

}  // namespace warroom
