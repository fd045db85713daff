// Actions and log entries in words: the text forms of actions/actions.h (both ways: the commands),
// and the log entries and actions' display texts as catalogue messages (data/i18n/warroom), each log
// entry with its rulebook heading.
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "warroom/i18n_text.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

std::string res(int r) { return r >= 0 && r < kResources ? std::string(resource_id(static_cast<Resource>(r))) : "?"; }

std::string port_sea(const Game& g, RegionId r, int p) {
  if (!g.data().is_region(r) || p < 0 || p >= g.data().region(r).port_count) return "?";
  return g.region_name(g.data().region(r).port_seas[at(p)]);
}

}  // namespace

std::string Game::action_to_string(const State& s, core::Seat seat, core::Action action) const {
  const Act x = decode_action(action);
  const std::string n = nation_name(nation_at(x.nation));
  if (x.kind == ActionKind::Die) return "die " + (x.nation < kColours ? colour_name(static_cast<Colour>(x.nation)) : std::string("?"));
  if (seat == core::kChance) return "draw " + n;
  switch (x.kind) {
    case ActionKind::Done: return "done " + n;
    case ActionKind::Select: return x.a ? fmt::format("select {} {}", n, x.a) : fmt::format("deselect {}", n);
    case ActionKind::To: return fmt::format("to {} {}", n, region_name(region_byte(x.a)));
    case ActionKind::Erase: return fmt::format("erase {} {}", n, x.a);
    case ActionKind::Bid: return x.c ? fmt::format("bid {} {}k", n, bid_value(x)) : fmt::format("bid {} {}", n, bid_value(x));
    case ActionKind::Slot: return fmt::format("slot {} {}", n, x.a);
    case ActionKind::Cancel: return fmt::format("cancel {} {}", n, x.a);
    case ActionKind::Shift: {
      const std::string what = shift_type(x) == kWholeStack ? "all"
                               : shift_count(x) > 1         ? fmt::format("{}*{}", unit_text(shift_type(x)), shift_count(x))
                                                            : unit_text(shift_type(x));
      return x.c ? fmt::format("shift {} {} {} {}", n, x.a, what, x.c) : fmt::format("shift {} {} {} new", n, x.a, what);
    }
    case ActionKind::CancelStress: return fmt::format("cancel-stress {} {}", n, x.a ? "goods" : "medal");
    case ActionKind::Relieve:
      return fmt::format("relieve {} medals {} goods {}", n, x.a, static_cast<int>(data_->morale.relieve_cost) - x.a);
    case ActionKind::Pay: return fmt::format("pay {} {}", n, res(x.a));
    case ActionKind::Desert: return fmt::format("desert {} {} {}", n, x.a, unit_text(x.b));
    case ActionKind::Buy: return fmt::format("buy {} {}", n, unit_text(x.a));
    case ActionKind::Unbuy: return fmt::format("unbuy {} {}", n, unit_text(x.a));
    case ActionKind::BuyGoods: return fmt::format("buy {} goods {}/{}/{}", n, x.a, x.b, x.c);
    case ActionKind::UnbuyGoods: return fmt::format("unbuy {} goods {}/{}/{}", n, x.a, x.b, x.c);
    case ActionKind::Place:
      return place_count(x) > 1 ? fmt::format("place {} {} {}*{}", n, region_name(region_byte(x.a)), unit_text(x.b), place_count(x))
                                : fmt::format("place {} {} {}", n, region_name(region_byte(x.a)), unit_text(x.b));
    case ActionKind::Deploy:
      return fmt::format("deploy {} {} {} {}", n, region_name(region_byte(x.a)), unit_text(x.b), port_sea(*this, region_byte(x.a), x.c));
    case ActionKind::Undeploy:
      return fmt::format("undeploy {} {} {} {}", n, region_name(region_byte(x.a)), unit_text(x.b), port_sea(*this, region_byte(x.a), x.c));
    case ActionKind::Hold: return fmt::format("hold {} {} {}", n, region_name(region_byte(x.a)), unit_text(x.b));
    case ActionKind::Release: return fmt::format("release {} {} {}", n, region_name(region_byte(x.a)), unit_text(x.b));
    case ActionKind::Draw: return "draw " + n;
    case ActionKind::Trade: return fmt::format("trade {} {} {}", n, region_name(region_byte(x.a)), res(x.b));
    case ActionKind::Move: return fmt::format("move {} {} {}", n, x.a, region_name(region_byte(x.b)));
    case ActionKind::Leave: return fmt::format("leave {} {}", n, unit_text(x.a));
    case ActionKind::Launch:
      return fmt::format("launch {} {} {}", n, x.a, region_byte(x.b) == kNoRegion ? std::string("aboard") : region_name(region_byte(x.b)));
    case ActionKind::Land:
      return fmt::format("land {} {} {}", n, x.a, region_byte(x.b) == kNoRegion ? std::string("lost") : region_name(region_byte(x.b)));
    case ActionKind::Permit: return fmt::format("{} {}", x.a ? "permit" : "refuse", n);
    case ActionKind::Fight: return fmt::format("fight {} {}", n, region_name(region_byte(x.a)));
    case ActionKind::Assign:
      return fmt::format("{} {} {}",
                         x.c == 0   ? "command"
                         : x.c == 1 ? "claim"
                         : x.c == 2 ? "medal"
                                    : "defend",
                         n, nation_name(nation_at(x.a)));
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
      if (w[1] == colour_id(static_cast<Colour>(f))) return die_action(f);
    return std::nullopt;
  }
  const auto nation = nation_from_id(w[1]);
  if (!nation) return std::nullopt;
  const Nation n = *nation;
  const Data& d = g.data();
  const auto region = [&](std::string_view id) -> std::optional<int> {
    const RegionId r = d.find_region(id);
    return r == kNoRegion ? std::nullopt : std::optional<int>(index(r));
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
  if (verb == "deselect" && size == 2) return encode(ActionKind::Select, n, 0);
  if ((verb == "permit" || verb == "refuse") && size == 2) return encode(ActionKind::Permit, n, verb == "permit" ? 1 : 0);
  if (size < 3) return std::nullopt;
  if (verb == "select") {
    if (auto v = number(w[2], kMaxCommandNumber)) return encode(ActionKind::Select, n, *v);
  }
  if (verb == "to") {
    if (auto r = region(w[2])) return encode(ActionKind::To, n, *r);
  }
  if (verb == "erase") {
    if (auto v = number(w[2], kMaxOrders)) return encode(ActionKind::Erase, n, *v);
  }
  if (verb == "fight") {
    if (auto r = region(w[2])) return encode(ActionKind::Fight, n, *r);
  }
  if (verb == "command" || verb == "claim" || verb == "medal" || verb == "defend") {
    const int what = verb == "command" ? 0 : verb == "claim" ? 1 : verb == "medal" ? 2 : 3;
    if (auto other = nation_from_id(w[2]); other && size == 3) return encode(ActionKind::Assign, n, index(*other), 0, what);
  }
  if (verb == "slot") {
    if (auto v = number(w[2], kNations)) return encode(ActionKind::Slot, n, *v);
  }
  if (verb == "cancel") {
    if (auto v = number(w[2], kMaxOrders)) return encode(ActionKind::Cancel, n, *v);
  }
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
  if (verb == "leave" && size == 3) {
    if (auto t = unit_type(w[2])) return encode(ActionKind::Leave, n, *t);
  }
  if ((verb == "launch" || verb == "land") && size == 4) {
    const auto number_ = number(w[2], kMaxCommandNumber);
    const bool none = w[3] == (verb == "launch" ? "aboard" : "lost");
    const auto r = none ? std::optional<int>(index(kNoRegion)) : region(w[3]);
    if (number_ && r) return encode(verb == "launch" ? ActionKind::Launch : ActionKind::Land, n, *number_, *r);
  }
  if (verb == "pay") {
    if (auto r = resource_from(w[2])) return encode(ActionKind::Pay, n, *r);
  }
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
  if (verb == "shift" && size == 5) {  // shift GER 40 inf 41, inf*3, all
    const auto from = number(w[2], kMaxCommandNumber);
    const std::size_t star = w[3].find('*');
    const auto t = w[3] == "all" ? std::optional(kWholeStack) : unit_type(w[3].substr(0, star));
    const auto count = star == std::string_view::npos ? std::optional(1) : number(w[3].substr(star + 1), kStackLimit);
    const auto to = w[4] == "new" ? std::optional(0) : number(w[4], kMaxCommandNumber);
    if (from && t && count && *count >= 1 && to) return shift_action(n, *from, *t, *count, *to);
  }
  if (verb == "desert" && size == 4) {
    const auto cmd = number(w[2], kMaxCommandNumber);
    const auto t = unit_type(w[3]);
    if (cmd && t) return encode(ActionKind::Desert, n, *cmd, *t);
  }
  if (verb == "place" && size == 4) {  // place GER G1 inf, inf*3
    const auto r = region(w[2]);
    const std::size_t star = w[3].find('*');
    const auto t = unit_type(w[3].substr(0, star));
    const auto count = star == std::string_view::npos ? std::optional(1) : number(w[3].substr(star + 1), 0x100);
    if (r && t && count && *count >= 1) return place_action(n, *r, *t, *count);
  }
  if ((verb == "hold" || verb == "release") && size == 4) {
    const auto r = region(w[2]);
    const auto t = unit_type(w[3]);
    if (r && t) return encode(verb == "hold" ? ActionKind::Hold : ActionKind::Release, n, *r, *t);
  }
  if ((verb == "deploy" || verb == "undeploy") && size == 5) {
    const auto r = region(w[2]);
    const auto t = unit_type(w[3]);
    const auto sea = region(w[4]);
    if (!r || !t || !sea) return std::nullopt;
    const Region& port = d.region(region_at(*r));
    for (int p = 0; p < port.port_count; ++p)
      if (port.port_seas[at(p)] == region_at(*sea))
        return encode(verb == "deploy" ? ActionKind::Deploy : ActionKind::Undeploy, n, *r, *t, p);
  }
  return std::nullopt;
}

// Whether `nations` holds the nation of an action's three bits (7 names none).
bool acts_for(NationSet nations, int nation) { return nation < kNations && nations.test(nation_at(nation)); }

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
  if (!acts_for(acting_nations(s, seat), decode_action(*a).nation)) return std::nullopt;
  if (s.steps.top().id == StepId::Reorganize) {  // the largest lists: checked directly
    if (!reorganize_allows(CCtx{*this, s}, decode_action(*a)) || action_to_string(s, seat, *a) != text) return std::nullopt;
    return a;
  }
  core::ActionList legal;
  legal_actions(s, seat, legal);
  if (std::find(legal.begin(), legal.end(), *a) == legal.end() || action_to_string(s, seat, *a) != text) return std::nullopt;
  return a;
}

