// A hint (warroom/ai.h, advise; docs/warroom/ai.md "Hints"): the search's ranking and the whole entry
// the AI would write, as structure for the clients -- data ids and reason codes, never English (the
// browser words them from the catalogues, warroom.hint.*). Everything comes from the seat's
// observation only: the search's rollouts make the other seats' hidden entries afresh, and the
// odds of each attack are the battle calculator's on the observation with the proposed sheet written.
#include <algorithm>

#include "warroom/ai.h"
#include "warroom/calculator.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

std::string_view order_why_code(OrderWhy w) {
  switch (w) {
    case OrderWhy::SinkTransports: return "sink_transports";
    case OrderWhy::FerryHome: return "ferry_home";
    case OrderWhy::FerryGarrison: return "ferry_garrison";
    case OrderWhy::CampaignStrike: return "campaign_strike";
    case OrderWhy::Defend: return "defend";
    case OrderWhy::Attack: return "attack";
    case OrderWhy::CalculatedAttack: return "calculated_attack";
    case OrderWhy::AirSupport: return "air_support";
    case OrderWhy::StrikeFleet: return "strike_fleet";
    case OrderWhy::Escort: return "escort";
    case OrderWhy::Gather: return "gather";
    case OrderWhy::Advance: return "advance";
    case OrderWhy::AirDefence: return "air_defence";
  }
  return "advance";
}

std::string_view bid_why_code(BidWhy w) {
  switch (w) {
    case BidWhy::None: return "none";
    case BidWhy::FirstSlot: return "first_slot";
    case BidWhy::RailDefence: return "rail_defence";
    case BidWhy::ShortOfDefence: return "short_of_defence";
  }
  return "none";
}

std::string_view buy_mix_code(BuyMix m) {
  switch (m) {
    case BuyMix::Rules: return "mix_rules";
    case BuyMix::Armor: return "mix_armor";
    case BuyMix::Infantry: return "mix_infantry";
    case BuyMix::Air: return "mix_air";
    case BuyMix::Fleet: return "mix_fleet";
  }
  return "mix_rules";
}

// The style a candidate was written with, as reason codes (empty: bot:rules' own).
nlohmann::json style_codes(const Style& s, SecretStep step) {
  nlohmann::json out = nlohmann::json::array();
  if (step == SecretStep::Purchases) {
    out.push_back(buy_mix_code(s.buy_mix));
    return out;
  }
  const Style rules;
  if (s.sure_defence) out.push_back("sure_defence");
  if (s.sea_watch) out.push_back("sea_watch");
  if (s.home_guard) out.push_back("home_guard");
  if (s.calculated_attacks) out.push_back("calculated_attacks");
  if (s.sea_garrison) out.push_back("sea_garrison");
  if (s.odds_scale_percent < rules.odds_scale_percent) out.push_back("daring_strikes");
  if (s.odds_scale_percent > rules.odds_scale_percent) out.push_back("cautious_strikes");
  if (s.attack_tenths < rules.attack_tenths) out.push_back("daring_attacks");
  if (s.attack_tenths > rules.attack_tenths) out.push_back("cautious_attacks");
  if (s.extra_quiet > 0) out.push_back("stalled_war");
  if (s.bid_extra > 0 || s.bid_oil_thirds > rules.bid_oil_thirds) out.push_back("bid_more");
  if (s.bid_extra < 0) out.push_back("bid_less");
  return out;
}

nlohmann::json region_json(const Game& g, RegionId r) {
  return g.data().is_region(r) ? nlohmann::json(g.data().regions[r].id) : nlohmann::json(nullptr);
}

// An order into r goes into a fight: enemy (or neutral) ground, or enemy Commands there.
bool hostile(const Game& g, const State& s, Nation nation, RegionId r) {
  const Alliance side = alliance_of(nation);
  if (g.data().region(r).is_territory()) {
    const Nation c = s.region[r].controller;
    if (c == kNoNation || alliance_of(c) != side) return true;
  }
  for (Nation n : kAllNations) {
    if (!in_play(s, n) || alliance_of(n) == side) continue;
    for (int number = 1; number <= kMaxCommandNumber; ++number) {
      const Command& c = s.command[n][at(number)];
      if (c.region == r && units_in(c) > 0) return true;
    }
  }
  return false;
}

