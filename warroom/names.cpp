// Actions and log entries in words: the text forms of actions/actions.h (both ways) and the log
// lines, each with its rulebook heading.
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "warroom/rules.h"

namespace warroom {

namespace {

std::string unit(int t) { return t >= 0 && t < kUnitTypes ? std::string(unit_id(static_cast<UnitKind>(t))) : "?"; }
std::string res(int r) { return r >= 0 && r < kResources ? std::string(resource_id(static_cast<Resource>(r))) : "?"; }

std::string port_sea(const Game& g, RegionId r, int p) {
  if (r >= g.data().region_count() || p < 0 || p >= g.data().region(r).port_count) return "?";
  return g.region_name(g.data().region(r).port_seas[at(p)]);
}

}  // namespace

std::string Game::action_to_string(const State& s, core::Seat seat, core::Action action) const {
  const Act x = decode_action(action);
  const std::string n = nation_name(x.nation);
  if (x.kind == ActionKind::Die) return "die " + (x.nation < kColours ? colour_name(static_cast<Colour>(x.nation)) : std::string("?"));
  if (seat == core::kChance) return "draw " + n;
  switch (x.kind) {
    case ActionKind::Done: return "done " + n;
    case ActionKind::Select: return fmt::format("select {} {}", n, x.a);
    case ActionKind::To: return fmt::format("to {} {}", n, region_name(x.a));
    case ActionKind::Erase: return fmt::format("erase {} {}", n, x.a);
    case ActionKind::Bid: return x.c ? fmt::format("bid {} {}k", n, bid_value(x)) : fmt::format("bid {} {}", n, bid_value(x));
    case ActionKind::Slot: return fmt::format("slot {} {}", n, x.a);
    case ActionKind::Cancel: return fmt::format("cancel {} {}", n, x.a);
    case ActionKind::Shift:
      return x.c ? fmt::format("shift {} {} {} {}", n, x.a, unit(x.b), x.c) : fmt::format("shift {} {} {} new", n, x.a, unit(x.b));
    case ActionKind::CancelStress: return fmt::format("cancel-stress {} {}", n, x.a ? "goods" : "medal");
    case ActionKind::Relieve:
      return fmt::format("relieve {} medals {} goods {}", n, x.a, static_cast<int>(data_->morale.relieve_cost) - x.a);
    case ActionKind::Pay: return fmt::format("pay {} {}", n, res(x.a));
    case ActionKind::Desert: return fmt::format("desert {} {} {}", n, x.a, unit(x.b));
    case ActionKind::Buy: return fmt::format("buy {} {}", n, unit(x.a));
    case ActionKind::Unbuy: return fmt::format("unbuy {} {}", n, unit(x.a));
    case ActionKind::BuyGoods: return fmt::format("buy {} goods {}/{}/{}", n, x.a, x.b, x.c);
    case ActionKind::UnbuyGoods: return fmt::format("unbuy {} goods {}/{}/{}", n, x.a, x.b, x.c);
    case ActionKind::Place: return fmt::format("place {} {} {}", n, region_name(x.a), unit(x.b));
    case ActionKind::Deploy: return fmt::format("deploy {} {} {} {}", n, region_name(x.a), unit(x.b), port_sea(*this, x.a, x.c));
    case ActionKind::Undeploy: return fmt::format("undeploy {} {} {} {}", n, region_name(x.a), unit(x.b), port_sea(*this, x.a, x.c));
    case ActionKind::Hold: return fmt::format("hold {} {} {}", n, region_name(x.a), unit(x.b));
    case ActionKind::Release: return fmt::format("release {} {} {}", n, region_name(x.a), unit(x.b));
    case ActionKind::Draw: return "draw " + n;
    case ActionKind::Trade: return fmt::format("trade {} {} {}", n, region_name(x.a), res(x.b));
    case ActionKind::Move: return fmt::format("move {} {} {}", n, x.a, region_name(x.b));
    case ActionKind::Leave: return fmt::format("leave {} {}", n, unit(x.a));
    case ActionKind::Launch: return fmt::format("launch {} {} {}", n, x.a, x.b == kNoRegion ? std::string("aboard") : region_name(x.b));
    case ActionKind::Land: return fmt::format("land {} {} {}", n, x.a, x.b == kNoRegion ? std::string("lost") : region_name(x.b));
    case ActionKind::Permit: return fmt::format("{} {}", x.a ? "permit" : "refuse", n);
    case ActionKind::Fight: return fmt::format("fight {} {}", n, region_name(x.a));
    case ActionKind::Assign:
      return fmt::format("{} {} {}", x.c == 0 ? "command" : x.c == 1 ? "claim" : x.c == 2 ? "medal" : "defend", n, nation_name(x.a));
    case ActionKind::Battle: return fmt::format("battle {} {}", n, choice_text(s.battle, battle_choice(x), battle_names()));
    case ActionKind::Die:
    case ActionKind::kCount: break;
  }
  return fmt::format("action {}", action);
}

namespace {

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

std::optional<int> number(std::string_view w, int max) {
  if (w.empty() || w.size() > 4) return std::nullopt;
  int v = 0;
  for (char ch : w) {
    if (ch < '0' || ch > '9') return std::nullopt;
    v = v * 10 + (ch - '0');
  }
  return v <= max ? std::optional(v) : std::nullopt;
}

std::optional<int> unit_type(std::string_view w) {
  const auto k = unit_from_id(w);
  if (!k || index(*k) >= kUnitTypes) return std::nullopt;
  return index(*k);
}

std::optional<int> resource_from(std::string_view w) {
  for (int r = 0; r < kResources; ++r)
    if (w == resource_id(static_cast<Resource>(r))) return r;
  return std::nullopt;
}

// The action a text names, if it is well formed (legality is checked by the caller).
std::optional<core::Action> parse(const Game& g, const State& s, std::string_view text) {
  const auto w = words(text);
  if (w.size() < 2) return std::nullopt;
  if (w[0] == "die" && w.size() == 2) {  // a battle's d12, typed at a physical table
    for (int f = 0; f < kColours; ++f)
      if (w[1] == colour_id(static_cast<Colour>(f))) return encode(ActionKind::Die, f);
    return std::nullopt;
  }
  const auto nation = nation_from_id(w[1]);
  if (!nation) return std::nullopt;
  const int n = *nation;
  const Data& d = g.data();
  const auto region = [&](std::string_view id) -> std::optional<int> {
    const RegionId r = d.find_region(id);
    return r == kNoRegion ? std::nullopt : std::optional<int>(r);
  };
  const std::string_view verb = w[0];
  const std::size_t size = w.size();
  if (verb == "done" && size == 2) return encode(ActionKind::Done, n);
  if (verb == "battle" && size >= 3) {  // the rest is the battle module's text of the choice
    Choice ch;
    if (choice_from_text(s.battle, text.substr(static_cast<std::size_t>(w[2].data() - text.data())), g.battle_names(), ch))
      return battle_action(n, ch);
    return std::nullopt;
  }
  if (verb == "draw" && size == 2) return encode(ActionKind::Draw, n);
  if ((verb == "permit" || verb == "refuse") && size == 2) return encode(ActionKind::Permit, n, verb == "permit" ? 1 : 0);
  if (size < 3) return std::nullopt;
  if (verb == "select") { if (auto v = number(w[2], kMaxCommandNumber)) return encode(ActionKind::Select, n, *v); }
  if (verb == "to") { if (auto r = region(w[2])) return encode(ActionKind::To, n, *r); }
  if (verb == "erase") { if (auto v = number(w[2], kMaxOrders)) return encode(ActionKind::Erase, n, *v); }
  if (verb == "fight") { if (auto r = region(w[2])) return encode(ActionKind::Fight, n, *r); }
  if (verb == "command" || verb == "claim" || verb == "medal" || verb == "defend") {
    const int what = verb == "command" ? 0 : verb == "claim" ? 1 : verb == "medal" ? 2 : 3;
    if (auto other = nation_from_id(w[2]); other && size == 3) return encode(ActionKind::Assign, n, *other, 0, what);
  }
  if (verb == "slot") { if (auto v = number(w[2], kNations)) return encode(ActionKind::Slot, n, *v); }
  if (verb == "cancel") { if (auto v = number(w[2], kMaxOrders)) return encode(ActionKind::Cancel, n, *v); }
  if (verb == "bid") {
    const bool thousands = w[2].ends_with('k');
    if (auto v = number(thousands ? w[2].substr(0, w[2].size() - 1) : w[2], thousands ? 9999 : 999)) return bid_action(n, *v, thousands);
  }
  if (verb == "cancel-stress") {
    if (w[2] == "medal") return encode(ActionKind::CancelStress, n, 0);
    if (w[2] == "goods") return encode(ActionKind::CancelStress, n, 1);
  }
  if (verb == "move" && size == 4) {
    const auto box = number(w[2], kMaxOrders);
    const auto r = region(w[3]);
    if (box && r) return encode(ActionKind::Move, n, *box, *r);
  }
  if (verb == "leave" && size == 3) { if (auto t = unit_type(w[2])) return encode(ActionKind::Leave, n, *t); }
  if ((verb == "launch" || verb == "land") && size == 4) {
    const auto number_ = number(w[2], kMaxCommandNumber);
    const bool none = w[3] == (verb == "launch" ? "aboard" : "lost");
    const auto r = none ? std::optional<int>(kNoRegion) : region(w[3]);
    if (number_ && r) return encode(verb == "launch" ? ActionKind::Launch : ActionKind::Land, n, *number_, *r);
  }
  if (verb == "pay") { if (auto r = resource_from(w[2])) return encode(ActionKind::Pay, n, *r); }
  if (verb == "trade" && size == 4) {
    const auto r = region(w[2]);
    const auto give = resource_from(w[3]);
    if (r && give) return encode(ActionKind::Trade, n, *r, *give);
  }
  if (verb == "relieve" && size == 6 && w[2] == "medals" && w[4] == "goods") {
    if (auto m = number(w[3], 255)) return encode(ActionKind::Relieve, n, *m);
  }
  if ((verb == "buy" || verb == "unbuy") && size == 3) {
    if (auto t = unit_type(w[2])) return encode(verb == "buy" ? ActionKind::Buy : ActionKind::Unbuy, n, *t);
  }
  if ((verb == "buy" || verb == "unbuy") && size == 4 && w[2] == "goods") {
    const auto parts = w[3];
    const std::size_t a = parts.find('/'), b = parts.rfind('/');
    if (a == std::string_view::npos || a == b) return std::nullopt;
    const auto oil = number(parts.substr(0, a), 5), iron = number(parts.substr(a + 1, b - a - 1), 5), osr = number(parts.substr(b + 1), 5);
    if (oil && iron && osr) return encode(verb == "buy" ? ActionKind::BuyGoods : ActionKind::UnbuyGoods, n, *oil, *iron, *osr);
  }
  if (verb == "shift" && size == 5) {
    const auto from = number(w[2], kMaxCommandNumber);
    const auto t = unit_type(w[3]);
    const auto to = w[4] == "new" ? std::optional(0) : number(w[4], kMaxCommandNumber);
    if (from && t && to) return encode(ActionKind::Shift, n, *from, *t, *to);
  }
  if (verb == "desert" && size == 4) {
    const auto cmd = number(w[2], kMaxCommandNumber);
    const auto t = unit_type(w[3]);
    if (cmd && t) return encode(ActionKind::Desert, n, *cmd, *t);
  }
  if ((verb == "place" || verb == "hold" || verb == "release") && size == 4) {
    const auto r = region(w[2]);
    const auto t = unit_type(w[3]);
    const ActionKind k = verb == "place" ? ActionKind::Place : verb == "hold" ? ActionKind::Hold : ActionKind::Release;
    if (r && t) return encode(k, n, *r, *t);
  }
  if ((verb == "deploy" || verb == "undeploy") && size == 5) {
    const auto r = region(w[2]);
    const auto t = unit_type(w[3]);
    const auto sea = region(w[4]);
    if (!r || !t || !sea) return std::nullopt;
    const Region& port = d.region(static_cast<RegionId>(*r));
    for (int p = 0; p < port.port_count; ++p)
      if (port.port_seas[at(p)] == *sea) return encode(verb == "deploy" ? ActionKind::Deploy : ActionKind::Undeploy, n, *r, *t, p);
  }
  return std::nullopt;
}

}  // namespace

// Only what is legal here, in exactly its text form, parses: a bad or illegal text is refused.
std::optional<core::Action> Game::action_from_string(const State& s, core::Seat seat, std::string_view text) const {
  const auto a = parse(*this, s, text);
  if (!a) return std::nullopt;
  if (seat == core::kChance) {
    if (node_kind(s) != core::NodeKind::Chance) return std::nullopt;
    core::OutcomeList outcomes;
    chance_outcomes(s, outcomes);
    for (const auto& o : outcomes)
      if (o.action == *a && action_to_string(s, seat, o.action) == text) return o.action;
    return std::nullopt;
  }
  if (acting_nations(s, seat) == 0 || !((acting_nations(s, seat) >> decode_action(*a).nation) & 1u)) return std::nullopt;
  if (s.steps.top().id == StepId::Reorganize) {  // the largest lists: checked directly
    if (!reorganize_allows(CCtx{*this, s}, decode_action(*a)) || action_to_string(s, seat, *a) != text) return std::nullopt;
    return a;
  }
  core::ActionList legal;
  legal_actions(s, seat, legal);
  if (std::find(legal.begin(), legal.end(), *a) == legal.end() || action_to_string(s, seat, *a) != text) return std::nullopt;
  return a;
}

std::string Game::describe(const core::LogEntry& e) const {
  if (e.event >= kEvStage) return fmt::format("{}: {}", e.rule, event_text(e, battle_names()));
  const std::string n = e.args[0] >= 0 ? nation_name(e.args[0]) : "";
  const auto r = [&](int region) { return region_name(static_cast<RegionId>(region)); };
  const int a = e.args[1], b = e.args[2], c = e.args[3];
  std::string text;
  switch (static_cast<Event>(e.event)) {
    case Event::RoundBegins: text = fmt::format("round {} begins", a); break;
    case Event::Income: text = fmt::format("{} collects {} oil, {} iron, {} OSR", n, a, b, c); break;
    case Event::IncomeBlocked: text = fmt::format("{} is in the Red Zone: no income", n); break;
    case Event::OrderDrawn: text = fmt::format("{} is drawn to reorganize {}", n, a == 1 ? "first" : fmt::format("in place {}", a)); break;
    case Event::Shifted:
      text = fmt::format("{} moves one {} from Command {} to Command {}", n, unit(b), a, c);
      break;
    case Event::ReorganizeDone: text = fmt::format("{} has reorganized", n); break;
    case Event::SheetDone: text = fmt::format("{} is done", n); break;
    case Event::BidRevealed: text = fmt::format("{} bid {} oil", n, a); break;
    case Event::TieDrawn: text = fmt::format("{} is drawn for place {} among the tied bidders", n, a); break;
    case Event::SlotChosen: text = fmt::format("{} takes turn-order slot {}", n, a); break;
    case Event::BidPaid: text = fmt::format("{} pays its bid of {} oil", n, a); break;
    case Event::SheetRevealed: text = fmt::format("{} reveals its O&P Chart: {} orders", n, a); break;
    case Event::OrderShown: text = fmt::format("{} box {}: Command {} to {}", n, a, b, r(c)); break;
    case Event::OrderCancelled: text = fmt::format("{} cancels box {} (Command {})", n, a, b); break;
    case Event::NoBattles: text = "no Active regions: no battles this round"; break;
    case Event::BattleBegins: text = fmt::format("{} selects the Active region {}", n, r(a)); break;
    case Event::CommanderIs: text = fmt::format("{} commands the {} in {}", n, a == 0 ? "Allied Forces" : "Axis", r(b)); break;
    case Event::UnitsLost:
      text = fmt::format("{} loses {} {}{} to the Casualty List", n, b, a == index(UnitKind::CarrierFighter) ? "carrier fighter token" : unit(a),
                         c == 1 ? " under construction" : "");
      break;
    case Event::ResourcesLost: text = fmt::format("{} loses {} oil, {} iron, {} OSR", n, a, b, c); break;
    case Event::BombToken: text = fmt::format("{} Bomb Token(s) on {}", b, r(a)); break;
    case Event::Captured: text = fmt::format("{} takes control of {}{}", n, r(a), b == kNoNation ? std::string() : " from " + nation_name(b)); break;
    case Event::Restored: text = fmt::format("{} is restored to its original controller {}", r(a), n); break;
    case Event::TerritoryStress: text = fmt::format("{} gains {} Stress for losing {}", n, b, r(a)); break;
    case Event::MedalGiven: text = fmt::format("{} gains a Medal for {}", n, r(a)); break;
    case Event::Embattled: text = fmt::format("{} remains Embattled", r(a)); break;
    case Event::ConstructionSeized: text = fmt::format("{} removes {} air and naval units under construction in {} to storage", n, b, r(a)); break;
    case Event::NeutralDefence:
      text = b < 0 ? fmt::format("{} hands the defence force of {} ({} units) to an ally", n, r(a), -b)
                   : fmt::format("{} takes control of the invaded neutral {} and places its defence force ({} units)", n, r(a), b);
      break;
    case Event::InvasionStress: text = fmt::format("{} gains 1 Stress for invading the neutral {}", n, r(a)); break;
    case Event::DeployRevealed: text = fmt::format("{} deploys {} units from {}, {} stay under the Industry token", n, b, r(a), c); break;
    case Event::CasualtyStress: text = fmt::format("{} lost {} Casualty Points: {} Stress", n, a, b); break;
    case Event::StressCancelled: text = fmt::format("{} gives a {} to cancel 1 Stress ({} left)", n, a ? "Civilian Goods" : "Medal", b); break;
    case Event::ZoneUp: text = fmt::format("{} moves up to the {} Zone ({} Stress left)", n, zone_id(static_cast<Zone>(a)), b); break;
    case Event::Relieved:
      text = fmt::format("{} gives {} Medals and {} Civilian Goods to slide back to the {} Zone", n, a, b, zone_id(static_cast<Zone>(c)));
      break;
    case Event::BluePaid: text = fmt::format("{} pays 1 {} to restore order", n, res(a)); break;
    case Event::Deserted: text = fmt::format("one {} deserts from {}'s Command {}", unit(b), n, a); break;
    case Event::Traded:
      text = fmt::format("{} trades with {}: gives {} {}, gains {} {}", n, r(a), b == kOil ? 2 : b == kIron ? 3 : 5, res(b),
                         c == kOil ? 2 : c == kIron ? 3 : 5, res(c));
      break;
    case Event::PurchasesRevealed: text = fmt::format("{} bought {} units and {} Civilian Goods for {} resources", n, a, b, c); break;
    case Event::Placed: text = fmt::format("{} places a new {} in {}", n, unit(b), r(a)); break;
    case Event::Collapsed: text = fmt::format("{} has collapsed and is out of the game", n); break;
    case Event::Victory: text = fmt::format("the {} win the war", a == 0 ? "Allied Forces" : "Axis"); break;
    case Event::BothLose: text = "no nation has units on the map: both sides lose"; break;
    case Event::Stalemate: text = "both alliances meet their conditions: the war goes on"; break;
    case Event::Moved: text = fmt::format("{} moves Command {} from {} to {}", n, a, r(b), r(c)); break;
    case Event::MovedShort: text = fmt::format("{} moves Command {} from {} and stops in {}", n, a, r(b), r(c)); break;
    case Event::PinnedAt: text = fmt::format("{}'s Command {} is pinned in {}", n, a, r(b)); break;
    case Event::LeftBehind: text = fmt::format("{} leaves one {} of Command {} behind as Command {}", n, unit(b), a, c); break;
    case Event::RailObstructed: text = fmt::format("{}'s Command {} cannot reach {} by rail: it stops as near as possible, in {}", n, a, r(b), r(c)); break;
    case Event::NeutralInvaded: text = fmt::format("{} invades the neutral {}", n, r(a)); break;
    case Event::Launched: text = fmt::format("{} launches a carrier fighter from Command {} to {}", n, a, r(b)); break;
    case Event::Landed: text = fmt::format("{} lands Command {} from {} in {}", n, a, r(b), r(c)); break;
    case Event::Perished: text = fmt::format("{}'s Command {} has nowhere to land in reach of {} and is lost", n, a, r(b)); break;
    case Event::PactBroken:
      text = fmt::format("{} breaks the Soviet-Japanese Pact (Article {}) and takes {} Stress", n, a == 1 ? "One" : "Two", b);
      break;
    case Event::PactAsked: text = fmt::format("{} is asked to permit {}'s Command {} into {}", n, nation_name(a), b, r(c)); break;
    case Event::PactRefused: text = fmt::format("{} refuses: {} cancels box {}", n, nation_name(a), b); break;
    case Event::PactEnded: text = fmt::format("{} has fallen: the Soviet-Japanese Pact ends", r(a)); break;
    case Event::PactExpelled: text = fmt::format("{}'s Command {} did not leave {} and is eliminated", n, a, r(b)); break;
    case Event::PactBattle: text = fmt::format("battle {} of 2 in {}, without {}", b, r(a), n); break;
    case Event::MedalDenied: text = fmt::format("{} gains no Medal for {}, taken from {} in the round the pact broke", n, r(a), nation_name(b)); break;
    case Event::Stopped: text = fmt::format("the game stops after round {}, with no winner", a); break;
  }
  return fmt::format("{}: {}", e.rule, text);
}

}  // namespace warroom