// Bidding Oil for Turn Order: "There is no bidding limit (except by how much oil that Nation currently
// owns)": a bid above it is refused with the amounts, not merely as an action that is not legal.
std::optional<core::i18n::Message> Game::refusal(const State& s, core::Seat seat, std::string_view text) const {
  const auto a = parse(*this, s, text);
  if (!a || seat == core::kChance || s.steps.top().id != StepId::WriteSheets) return std::nullopt;
  const Act x = decode_action(*a);
  if (x.kind != ActionKind::Bid || !acts_for(acting_nations(s, seat), x.nation)) return std::nullopt;
  const int old = s.sheet[nation_at(x.nation)].bid, value = bid_value(x);
  const int bid = x.c ? value * 1000 + old % 1000 : (old / 1000) * 1000 + value;
  const int oil = resource(s, nation_at(x.nation), kOil);
  if (bid <= oil) return std::nullopt;
  return text::key("warroom.bid.over_oil")
      .with("bid", std::to_string(bid))
      .with("oil", std::to_string(oil))
      .with("nation", text::nation(x.nation));
}

namespace {

using core::i18n::Message;
using text::key;

// Resources as "2 oil, 1 OSR": the parts that are not zero ("0 resources" if none is).
Message resources(int oil, int iron, int osr) {
  std::vector<Message> parts;
  for (const auto& [noun, amount] : {std::pair{"warroom.count.oil", oil}, {"warroom.count.iron", iron}, {"warroom.count.osr", osr}})
    if (amount) parts.push_back(text::counted(noun, amount));
  return parts.empty() ? text::counted("warroom.count.resource", 0) : text::listed(parts);
}

// A trade's quantities (Phase 7 › Trade with Neutrals): 2 oil, 3 iron or 5 OSR.
std::string trade_amount(int r) { return std::to_string(r == kOil ? 2 : r == kIron ? 3 : 5); }

}  // namespace