// The odds of the conflict in `region` as the odds request answers them (OddsQuery's defaults, the
// sides bot:rules plays choosing as it does), on `seen`; null when there is no battle to weigh.
nlohmann::json odds_of(const Game& g, const State& seen, core::Seat seat, RegionId region, const std::array<bool, kSides>& rules) {
  OddsQuery q;
  q.region = region;
  q.rules_sides = rules;
  const Odds o = odds_from_observation(g, seen, seat, q);
  if (!o.error.empty()) return nullptr;
  return odds_json(g, o);
}

class Sheets {
 public:
  Sheets(const Game& g, const State& before, core::Seat seat, const std::array<bool, kSides>& rules)
      : g_(g), before_(before), seat_(seat), rules_(rules) {}

  // The candidate's entries (its writer, bot:rules with the candidate's style, keeps the plan they
  // were written from), each nation's result with its reasons.
  nlohmann::json explain(const SheetCandidate& c, SecretStep step) {
    actions_ = c.actions;
    // The entries without the "done" that ends them: the sheet as it stands before its reveal.
    State after = before_;
    for (const core::Action a : actions_)
      if (decode_action(a).kind != ActionKind::Done) g_.apply(after, seat_, a, nullptr);
    nlohmann::json nations = nlohmann::json::array(), attacks = nlohmann::json::array();
    std::vector<RegionId> weighed;
    for (Nation n : kAllNations) {
      if (!seat_plays(g_, seat_, n) || !in_play(before_, n)) continue;
      nlohmann::json nation{{"nation", nation_id(n)}};
      if (step == SecretStep::Sheet) {
        const SheetPlan* plan = c.writer.sheet_plan(before_, n);
        nation["campaign"] = plan ? region_json(g_, plan->campaign) : nullptr;
        nation["orders"] = orders(after, n, plan, weighed, attacks);
        nation["bid"] = bid(after, n, plan);
      } else {
        nation["purchases"] = purchases(after, n, c.style.buy_mix);
      }
      nations.push_back(std::move(nation));
    }
    return {{"nations", nations}, {"attacks", attacks}};
  }

 private:
  // The texts of the written-out actions of `nation` that satisfy `which`, as the seat sends them.
  template <class Which>
  nlohmann::json actions_of(Nation nation, Which which) const {
    nlohmann::json out = nlohmann::json::array();
    State s = before_;
    for (const core::Action a : actions_) {
      const Act x = decode_action(a);
      if (x.by(nation) && which(x)) out.push_back(g_.action_to_string(s, seat_, a));
      g_.apply(s, seat_, a, nullptr);
    }
    return out;
  }

  nlohmann::json orders(const State& after, Nation n, const SheetPlan* plan, std::vector<RegionId>& weighed,
                        nlohmann::json& attacks) const {
    nlohmann::json out = nlohmann::json::array();
    const Sheet& now = before_.sheet[n];
    const Sheet& sheet = after.sheet[n];
    for (std::size_t box = 0; box < sheet.box.size(); ++box) {
      const Order& o = sheet.box[box];
      if (o.status == kEmpty) continue;
      const bool proposed = !std::any_of(now.box.begin(), now.box.end(),
                                         [&](const Order& b) { return b.status != kEmpty && b.command == o.command && b.dest == o.dest; });
      const auto planned = plan ? std::find_if(plan->orders.begin(), plan->orders.end(),
                                               [&](const PlannedOrder& p) { return p.command == o.command && p.dest == o.dest; })
                                : std::vector<PlannedOrder>::const_iterator{};
      const bool explained = plan && planned != plan->orders.end();
      const Command& c = before_.command[n][at(o.command)];
      const bool attack = hostile(g_, before_, n, o.dest);
      nlohmann::json order{{"box", box + 1},
                           {"command", o.command},
                           {"from", region_json(g_, c.region)},
                           {"to", region_json(g_, o.dest)},
                           {"proposed", proposed},
                           {"attack", attack},
                           {"reason", proposed ? (explained ? order_why_code(planned->why) : "as_written") : "yours"}};
      // Its Command selected, then the destination written while it is the one selected.
      int selected = 0;
      order["actions"] = proposed ? actions_of(n,
                                               [&](const Act& x) {
                                                 if (x.kind == ActionKind::Select) selected = x.a;
                                                 return (x.kind == ActionKind::Select && x.a == o.command) ||
                                                        (x.kind == ActionKind::To && selected == o.command);
                                               })
                                  : nlohmann::json::array();
      out.push_back(std::move(order));
      if (attack && std::find(weighed.begin(), weighed.end(), o.dest) == weighed.end()) {
        weighed.push_back(o.dest);
        const nlohmann::json odds = odds_of(g_, after, seat_, o.dest, rules_);
        if (!odds.is_null()) attacks.push_back({{"region", region_json(g_, o.dest)}, {"odds", odds}});
      }
    }
    return out;
  }