Message Game::region_message(RegionId r) const { return Message::plain(data_->is_region(r) ? data_->regions[r].name : std::string("?")); }

namespace {

// The message of one of the rules' log events (rules.h: Event).
Message event_of(const Game& g, const core::LogEntry& e) {
  const auto r = [&](int region) { return g.region_message(static_cast<RegionId>(region)); };
  const auto num = [](int v) { return std::to_string(v); };
  const int a = e.args[1], b = e.args[2], c = e.args[3];
  const auto m = [&](const char* k) { return e.args[0] >= 0 ? key(k).with("nation", text::nation(e.args[0])) : key(k); };
  switch (static_cast<Event>(e.event)) {
    case Event::RoundBegins: return key("warroom.log.round_begins").with("round", num(a));
    case Event::Income: return m("warroom.log.income").with("oil", num(a)).with("iron", num(b)).with("osr", num(c));
    case Event::IncomeBlocked: return m("warroom.log.income_blocked");
    case Event::OrderDrawn: return a == 1 ? m("warroom.log.order_drawn_first") : m("warroom.log.order_drawn").with("place", num(a));
    case Event::Shifted: {
      const Act x{.kind = ActionKind::Shift, .b = static_cast<std::uint8_t>(b)};  // the action's b: type and count
      if (shift_type(x) == kWholeStack) return m("warroom.log.shifted_all").with("from", num(a)).with("to", num(c));
      return m("warroom.log.shifted").with("units", text::units(shift_type(x), shift_count(x))).with("from", num(a)).with("to", num(c));
    }
    case Event::ReorganizeDone: return m("warroom.log.reorganize_done");
    case Event::SheetDone: return m("warroom.log.sheet_done");
    case Event::BidRevealed: return m("warroom.log.bid_revealed").with("bid", num(a));
    case Event::TieDrawn: return m("warroom.log.tie_drawn").with("place", num(a));
    case Event::SlotChosen: return m("warroom.log.slot_chosen").with("slot", num(a));
    case Event::BidPaid: return m("warroom.log.bid_paid").with("bid", num(a));
    case Event::SheetRevealed: return m("warroom.log.sheet_revealed").counted(a);
    case Event::OrderShown: return m("warroom.log.order_shown").with("box", num(a)).with("command", num(b)).with("region", r(c));
    case Event::OrderCancelled: {  // its owner's cancellation (ruling 22) as before; any other with the rule that left it no move
      const bool by_rule = c > static_cast<int>(CancelReason::Owner) && c < kCancelReasons;
      Message out =
          m(by_rule ? "warroom.log.order_cancelled_why" : "warroom.log.order_cancelled").with("box", num(a)).with("command", num(b));
      // The log's words, and the web chart's by the same keys: warroom.cancel_reason.<cancel_reason_id>.
      if (by_rule) out.with("why", key(std::string("warroom.cancel_reason.") + cancel_reason_id(static_cast<CancelReason>(c))));
      return out;
    }
    case Event::NoBattles: return key("warroom.log.no_battles");
    case Event::BattleBegins: return m("warroom.log.battle_begins").with("region", r(a));
    case Event::CommanderIs: return m("warroom.log.commander_is").with("side", text::alliance(a)).with("region", r(b));
    case Event::UnitsLost:
      return m(c == 1 ? "warroom.log.units_lost_construction" : "warroom.log.units_lost").with("units", text::units(a, b));
    case Event::ResourcesLost: return m("warroom.log.resources_lost").with("resources", resources(a, b, c));
    case Event::RepairsPaid:
      return m("warroom.log.repairs_paid")
          .with("resources", resources(a, b, c))
          .with("units", text::counted("warroom.count.unit", a + b + c));
    case Event::BombToken: return key("warroom.log.bomb_token").with("region", r(a)).counted(b);
    case Event::Captured:
      return b == index(kNoNation) ? m("warroom.log.captured").with("region", r(a))
                                   : m("warroom.log.captured_from").with("region", r(a)).with("former", text::nation(b));
    case Event::Restored: return m("warroom.log.restored").with("region", r(a));
    case Event::TerritoryStress: return m("warroom.log.territory_stress").with("region", r(a)).counted(b);
    case Event::MedalGiven: return m("warroom.log.medal_given").with("region", r(a));
    case Event::Embattled: return key("warroom.log.embattled").with("region", r(a));
    case Event::ConstructionSeized: return m("warroom.log.construction_seized").with("region", r(a)).counted(b);
    case Event::UnitsCaptured:
      return m("warroom.log.units_captured")
          .with("region", r(a))
          .with("former", text::nation(c))
          .with("units", text::counted("warroom.count.unit", b));
    case Event::NeutralDefence:
      return b < 0 ? m("warroom.log.neutral_defence_handed").with("region", r(a)).with("units", text::counted("warroom.count.unit", -b))
                   : m("warroom.log.neutral_defence_placed").with("region", r(a)).with("units", text::counted("warroom.count.unit", b));
    case Event::InvasionStress: return m("warroom.log.invasion_stress").with("region", r(a));
    case Event::DeployRevealed:
      return m("warroom.log.deploy_revealed")
          .with("region", r(a))
          .with("units", text::counted("warroom.count.unit", b))
          .with("held", text::counted("warroom.count.held", c));
    case Event::CasualtyStress:
      return m("warroom.log.casualty_stress").with("points", text::counted("warroom.count.casualty_point", a)).with("stress", num(b));
    case Event::StressCancelled:
      return m(a ? "warroom.log.stress_cancelled_goods" : "warroom.log.stress_cancelled_medal").with("left", num(b));
    case Event::ZoneUp: return m("warroom.log.zone_up").with("zone", text::zone(a)).with("left", num(b));
    case Event::Relieved:
      return m("warroom.log.relieved")
          .with("medals", text::counted("warroom.count.medal", a))
          .with("goods", text::counted("warroom.count.goods", b))
          .with("zone", text::zone(c));
    case Event::BluePaid: return m("warroom.log.blue_paid").with("resource", text::resource(a));
    case Event::Deserted: return m("warroom.log.deserted").with("unit", text::unit(b)).with("command", num(a));
    case Event::Traded:
      return m("warroom.log.traded")
          .with("region", r(a))
          .with("given", trade_amount(b))
          .with("give", text::resource(b))
          .with("gained", trade_amount(c))
          .with("gain", text::resource(c));
    case Event::PurchasesRevealed:
      return m("warroom.log.purchases_revealed")
          .with("units", text::counted("warroom.count.unit", a))
          .with("goods", text::counted("warroom.count.goods", b))
          .with("spent", text::counted("warroom.count.resource", c));
    case Event::Placed:  // c: the count (0 in logs written before several units could be placed at once)
      if (c > 1) return m("warroom.log.placed_several").with("units", text::units(b, c)).with("region", r(a));
      return m("warroom.log.placed").with("unit", text::unit(b)).with("region", r(a));
    case Event::Collapsed: return m("warroom.log.collapsed");
    case Event::Victory: return key("warroom.log.victory").with("side", text::alliance(a));
    case Event::BothLose: return key("warroom.log.both_lose");
    case Event::Stalemate: return key("warroom.log.stalemate");
    case Event::Moved: return m("warroom.log.moved").with("command", num(a)).with("from", r(b)).with("to", r(c));
    case Event::MovedShort: return m("warroom.log.moved_short").with("command", num(a)).with("from", r(b)).with("to", r(c));
    case Event::PinnedAt: return m("warroom.log.pinned").with("command", num(a)).with("region", r(b));
    case Event::LeftBehind: return m("warroom.log.left_behind").with("unit", text::unit(b)).with("command", num(a)).with("new", num(c));
    case Event::RailObstructed: return m("warroom.log.rail_obstructed").with("command", num(a)).with("to", r(b)).with("stop", r(c));
    case Event::NeutralInvaded: return m("warroom.log.neutral_invaded").with("region", r(a));
    case Event::Launched: return m("warroom.log.launched").with("command", num(a)).with("region", r(b));
    case Event::Landed: return m("warroom.log.landed").with("command", num(a)).with("from", r(b)).with("to", r(c));
    case Event::Perished: return m("warroom.log.perished").with("command", num(a)).with("region", r(b));
    case Event::PactBroken: return m(a == 1 ? "warroom.log.pact_broken_article_1" : "warroom.log.pact_broken_article_2").counted(b);
    case Event::PactAsked: return m("warroom.log.pact_asked").with("ally", text::nation(a)).with("command", num(b)).with("region", r(c));
    case Event::PactRefused: return m("warroom.log.pact_refused").with("ally", text::nation(a)).with("box", num(b));
    case Event::PactEnded: return key("warroom.log.pact_ended").with("region", r(a));
    case Event::PactExpelled: return m("warroom.log.pact_expelled").with("command", num(a)).with("region", r(b));
    case Event::PactBattle: return m("warroom.log.pact_battle").with("battle", num(b)).with("region", r(a));
    case Event::MedalDenied: return m("warroom.log.medal_denied").with("region", r(a)).with("former", text::nation(b));
    case Event::Stopped: return key("warroom.log.stopped").with("round", num(a));
  }
  return Message::plain("");
}

}  // namespace