  nlohmann::json bid(const State& after, Nation n, const SheetPlan* plan) const {
    const int value = after.sheet[n].bid;
    const bool proposed = value != before_.sheet[n].bid;
    const std::string_view reason = !proposed ? "yours" : value == 0 || !plan ? "none" : bid_why_code(plan->bid_why);
    return {{"bid", value},
            {"proposed", proposed},
            {"reason", reason},
            {"actions", proposed ? actions_of(n, [](const Act& x) { return x.kind == ActionKind::Bid; }) : nlohmann::json::array()}};
  }

  // Each purchase with what it costs: a unit type's count at its cost, the Civilian Goods as paid.
  nlohmann::json purchases(const State& after, Nation n, BuyMix mix) const {
    nlohmann::json out = nlohmann::json::array();
    const Sheet& now = before_.sheet[n];
    const Sheet& sheet = after.sheet[n];
    const auto paid = [&](Resource r) { return sheet.goods_paid[at(static_cast<int>(r))] - now.goods_paid[at(static_cast<int>(r))]; };
    if (sheet.goods > now.goods)
      out.push_back({{"goods", sheet.goods - now.goods},
                     {"cost", {{"oil", paid(Resource::Oil)}, {"iron", paid(Resource::Iron)}, {"osr", paid(Resource::Osr)}}},
                     {"reason", "goods"},
                     {"actions", actions_of(n, [](const Act& x) { return x.kind == ActionKind::BuyGoods; })}});
    for (int t = 0; t < kUnitTypes; ++t) {
      if (sheet.buy[type_at(t)] <= now.buy[type_at(t)]) continue;
      const int count = sheet.buy[type_at(t)] - now.buy[type_at(t)];
      const Resources& cost = g_.data().unit(static_cast<UnitKind>(t)).cost;
      out.push_back({{"unit", unit_id(static_cast<UnitKind>(t))},
                     {"count", count},
                     {"cost", {{"oil", count * cost.oil}, {"iron", count * cost.iron}, {"osr", count * cost.osr}}},
                     {"reason", buy_mix_code(mix)},
                     {"actions", actions_of(n, [t](const Act& x) { return x.kind == ActionKind::Buy && x.a == t; })}});
    }
    return out;
  }

  const Game& g_;
  const State& before_;
  core::Seat seat_;
  std::array<bool, kSides> rules_;
  std::vector<core::Action> actions_;
};

// The heaviest candidate of the search's mixed strategy (the first, bot:rules' own, on a tie).
std::size_t heaviest(const SheetSearch& found) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < found.plans.size(); ++i)
    if (found.plans[i].probability > found.plans[best].probability) best = i;
  return best;
}

// The ranking of the next entries: candidates that begin alike count as one.
std::vector<core::ActionValue> ranked_entries(const SheetSearch& found, const AiLevel& level) {
  struct Entry {
    core::ActionValue hint;
    double probability = 0;
  };
  std::vector<Entry> entries;
  const long tries = static_cast<long>(found.answers) * level.rollouts;
  for (const SheetCandidate& c : found.plans) {
    if (c.actions.empty() || c.probability <= 0) continue;
    auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.hint.action == c.actions.front(); });
    if (it == entries.end()) it = entries.insert(entries.end(), {{c.actions.front(), 0, 0}, 0});
    it->hint.value = (it->hint.value * it->probability + c.value * c.probability) / (it->probability + c.probability);
    it->probability += c.probability;
    it->hint.visits += tries;
  }
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.probability > b.probability; });
  std::vector<core::ActionValue> out;
  for (const Entry& e : entries) out.push_back(e.hint);
  return out;
}

core::Advised secret_advice(const Game& g, const State& observation, core::Seat seat, const AiLevel& level, std::uint64_t seed, int threads,
                            const std::array<bool, kSides>& rules) {
  const SheetSearch found = search_secret(g, observation, seat, RulesBot{}, level, seed, threads);
  core::Advised out{ranked_entries(found, level), nullptr};
  const std::size_t pick = heaviest(found);
  const SheetCandidate& chosen = found.plans[pick];
  nlohmann::json plan = Sheets(g, observation, seat, rules).explain(chosen, found.step);
  plan["step"] = found.step == SecretStep::Sheet ? "sheet" : "purchases";
  plan["level"] = level.name;
  plan["styles"] = style_codes(chosen.style, found.step);
  plan["value"] = found.plans.size() > 1 ? chosen.value : position_value(g, observation, alliance_of(g.seat_nations(seat).nth(0)));
  plan["weight"] = chosen.probability;
  plan["candidates"] = found.plans.size();
  plan["rollouts"] = found.rollouts;
  out.plan = std::move(plan);
  return out;
}

// Any other decision: the search bot's actions to the end of the step for a simultaneous one (a
// deployment plan: the heaviest candidate of its search), else its one action; a stance with the odds
// of the battle fought.
core::Advised decision_advice(const Game& g, const State& observation, core::Seat seat, const AiLevel& level, std::uint64_t seed,
                              int threads, const std::array<bool, kSides>& rules) {
  const double value = position_value(g, observation, alliance_of(g.seat_nations(seat).nth(0)));
  core::Rng rng(seed);
  const bool deploying = observation.steps.top().id == StepId::DeployPlans;
  const Battle& b = observation.battle;
  const bool stance = b.kind != BattleKind::None && need(b) == Need::Stance;
  std::vector<core::Action> actions;
  if (deploying) {
    const SheetSearch found = search_secret(g, observation, seat, RulesBot{}, level, rng.next(), threads);
    actions = found.plans[heaviest(found)].actions;
  } else {
    SearchBot bot(level, 1);
    actions.push_back(bot.choose(g, observation, seat, rng));
  }
  nlohmann::json list = nlohmann::json::array();
  State s = observation;
  for (const core::Action a : actions) {
    // A plan's entries without the "done" that ends it: the player finishes it (as a sheet).
    if (!deploying || decode_action(a).kind != ActionKind::Done)
      // Worded as the action list words it (the message of the position it is taken in): an entry
      // after the first is no legal action of the view yet, and read "shift GER 44 arm 55".
      list.push_back({{"action", g.action_to_string(s, seat, a)},
                      {"message", core::i18n::to_json(g.action_message(s, seat, a))},
                      {"reason", deploying ? "deploy"
                                 : stance  ? "best_stance"
                                           : "rules"}});
    g.apply(s, seat, a, nullptr);
  }
  nlohmann::json plan{{"step", deploying ? "deploy-plans" : "decision"}, {"level", level.name}, {"value", value}, {"actions", list}};
  nlohmann::json attacks = nlohmann::json::array();
  if (stance)
    if (const nlohmann::json odds = odds_of(g, observation, seat, observation.fight.region, rules); !odds.is_null())
      attacks.push_back({{"region", region_json(g, observation.fight.region)}, {"odds", odds}});
  plan["attacks"] = attacks;
  if (actions.empty()) return {{}, plan};
  return {{{actions.front(), 0, value}}, plan};
}

}  // namespace

core::Advised advise(const Game& g, const State& position, core::Seat seat, const AiLevel& level, std::uint64_t seed, int threads,
                     const std::vector<std::string>& controllers) {
  const State observation = g.observe(position, seat);
  const std::array<bool, kSides> rules = controllers.empty() ? std::array<bool, kSides>{} : rules_sides(g, controllers);
  const auto step = secret_step(observation);
  if (step && *step != SecretStep::Deploy) return secret_advice(g, observation, seat, level, seed, threads, rules);
  return decision_advice(g, observation, seat, level, seed, threads, rules);
}

}  // namespace warroom