// One message per log event ("warroom.log.<event>"), inside "warroom.log.entry" with the rulebook
// heading; the battle's events are the battle module's (battle_text.cpp).
Message Game::log_message(const core::LogEntry& e) const {
  const Message body = e.event >= kEvStage ? event_message(e, battle_names()) : event_of(*this, e);
  return key("warroom.log.entry").with("rule", e.rule).with("text", body);
}

// Battle Stage › Roll Dice: each die of a batch, and the hits and misses they make, said on the
// batch's line ("Germany rolls a batch of 2 dice: red, blue; hit on Soviet Union Infantry
// (Defensive): now light; blue misses"), where a terminal joins them; nullopt for an entry that
// begins its own line.
std::optional<Message> Game::log_continuation(const std::vector<core::LogEntry>& entries, std::size_t i) const {
  const auto joins = [](std::uint16_t ev) { return ev == kEvDie || ev == kEvHit || ev == kEvMiss || ev == kEvEscort || ev == kEvDive; };
  if (i >= entries.size() || !joins(entries[i].event)) return std::nullopt;
  std::size_t k = i;
  while (k > 0 && joins(entries[k - 1].event)) --k;
  if (k == 0 || entries[k - 1].event != kEvBatch) return std::nullopt;
  const core::LogEntry& e = entries[i];
  const BattleNames names = battle_names();
  if (e.event == kEvDie)
    return key(k == i ? "warroom.battle.joined_first_die" : "warroom.battle.joined_die").with("colour", text::colour(e.args[2] % kColours));
  return key("warroom.battle.joined").with("text", event_message(e, names));
}

std::string Game::describe(const core::LogEntry& e) const { return catalogues().render(core::i18n::kFallbackLanguage, log_message(e)); }

// What an action does, in words ("warroom.action.<verb>"), beside its command.
Message Game::action_message(const State& s, core::Seat seat, core::Action action) const {
  const Act x = decode_action(action);
  if (x.kind == ActionKind::Die) return key("warroom.action.die").with("colour", text::colour(x.nation));
  if (seat == core::kChance) return key("warroom.action.draw_lot").with("nation", text::nation(x.nation));
  const auto m = [&](const char* k) { return key(k).with("nation", text::nation(x.nation)); };
  const auto num = [](int v) { return std::to_string(v); };
  const auto r = [&](std::uint8_t region) { return region_message(region_byte(region)); };
  switch (x.kind) {
    case ActionKind::Done: return m("warroom.action.done");
    case ActionKind::Select: return x.a ? m("warroom.action.select").with("command", num(x.a)) : m("warroom.action.deselect");
    case ActionKind::To: return m("warroom.action.to").with("region", r(x.a));
    case ActionKind::Erase: return m("warroom.action.erase").with("box", num(x.a));
    case ActionKind::Bid: return m("warroom.action.bid").with("bid", x.c ? num(bid_value(x)) + "k" : num(bid_value(x)));
    case ActionKind::Slot: return m("warroom.action.slot").with("slot", num(x.a));
    case ActionKind::Cancel: return m("warroom.action.cancel").with("box", num(x.a));
    case ActionKind::Shift:
      if (shift_type(x) == kWholeStack) return m("warroom.action.shift_all").with("from", num(x.a)).with("to", num(x.c));
      return x.c ? m("warroom.action.shift")
                       .with("units", text::units(shift_type(x), shift_count(x)))
                       .with("from", num(x.a))
                       .with("to", num(x.c))
                 : m("warroom.action.shift_new").with("units", text::units(shift_type(x), shift_count(x))).with("from", num(x.a));
    case ActionKind::CancelStress: return m(x.a ? "warroom.action.cancel_stress_goods" : "warroom.action.cancel_stress_medal");
    case ActionKind::Relieve:
      return m("warroom.action.relieve")
          .with("medals", text::counted("warroom.count.medal", x.a))
          .with("goods", text::counted("warroom.count.goods", static_cast<int>(data_->morale.relieve_cost) - x.a));
    case ActionKind::Pay: return m("warroom.action.pay").with("resource", text::resource(x.a));
    case ActionKind::Desert: return m("warroom.action.desert").with("unit", text::unit(x.b)).with("command", num(x.a));
    case ActionKind::Buy: return m("warroom.action.buy").with("unit", text::unit(x.a));
    case ActionKind::Unbuy: return m("warroom.action.unbuy").with("unit", text::unit(x.a));
    case ActionKind::BuyGoods: return m("warroom.action.buy_goods").with("oil", num(x.a)).with("iron", num(x.b)).with("osr", num(x.c));
    case ActionKind::UnbuyGoods: return m("warroom.action.unbuy_goods").with("oil", num(x.a)).with("iron", num(x.b)).with("osr", num(x.c));
    case ActionKind::Place:
      if (place_count(x) > 1)
        return m("warroom.action.place_several").with("units", text::units(x.b, place_count(x))).with("region", r(x.a));
      return m("warroom.action.place").with("unit", text::unit(x.b)).with("region", r(x.a));
    case ActionKind::Deploy:
      return m("warroom.action.deploy")
          .with("unit", text::unit(x.b))
          .with("region", r(x.a))
          .with("sea", Message::plain(port_sea(*this, region_byte(x.a), x.c)));
    case ActionKind::Undeploy:
      return m("warroom.action.undeploy")
          .with("unit", text::unit(x.b))
          .with("region", r(x.a))
          .with("sea", Message::plain(port_sea(*this, region_byte(x.a), x.c)));
    case ActionKind::Hold: return m("warroom.action.hold").with("unit", text::unit(x.b)).with("region", r(x.a));
    case ActionKind::Release: return m("warroom.action.release").with("unit", text::unit(x.b)).with("region", r(x.a));
    case ActionKind::Draw: return m("warroom.action.draw_lot");
    case ActionKind::Trade: return m("warroom.action.trade").with("region", r(x.a)).with("resource", text::resource(x.b));
    case ActionKind::Move:
      return m(move_leg(CCtx{*this, s}, nation_at(x.nation), x.a, region_byte(x.b)).via == kNoRegion ? "warroom.action.move"
                                                                                                     : "warroom.action.move_via")
          .with("box", num(x.a))
          .with("region", r(x.b));

    case ActionKind::Leave: return m("warroom.action.leave").with("unit", text::unit(x.a));
    case ActionKind::Launch:
      return region_byte(x.b) == kNoRegion ? m("warroom.action.keep_aboard").with("command", num(x.a))
                                           : m("warroom.action.launch").with("command", num(x.a)).with("region", r(x.b));
    case ActionKind::Land:
      return region_byte(x.b) == kNoRegion ? m("warroom.action.lose").with("command", num(x.a))
                                           : m("warroom.action.land").with("command", num(x.a)).with("region", r(x.b));
    case ActionKind::Permit: return m(x.a ? "warroom.action.permit" : "warroom.action.refuse");
    case ActionKind::Fight: return m("warroom.action.fight").with("region", r(x.a));
    case ActionKind::Assign: {
      static constexpr const char* kAssign[] = {"warroom.action.command", "warroom.action.claim", "warroom.action.medal",
                                                "warroom.action.defend"};
      return m(kAssign[x.c < 4 ? x.c : 3]).with("other", text::nation(x.a));
    }
    case ActionKind::Battle: return m("warroom.action.battle").with("choice", choice_message(s.battle, battle_choice(x), battle_names()));
    case ActionKind::Die:
    case ActionKind::kCount: break;
  }
  return Message::plain(action_to_string(s, seat, action));
}

}  // namespace warroom
