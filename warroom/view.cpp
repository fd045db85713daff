// The game's part of a seat's view, made from that seat's observation: the phase in words, the
// JSON for the server and web client, and the terminal board. A secret the seat may not see is
// shown as null ("writing" or "done" only), never as zeros.
#include <fmt/format.h>

#include <numeric>

#include "warroom/i18n_text.h"
#include "warroom/map.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

nlohmann::json units_json(const Command& c, Category cat) {
  nlohmann::json out = nlohmann::json::object();
  for (int t = first_type(cat); t < first_type(cat) + type_count(cat); ++t)
    if (c.n[at(slot_of(t))]) out[unit_text(t)] = c.n[at(slot_of(t))];
  return out;
}

// Spaces made no-break ones, so that the terminal's wrap (core::fit_lines) keeps a mark on one line.
std::string unbroken(std::string mark) {
  for (std::size_t at = mark.find(' '); at != std::string::npos; at = mark.find(' ', at)) mark.replace(at, 1, "\u00a0");
  return mark;
}

// A cancelled order on the board: "(x)", with why in a word or two where the order keeps it,
// "(x pinned)" (issue 34's play-test, finding 3: the board said "(x)" alone for two pinned orders).
// The words are the short forms of the log's: warroom.cancel_reason_brief.<cancel_reason_id>.
std::string cancelled_mark(const core::i18n::Catalogues& words, std::string_view language, const Order& o) {
  const auto why = static_cast<std::size_t>(o.why_cancelled());
  if (why == 0 || why >= static_cast<std::size_t>(kCancelReasons)) return "(x)";
  return unbroken(fmt::format(
      "(x {})", words.render(language, text::key(std::string("warroom.cancel_reason_brief.") + cancel_reason_id(o.why_cancelled())))));
}

// The mark of a box on the board: cancelled, or carried out short of its destination, where
// ("(stopped G8)"; the view's chart says why, the log as it happened), or nothing.
std::string order_mark(const Game& g, std::string_view language, const Order& o) {
  if (o.status == kCancelled) return cancelled_mark(g.catalogues(), language, o);
  if (!o.stopped_short()) return "";
  return unbroken(
      fmt::format("({})", g.catalogues().render(language, text::key("warroom.order_stopped_brief").with("region", g.region_name(o.end)))));
}

const char* sheet_status(const State& s, Nation n) {
  const StepId id = s.steps.top().id;
  const bool writing = id == StepId::WriteSheets || id == StepId::Purchases || id == StepId::DeployPlans;
  if (!writing) return "idle";
  return s.sheet[n].flags & kDone ? "done" : "writing";
}

// What the Victory Check would find now (victory_now), as the view and the board name it.
const char* victory_now_id(VictoryNow now) {
  switch (now) {
    case VictoryNow::Allied: return "allied";
    case VictoryNow::Axis: return "axis";
    case VictoryNow::Both: return "both";  // both qualify: the war goes on
    case VictoryNow::BothLose: return "both-lose";
    case VictoryNow::None: break;
  }
  return "none";
}

// The scenario's victory conditions as they stand (Victory Check; the scenario's Scenario
// Conditions): each alliance's terms, who controls each of their regions now, and what the check
// would find if the war ended now. The view's "victory"; the board words the same facts.
nlohmann::json victory_json(const Game& g, const State& v) {
  const Data& d = g.data();
  nlohmann::json alliances = nlohmann::json::array();
  for (int side = 0; side < kAlliances; ++side) {
    nlohmann::json terms = nlohmann::json::array();
    for (const VictoryTerm& t : g.scenario().victory[at(side)].all_of) {
      nlohmann::json regions = nlohmann::json::array();
      for (RegionId r : t.of) {
        const Nation holder = v.region[r].controller, capital = d.region(r).capital_of;
        regions.push_back({{"id", d.region(r).id},
                           {"name", d.region(r).name},
                           {"controller", holder == kNoNation ? nlohmann::json(nullptr) : nlohmann::json(g.nation_name(holder))},
                           {"capital_of", capital == kNoNation ? nlohmann::json(nullptr) : nlohmann::json(g.nation_name(capital))}});
      }
      terms.push_back({{"at_least", std::min<std::size_t>(t.at_least, t.of.size())}, {"regions", regions}});
    }
    alliances.push_back({{"alliance", alliance_id(static_cast<Alliance>(side))},
                         {"terms", terms},
                         {"met", alliance_qualifies(CCtx{g, v}, static_cast<Alliance>(side))}});
  }
  return {{"alliances", alliances}, {"if_ended_now", victory_now_id(victory_now(CCtx{g, v}))}};
}

// The board's victory lines, from victory_json: "Victory: Allied Forces win by controlling G1 Greater
// Germany; Axis win by controlling 2 of B1 Great Britain, R1 Moscow, U1 Eastern United States", then
// who holds them now and what the check would find now.
std::string victory_text(const nlohmann::json& victory) {
  std::string out = "Victory:", held;
  for (const auto& side : victory["alliances"]) {
    std::string terms;
    for (const auto& t : side["terms"]) {
      std::string regions;
      for (const auto& r : t["regions"]) {
        regions += fmt::format("{}{} {}", regions.empty() ? "" : ", ", r["id"].get<std::string>(), r["name"].get<std::string>());
        held += fmt::format("{}{} {}", held.empty() ? "" : ", ", r["id"].get<std::string>(),
                            r["controller"].is_null() ? std::string("neutral") : r["controller"].get<std::string>());
      }
      const std::string term =
          t["at_least"].get<std::size_t>() >= t["regions"].size() ? regions : fmt::format("{} of {}", t["at_least"].get<int>(), regions);
      terms += (terms.empty() ? "" : " and ") + term;
    }
    const bool allied = side["alliance"] == "allied";
    if (!terms.empty()) out += fmt::format("{} {} by controlling {}", allied ? "" : ";", allied ? "Allied Forces win" : "Axis win", terms);
  }
  const std::string now = victory["if_ended_now"];
  const std::string verdict = now == "allied"      ? "the Allied Forces would win"
                              : now == "axis"      ? "the Axis would win"
                              : now == "both"      ? "both qualify: the war would go on"
                              : now == "both-lose" ? "both would lose"
                                                   : "nobody would win";
  return out + fmt::format("\nHeld now: {}; if the war ended now, {}\n", held, verdict);
}

// The units of the other alliance's Commands in region r (Command Stacks stand on the open map).
int enemy_units(const State& v, Nation nation, RegionId r) {
  int units = 0;
  for (Nation n : kAllNations)
    if (alliance_of(n) != alliance_of(nation))
      for (const Command& c : v.command[n])
        if (c.region == r) units += units_in(c);
  return units;
}

// A Command's units: "4 inf 2 art 2 arm".
std::string stack_units(const Data& d, const State& v, Nation nation, int number) {
  const Command& c = v.command[nation][at(number)];
  const Category cat = command_category(d, nation, number);
  std::string units;
  for (int t = first_type(cat); t < first_type(cat) + type_count(cat); ++t)
    if (c.n[at(slot_of(t))]) units += fmt::format("{}{} {}", units.empty() ? "" : " ", c.n[at(slot_of(t))], unit_text(t));
  return units;
}

// The units bought on an O&P Chart: " 2 inf 1 ftr"; nothing for none.
std::string units_bought(const Sheet& sh) {
  std::string bought;
  for (int t = 0; t < kUnitTypes; ++t)
    if (sh.buy[type_at(t)]) bought += fmt::format(" {} {}", sh.buy[type_at(t)], unit_text(t));
  return bought;
}

// The purchases noted on an O&P Chart: " buys 2 inf 1 ftr 3 goods" (Phase 7 › Step 3); nothing while none is noted.
std::string purchases_text(const Sheet& sh) {
  std::string bought = units_bought(sh);
  if (sh.goods) bought += fmt::format(" {} goods", sh.goods);
  return bought.empty() ? "" : " buys" + bought;
}

// `put` units of a stance group into its current stance, the rest into the next: each stance's dice
// and steps (Battle Setup › 5. Assign Combat Stances); a stance no unit takes is not listed.
std::string stance_note(const Game& game, const Battle& b, const Group& g, int put) {
  const auto en = [&](const char* noun, int count) {
    return game.catalogues().render(core::i18n::kFallbackLanguage, text::counted(noun, count));
  };
  const auto spec = [&](int st) {
    const StanceSpec& k = b.type(g).stance[at(st)];
    return fmt::format("{} (air {}, surface {}; {}{})", game.data().units[kind_at(g.type)].stance[at(st)].name,
                       en("warroom.count.die", k.air_dice), en("warroom.count.die", k.surface_dice), en("warroom.count.step", k.steps),
                       k.raid_dice ? "; raids with " + en("warroom.count.die", k.raid_dice) : "");
  };
  std::string note = put > 0 ? fmt::format("{} in {}", put, spec(g.cursor)) : "";
  if (put < g.left && g.cursor + 1 < b.type(g).stance_count)
    note += fmt::format("{}{} in {}", note.empty() ? "" : ", ", g.left - put, spec(g.cursor + 1));
  return note;
}

// Whether the legal actions hold one of the kind for nation n (a bid only above 0).
bool offers(const core::ActionList& legal, Nation n, ActionKind kind) {
  return std::any_of(legal.begin(), legal.end(), [&](core::Action a) {
    const Act x = decode_action(a);
    return x.by(n) && x.kind == kind && (kind != ActionKind::Bid || bid_value(x) > 0);
  });
}

// Phase 6 › Step 1 (a "done" while Medals or Civilian Goods could still cancel Stress) and Step 3 (a
// "done" while the nation could relieve one zone): the seat's "done" asks first, as a blank sheet's
// does, for it gives the round's chance up (play-test 2026-12-05 afternoon, finding 7: "done" is
// listed before "give a Medal"). The rules allow it; the question only names what is given up.
nlohmann::json morale_confirmations(const Game& g, const State& v, core::Seat seat, const core::ActionList& legal) {
  nlohmann::json out = nlohmann::json::object();
  const bool cancel = v.steps.top().id == StepId::MoraleCancel;
  const ActionKind use = cancel ? ActionKind::CancelStress : ActionKind::Relieve;
  for (Nation n : kAllNations) {
    const auto offered = [&](ActionKind kind) { return offers(legal, n, kind); };
    if (!offered(ActionKind::Done) || !offered(use)) continue;
    const core::i18n::Message asked =
        text::key(cancel ? "warroom.confirm.stress" : "warroom.confirm.relief").with("nation", text::nation(n));
    out[g.action_to_string(v, seat, encode(ActionKind::Done, n))] = {{"parts", nlohmann::json::array({cancel ? "stress" : "relief"})},
                                                                     {"message", core::i18n::to_json(asked)}};
  }
  return out;
}

// The parts of a nation's sheet left blank although it could write in them (Phase 2 › Step 1: no
// order though a Command could be ordered; Phase 7 › Step 3: nothing bought though something is
// affordable): the seat's "done" for it asks first, in the browser and the terminal (the view's
// "action_confirm", by command). A bid of 0 alone is not asked about ("A Nation may bid zero",
// Bidding Oil for Turn Order); a sheet with no orders names it too.
nlohmann::json done_confirmations(const Game& g, const State& v, core::Seat seat, const core::ActionList& legal) {
  nlohmann::json out = nlohmann::json::object();
  const StepId step = v.steps.top().id;
  if (step == StepId::MoraleCancel || step == StepId::MoraleRelieve) return morale_confirmations(g, v, seat, legal);
  if (step != StepId::WriteSheets && step != StepId::Purchases) return out;
  for (Nation n : kAllNations) {
    const auto offered = [&](ActionKind kind) { return offers(legal, n, kind); };
    if (!offered(ActionKind::Done)) continue;
    const Sheet& sh = v.sheet[n];
    nlohmann::json parts = nlohmann::json::array();
    std::vector<core::i18n::Message> blank;
    const auto left_blank = [&](const char* part, const char* message) {
      parts.push_back(part);
      blank.push_back(text::key(message));
    };
    if (step == StepId::WriteSheets) {
      const bool none = std::all_of(sh.box.begin(), sh.box.end(), [](const Order& o) { return o.status == kEmpty; });
      if (none && (sh.selected || offered(ActionKind::Select))) {
        left_blank("orders", "warroom.confirm.no_orders");
        if (sh.bid == 0 && offered(ActionKind::Bid)) left_blank("bid", "warroom.confirm.no_bid");
      }
    } else if (sh.goods == 0 && std::all_of(sh.buy.begin(), sh.buy.end(), [](auto k) { return k == 0; }) &&
               (offered(ActionKind::Buy) || offered(ActionKind::BuyGoods))) {
      left_blank("purchases", "warroom.confirm.no_purchases");
    }
    if (parts.empty()) continue;
    const core::i18n::Message asked = text::key("warroom.confirm.done").with("nation", text::nation(n)).with("blank", text::listed(blank));
    out[g.action_to_string(v, seat, encode(ActionKind::Done, n))] = {{"parts", parts}, {"message", core::i18n::to_json(asked)}};
  }
  return out;
}

// Phase 3 › Step 2, the seat's nation resolving its orders: "carry out the rest" (carry_out_next,
// movement.cpp). The next order's action as the rules would carry it out, how many written orders
// are left, or why the owner must choose first (a pin, a choice of routes); null at any other step.
nlohmann::json carry_out_json(const Game& g, const State& v, core::Seat seat) {
  if (v.steps.top().id != StepId::MovementTurn) return nullptr;
  const Nation n = v.steps.top().as<step::MovementTurn>().nation;
  if (!g.seat_nations(seat).test(n)) return nullptr;
  const CarryOut next = carry_out_next(CCtx{g, v}, n);
  if (next.stop == CarryOut::Nothing) return nullptr;
  static constexpr const char* kStops[] = {"next", "pin", "route"};
  static constexpr const char* kSaid[] = {"warroom.carry_out.next", "warroom.carry_out.pin", "warroom.carry_out.route"};
  core::i18n::Message said = text::key(kSaid[next.stop]).with("box", std::to_string(next.box));
  said.with("nation", text::nation(n));
  if (next.stop == CarryOut::Next) said.counted(next.left);
  return {{"nation", g.nation_name(n)},
          {"stop", kStops[next.stop]},
          {"box", next.box},
          {"left", next.left},
          {"action", next.stop == CarryOut::Next ? nlohmann::json(g.action_to_string(v, seat, next.action)) : nlohmann::json(nullptr)},
          {"message", core::i18n::to_json(said)}};
}

// Phase 7 › Step 3 on a nation's own chart, for the purchase panel: what each unit it may buy and
// the Civilian Goods cost, each with its provenance (the units' costs are the project's, rulings 1-3);
// what is noted; what the chart spends of the resources held and what is left; the room of each
// Industry token it controls (ruling 69: SV less Bomb tokens and units already there), naval units
// only where there is a Port, and the infantry it may mobilize (ruling 72).
nlohmann::json purchase_json(const Game& g, const State& v, Nation n) {
  const CCtx c{g, v};
  const Data& d = g.data();
  const Sheet& sh = v.sheet[n];
  const auto resources = [](const auto& of) { return nlohmann::json{{"oil", of(0)}, {"iron", of(1)}, {"osr", of(2)}}; };
  nlohmann::json units = nlohmann::json::array(), industries = nlohmann::json::array();
  std::array<int, 2> placing{};  // naval, other than infantry
  for (int t = 0; t < kUnitTypes; ++t) {
    const UnitInfo& u = d.units[kind_at(t)];
    if (t != kInf) placing[category_of(t) == Category::Sea ? 0 : 1] += sh.buy[type_at(t)];
    if (!u.buildable || !d.nations[n].may_buy(static_cast<UnitKind>(t))) continue;
    units.push_back({{"unit", u.id},
                     {"category", category_id(u.category)},
                     {"cost", resources([&](int r) { return u.cost[static_cast<Resource>(r)]; })},
                     {"provenance", provenance_id(u.origin.of("cost"))},
                     {"bought", sh.buy[type_at(t)]}});
  }
  for (int i = 0; i < g.industries(); ++i) {
    const RegionId r = g.industry_region(i);
    if (v.region[r].controller != n) continue;
    industries.push_back({{"region", d.region(r).id},
                          {"sv", d.region(r).sv},
                          {"bombs", v.region[r].bombs},
                          {"room", industry_capacity(c, r)},
                          {"port", d.region(r).has_port()}});
  }
  const auto spent = purchase_spent(c, n);
  return {
      {"units", units},
      {"goods",
       {{"cost_any", d.goods.cost_any},
        {"provenance", provenance_id(d.goods.origin.provenance)},
        {"count", sh.goods},
        {"oil_allowed", !d.nations[n].has(NationRule::NoOil)},
        {"paid", resources([&](int r) { return sh.goods_paid[at(r)]; })}}},
      {"held", resources([&](int r) { return resource(v, n, r); })},
      {"spent", resources([&](int r) { return spent[at(r)]; })},
      {"left", resources([&](int r) { return resource(v, n, r) - spent[at(r)]; })},
      {"industries", industries},
      {"room", {{"units", placement_room(c, n, false)}, {"naval", placement_room(c, n, true)}, {"mobilization", mobilization_room(c, n)}}},
      {"placing", {{"naval", placing[0]}, {"other", placing[1]}, {"inf", sh.buy[UnitKind::Inf]}}}};
}

}  // namespace

// What a choice means, beside its command in the terminal's menus and the web's (the view's
// "action_notes", as Churchill's): a Command's stack and where it stands; a destination's name, who
// holds it and the enemy units there, a land move by rail and one that will be cancelled (Plotting
// Land Commands by Rail: "a Nation may not invade by Rail"); a unit's cost (Phase 7 › Step 3: the
// chart's coloured dots); a stance's dice and steps (Battle Setup › 5. Assign Combat Stances).
nlohmann::json Game::action_notes(const State& v, core::Seat seat) const {
  nlohmann::json notes = nlohmann::json::object();
  if (node_kind(v) == core::NodeKind::Chance || node_kind(v) == core::NodeKind::Terminal || !(acting_seats(v) & core::seat_bit(seat)))
    return notes;
  core::ActionList legal;
  legal_actions(v, seat, legal);
  const Data& d = *data_;
  for (const core::Action a : legal) {
    const Act x = decode_action(a);
    std::string note;
    if (x.kind == ActionKind::Select && v.command[nation_at(x.nation)][at(x.a)].region != kNoRegion)
      note = fmt::format("{} in {}", stack_units(d, v, nation_at(x.nation), x.a),
                         d.region(v.command[nation_at(x.nation)][at(x.a)].region).name);
    else if (x.kind == ActionKind::To)
      note = destination_note(v, nation_at(x.nation), region_byte(x.a));
    else if (x.kind == ActionKind::Buy) {
      const UnitInfo& u = d.unit(static_cast<UnitKind>(x.a));
      note = fmt::format("{}: {} oil, {} iron, {} OSR{}", u.name, u.cost.oil, u.cost.iron, u.cost.osr,
                         u.origin.of("cost") == Provenance::Reconstructed ? " (cost reconstructed)" : "");
    } else if (x.kind == ActionKind::Place)
      note = d.region(region_byte(x.a)).name;
    else if (x.kind == ActionKind::Battle && battle_choice(x).kind == ChoiceKind::Stance)
      note = stance_note(*this, v.battle, v.battle.groups[battle_choice(x).a < kMaxGroups ? battle_choice(x).a : 0], battle_choice(x).b);
    if (!note.empty()) notes[action_to_string(v, seat, a)] = note;
  }
  return notes;
}

// A destination of the order pad: its name, who holds it, the enemy units there, and a land move by
// rail; where the order cannot reach it, the rules' reason (order_outlook, movement.cpp).
std::string Game::destination_note(const State& v, Nation nation, RegionId to) const {
  const Data& d = *data_;
  const Nation holder = v.region[to].controller;
  std::string note = d.region(to).name + (d.region(to).is_sea() ? ", sea"
                                          : holder == kNoNation ? ", neutral"
                                                                : ", held by " + nation_name(holder));
  if (const int enemy = enemy_units(v, nation, to)) note += fmt::format(", enemy units: {}", enemy);
  const int number = v.sheet[nation].selected;
  const RegionId from = number ? v.command[nation][at(number)].region : kNoRegion;
  if (from == kNoRegion) return note;
  if (command_category(d, nation, number) == Category::Land && d.region(from).is_territory() && d.region(to).is_territory() &&
      !is_edge(d, from, to))
    note += ", by rail";
  if (const OrderOutlook o = order_outlook({*this, v}, nation, number, to); o.kind != OrderOutlook::Reaches)
    note += fmt::format(": {}", o.why);
  return note;
}

namespace {
// An order that would not reach its destination on the map as it stands (order_outlook, movement.cpp):
// the outcome ("stops_short" or "cancelled"), the rules' reason id and text, and the rail stops it
// would end in instead. Null where it would reach it.
nlohmann::json outlook_json(const Game& g, const OrderOutlook& o) {
  if (o.kind == OrderOutlook::Reaches) return nullptr;
  nlohmann::json stops = nlohmann::json::array();
  for (RegionId r : o.stops) stops.push_back(g.region_name(r));
  return {{"outcome", o.kind == OrderOutlook::StopsShort ? "stops_short" : "cancelled"},
          {"reason", o.reason},
          {"why", o.why},
          {"stops", stops}};
}
}  // namespace

// Phase 2: each destination of the selected Command that the order could not reach on the map as it
// stands, by its `to` command (outlook_json).
nlohmann::json Game::destinations_json(const State& v, core::Seat seat) const {
  nlohmann::json out = nlohmann::json::object();
  if (node_kind(v) != core::NodeKind::Simultaneous || !(acting_seats(v) & core::seat_bit(seat))) return out;
  core::ActionList legal;
  legal_actions(v, seat, legal);
  for (const core::Action a : legal) {
    const Act x = decode_action(a);
    if (x.kind != ActionKind::To || !v.sheet[nation_at(x.nation)].selected) continue;
    const OrderOutlook o = order_outlook({*this, v}, nation_at(x.nation), v.sheet[nation_at(x.nation)].selected, region_byte(x.a));
    if (o.kind != OrderOutlook::Reaches) out[action_to_string(v, seat, a)] = outlook_json(*this, o);
  }
  return out;
}

namespace {

// A stance of a unit type as the board prints it beside the row: its dice in each stage and the hits
// that eliminate a unit (Battle Setup › 5. Assign Combat Stances; units.json), "reconstructed" where
// any of those values is the project's.
nlohmann::json stance_json(const Data& d, const BattleNames& names, const TypeSpec& t, int stance) {
  const StanceSpec& k = t.stance[at(stance)];
  const Origin& o = d.units[kind_at(t.id)].stance[at(stance)].origin;
  const bool stated = o.of("air_dice") != Provenance::Reconstructed && o.of("surface_dice") != Provenance::Reconstructed &&
                      o.of("steps") != Provenance::Reconstructed;
  return {{"stance", names.stance[t.id][at(stance)]},
          {"air", k.air_dice},
          {"surface", k.surface_dice},
          {"steps", k.steps},
          {"raid", k.raid_dice},
          {"provenance", provenance_id(stated ? Provenance::Rulebook : Provenance::Reconstructed)}};
}

nlohmann::json counts_json(int fresh, int light = 0, int damaged = 0, int eliminated = 0, int escaped = 0) {
  return {{"fresh", fresh}, {"light", light}, {"damaged", damaged}, {"eliminated", eliminated}, {"escaped", escaped}};
}

// Units whose stance is still to be chosen: one row per nation and type, with the stances open to them.
nlohmann::json awaiting_row(const Data& d, const BattleNames& names, const std::string& nation, const TypeSpec& t, int first, int count) {
  nlohmann::json stances = nlohmann::json::array();
  for (int st = first; st < t.stance_count; ++st) stances.push_back(stance_json(d, names, t, st));
  return {{"unit", names.type[t.id]}, {"stance", nullptr}, {"stances", stances}, {"nations", {{nation, counts_json(count)}}}};
}

// The d12's faces and what each hits (Assign Damage: "If a rolled die color matches an enemy Unit
// color it is a hit against that Unit Type"; Assigning White and Black Die Rolls: black is wild,
// white hits only damaged units in a box with a white triangle; Game Components › Dice).
nlohmann::json dice_legend(const Data& d) {
  nlohmann::json legend = nlohmann::json::array();
  for (int c = 0; c < kColours; ++c) {
    const auto colour = static_cast<Colour>(c);
    nlohmann::json hits = nlohmann::json::array();
    for (const UnitInfo& u : d.units)
      if (u.colour == colour) hits.push_back(u.id);
    legend.push_back({{"colour", colour_name(colour)},
                      {"twelfths", kDieTwelfths[at(c)]},
                      {"hits", hits},
                      {"special", colour == Colour::Black   ? nlohmann::json("wild")
                                  : colour == Colour::White ? nlohmann::json("damaged")
                                                            : nlohmann::json(nullptr)}});
  }
  return legend;
}

}  // namespace

// The sides of the Battle Status Board (Allied Forces, then Axis): a row per unit type and stance
// with each nation's units in its boxes and the stance's dice, then the units whose stance is still
// to be chosen; before Battle Setup has placed anything (the Commanders being chosen), the units
// that will fight, all awaiting their stances.
nlohmann::json Game::board_sides(const State& v) const {
  const Battle& b = v.battle;
  const BattleNames names = battle_names();
  const auto nation_or_null = [&](Nation n) { return n == kNoNation ? nlohmann::json(nullptr) : nlohmann::json(nation_name(n)); };
  const bool set_up = b.kind != BattleKind::None;
  const std::vector<Participant> coming = set_up || v.fight.region == kNoRegion ? std::vector<Participant>{} : forces_to_fight({*this, v});
  // Assign Damage: the hits the rolling Commander may assign, by row, nation and box, as commands.
  std::vector<Choice> hits;
  if (set_up && need(b) == Need::Hit) legal(b, hits);
  const auto hit_commands = [&](int side, int row, Nation nation) {
    nlohmann::json out = nlohmann::json::object();
    for (const Choice& ch : hits)
      if (ch.kind == ChoiceKind::Hit && side == 1 - b.rolling_side && ch.a == row && ch.b == byte_of(nation))
        out[ch.c == 0   ? "fresh"
            : ch.c == 1 ? "light"
                        : "damaged"] = fmt::format("battle {} {}", nation_name(deciding_nation(b)), choice_text(b, ch, names));
    return out;
  };
  nlohmann::json sides = nlohmann::json::array();
  for (int side = 0; side < kSides; ++side) {
    nlohmann::json rows = nlohmann::json::array();
    for (int i = 0; i < b.row_count[at(side)]; ++i) {
      const Row& r = b.rows[at(side)][at(i)];
      nlohmann::json by_nation = nlohmann::json::object();
      for (Nation n : kAllNations)
        if (r.fresh[n] || r.light[n] || r.eliminated[n] || r.escaped[n] || r.damaged == n) {
          by_nation[nation_name(n)] = counts_json(r.fresh[n], r.light[n], r.damaged == n ? 1 : 0, r.eliminated[n], r.escaped[n]);
          if (nlohmann::json h = hit_commands(side, i, n); !h.empty()) by_nation[nation_name(n)]["hit"] = std::move(h);
        }
      rows.push_back({{"unit", names.type[r.type]},
                      {"stance", names.stance[r.type][r.stance]},
                      {"dice", stance_json(*data_, names, b.type(r), r.stance)},
                      {"nations", by_nation}});
    }
    for (int i = b.group_cursor; i < b.group_count; ++i)
      if (const Group& g = b.groups[at(i)]; g.side == side && g.left)
        rows.push_back(awaiting_row(*data_, names, nation_name(g.nation), b.type(g), g.cursor, g.left));
    for (const Participant& p : coming)
      if (p.side == side) rows.push_back(awaiting_row(*data_, names, nation_name(p.nation), p.type, 0, p.count));
    // Set up, the battle keeps its Commanders (a garrison's controller among them) past its end.
    const Nation commander = set_up ? b.commander[at(side)] : v.fight.commander[at(side)];
    sides.push_back({{"alliance", side == 0 ? "allied" : "axis"},
                     {"commander", nation_or_null(commander)},
                     {"dice_left", set_up ? dice_in_pool(b, side) : 0},
                     {"rows", rows}});
  }
  return sides;
}

// Phase 4: the Active region being resolved and its Battle Status Board (null between battles).
nlohmann::json Game::battle_json(const State& v) const {
  if (v.fight.region == kNoRegion) return nullptr;
  const Battle& b = v.battle;
  const auto nation_or_null = [&](Nation n) { return n == kNoNation ? nlohmann::json(nullptr) : nlohmann::json(nation_name(n)); };
  nlohmann::json commanders = {nation_or_null(v.fight.commander[0]), nation_or_null(v.fight.commander[1])};
  const bool set_up = b.kind != BattleKind::None;
  nlohmann::json out = {{"region", region_name(v.fight.region)},
                        {"commanders", commanders},
                        {"kind", b.kind == BattleKind::ConvoyRaid ? "convoy-raid" : "battle"},
                        {"stage", b.stage == Stage::Air ? "air" : "surface"},
                        {"sides", board_sides(v)},
                        {"legend", dice_legend(*data_)},
                        {"pact_left_out", nation_or_null(v.fight.left_out[at(v.fight.battle_no)])}};  // Article Three, ruling 52
  if (set_up && need(b) != Need::Done) {
    out["waiting_for"] = catalogues().render(core::i18n::kFallbackLanguage, prompt_message(b, battle_names()));
    out["waiting_for_message"] = core::i18n::to_json(prompt_message(b, battle_names()));
    if (const int die = current_die(b); die >= 0 && (need(b) == Need::Hit || need(b) == Need::Escort))
      out["assigning"] = colour_name(b.batch[at(die)].face);  // the colour whose hit is being assigned
  }
  return out;
}

// Between Active regions: the last one resolved, its board as the Battle Debrief left it.
nlohmann::json Game::last_battle_json(const State& v) const {
  if (v.fight.region != kNoRegion || v.fight.fought == kNoRegion || v.battle.kind == BattleKind::None) return nullptr;
  return {{"region", region_name(v.fight.fought)},
          {"kind", v.battle.kind == BattleKind::ConvoyRaid ? "convoy-raid" : "battle"},
          {"sides", board_sides(v)},
          {"legend", dice_legend(*data_)},
          {"over", true}};
}

namespace {

// A prompt's count where the step has one: a penalty's payment "1 of 3" (Phase 6 > Stress Zone
// Penalties), the new units still to place (Phase 7 > Step 5).
core::i18n::Message step_what(const State& s, core::i18n::Message prompt) {
  const Step& st = s.steps.top();
  const auto payment = [&](auto p) {
    return prompt.with("n", std::to_string(p.owed_at_first - p.owed + 1)).with("total", std::to_string(p.owed_at_first));
  };
  if (st.is<step::BluePay>()) return payment(st.as<step::BluePay>());
  if (st.is<step::Desert>()) return payment(st.as<step::Desert>());
  if (st.is<step::Place>()) {
    const auto& buy = s.sheet[st.as<step::Place>().nation].buy;
    return prompt.with("left", text::counted("warroom.count.unit", std::accumulate(buy.begin(), buy.end(), 0)));
  }
  return prompt;
}

}  // namespace

// The phase line (Rally the Troops' step table, game.cpp): the round, the rulebook heading and
// what the acting nations are asked ("warroom.prompt.<step>"), or the end of the game.
core::i18n::Message Game::phase_message(const State& s) const {
  using text::key;
  const Step& st = s.steps.top();
  if (st.id == StepId::GameOver) {
    // Victory Check: which of the scenario's regions the winners hold ("GER holds R1 Moscow").
    if (s.winner == 1 || s.winner == 2) {
      const int side = s.winner - 1;
      std::vector<core::i18n::Message> held;
      for (const VictoryTerm& t : scenario_->victory[at(side)].all_of)
        for (RegionId r : t.of)
          if (const Nation n = s.region[r].controller; n != kNoNation && static_cast<int>(alliance_of(n)) == side)
            held.push_back(key("warroom.phase.holds")
                               .with("nation", nation_name(n))
                               .with("region", data_->region(r).id + " " + data_->region(r).name));
      return key(s.winner == 1 ? "warroom.phase.allied_won" : "warroom.phase.axis_won").with("held", text::listed(held));
    }
    if (s.winner == kBothLose) return key("warroom.phase.both_lose");
    return key("warroom.phase.stopped").with("round", std::to_string(s.round));
  }
  std::vector<core::i18n::Message> who;
  if (node_kind(s) == core::NodeKind::Decision) who.push_back(text::nation(step_nation(st)));
  if (node_kind(s) == core::NodeKind::Simultaneous)
    for (core::Seat p = 0; p < seat_count(); ++p)
      for (Nation n : kAllNations)
        if (acting_nations(s, p).test(n)) who.push_back(text::nation(n));
  const core::i18n::Message nations = text::listed(who);
  const std::string_view rule = step_rule(st.id);
  const core::i18n::Message where =
      rule.starts_with("Phase") ? core::i18n::Message::plain(std::string(rule))
                                : key("warroom.phase.where").with("phase", std::to_string(s.phase)).with("heading", std::string(rule));
  const auto line = [&](core::i18n::Message what) {
    return key("warroom.phase.line").with("round", std::to_string(s.round)).with("where", where).with("what", std::move(what));
  };
  const auto in_battle = [&](core::i18n::Message what) {
    return key("warroom.phase.battle_line")
        .with("round", std::to_string(s.round))
        .with("where", where)
        .with("region", region_message(s.fight.region))
        .with("what", std::move(what));
  };
  if (st.id == StepId::BattleDie) return in_battle(key("warroom.battle.ask_die"));
  if (node_kind(s) == core::NodeKind::Chance) return line(key("warroom.phase.draw"));
  if (st.id == StepId::BattleChoice) return in_battle(prompt_message(s.battle, battle_names()));
  return line(step_what(s, key(step_prompt(st.id)).with("nation", nations)));
}

std::string Game::phase_text(const State& s) const { return catalogues().render(core::i18n::kFallbackLanguage, phase_message(s)); }

nlohmann::json Game::view_json(const State& v, std::optional<core::Seat> seat) const {
  const Data& d = *data_;
  const core::Seat viewer = seat ? *seat : core::kSpectator;
  nlohmann::json nations = nlohmann::json::array();
  for (Nation n : kAllNations) {
    const NationState& ns = v.nation[n];
    if (!ns.in_play) continue;
    const Sheet& sh = v.sheet[n];
    nlohmann::json orders = nullptr, bid = nullptr, purchases = nullptr, purchase = nullptr;
    if (!is_hidden(*this, v, viewer, n, Secret::Orders)) {
      orders = nlohmann::json::array();
      for (int b = 0; b < order_limit(n); ++b) {
        const Order& o = sh.box[at(b)];
        if (o.status == kEmpty)
          orders.push_back(nullptr);
        else {
          nlohmann::json order = {{"command", o.command},
                                  {"to", region_name(o.dest)},
                                  {"status", o.status == kWritten    ? "written"
                                             : o.status == kExecuted ? "executed"
                                                                     : "cancelled"}};
          if (o.stopped_short()) {  // where, and why
            order["stopped"] = {{"in", region_name(o.end)}, {"why", o.rail_stop ? "rail" : "short"}};
            if (o.why_rail_short() != RailShort::None) order["stopped"]["reason"] = rail_short_id(o.why_rail_short());
          }
          if (o.status == kCancelled && o.why_cancelled() != CancelReason::None)  // why: its owner, or the rule (ruling 24, ...)
            order["cancelled"] = cancel_reason_id(o.why_cancelled());
          if (o.status == kWritten &&
              !(v.pin.box == b + 1 && v.pin.nation == n))  // would it arrive on the map as it stands (the destinations' words)
            if (nlohmann::json outlook = outlook_json(*this, order_outlook({*this, v}, n, o.command, o.dest)); !outlook.is_null())
              order["outlook"] = std::move(outlook);
          orders.push_back(order);
        }
      }
    }
    if (!is_hidden(*this, v, viewer, n, Secret::Bid)) bid = sh.bid;
    if (!is_hidden(*this, v, viewer, n, Secret::Purchases)) {
      purchases = nlohmann::json::object();
      for (int t = 0; t < kUnitTypes; ++t)
        if (sh.buy[type_at(t)]) purchases[unit_text(t)] = sh.buy[type_at(t)];
      if (sh.goods)
        purchases["goods"] = {{"count", sh.goods}, {"oil", sh.goods_paid[0]}, {"iron", sh.goods_paid[1]}, {"osr", sh.goods_paid[2]}};
      if (v.steps.top().id == StepId::Purchases) purchase = purchase_json(*this, v, n);
    }
    nlohmann::json casualties = nlohmann::json::object();
    for (int t = 0; t < kUnitTypes; ++t)
      if (ns.casualties[type_at(t)]) casualties[unit_text(t)] = ns.casualties[type_at(t)];
    nations.push_back({{"id", nation_name(n)},
                       {"seat", seat_name(seat_of(n))},
                       {"alliance", alliance_id(alliance_of(n))},
                       {"oil", ns.res[0]},
                       {"iron", ns.res[1]},
                       {"osr", ns.res[2]},
                       {"stress", ns.stress},
                       {"threshold", threshold(n)},
                       {"threshold_provenance", provenance_id(threshold_provenance(n))},
                       {"medals", ns.medals},
                       {"goods", ns.goods},
                       {"zone", zone_id(static_cast<Zone>(ns.zone))},
                       {"slot", ns.slot},
                       {"collapsed", ns.collapsed},
                       {"casualties", casualties},
                       {"sheet",
                        {{"status", sheet_status(v, n)},
                         {"orders", orders},
                         {"bid", bid},
                         {"purchases", purchases},
                         {"purchase", purchase},
                         {"selected", orders.is_null() || !sh.selected ? nlohmann::json(nullptr) : nlohmann::json(sh.selected)}}}});
  }
  nlohmann::json turn_order = nlohmann::json::array();
  for (Nation n : v.turn_order)
    if (n != kNoNation && v.nation[n].slot) turn_order.push_back(nation_name(n));
  nlohmann::json regions = nlohmann::json::array(), commands = nlohmann::json::array(), construction = nlohmann::json::array();
  for (const Region& r : d.regions) {
    if (!scenario_->in_play.test(r.rid) || !r.is_territory()) continue;
    const RegionState& rs = v.region[r.rid];
    regions.push_back({{"id", r.id},
                       {"controller", rs.controller == kNoNation ? nlohmann::json(nullptr) : nlohmann::json(nation_name(rs.controller))},
                       {"bombs", rs.bombs},
                       {"embattled", embattled(CCtx{*this, v}, r.rid)},
                       {"active", (rs.flags & kActive) != 0}});
  }
  nlohmann::json seas = nlohmann::json::array();  // the sea regions in play (ruling 36), for the map
  for (const Region& r : d.regions)
    if (r.is_sea() && scenario_->in_play.test(r.rid)) seas.push_back(r.id);
  // Phase 4: the Hotspots (sea regions included) and the carrier fighter tokens.
  nlohmann::json hotspots = nlohmann::json::array(), tokens = nlohmann::json::array();
  for (const Region& r : d.regions)
    if (r.rid != kNoRegion && (v.region[r.rid].flags & kActive)) hotspots.push_back(r.id);
  for (Nation n : kAllNations)
    for (const Region& r : d.regions)
      if (const int count = r.rid != kNoRegion ? v.fighter_tokens.count(n, r.rid) : 0)
        tokens.push_back({{"nation", nation_name(n)}, {"region", r.id}, {"count", count}});
  for (Nation n : kAllNations)
    for (int number = 1; number <= kMaxCommandNumber; ++number) {
      const Command& c = v.command[n][at(number)];
      if (c.region == kNoRegion) continue;
      const Category cat = command_category(d, n, number);
      commands.push_back({{"nation", nation_name(n)},
                          {"number", number},
                          {"category", category_id(cat)},
                          {"region", region_name(c.region)},
                          {"units", units_json(c, cat)},
                          {"landing_tag", (c.flags & kLandingTag) != 0}});
    }
  for (int i = 0; i < industries(); ++i) {
    const Construction& k = v.construction[at(i)];
    nlohmann::json units = nlohmann::json::object();
    for (int t = 0; t < kUnitTypes; ++t)
      if (k.n[type_at(t)]) units[unit_text(t)] = k.n[type_at(t)];
    if (units.empty()) continue;
    const RegionId r = industry_region(i);
    const Nation owner = v.region[r].controller;
    nlohmann::json plan = nullptr;
    if (owner != kNoNation && !is_hidden(*this, v, viewer, owner, Secret::Plan) && v.steps.top().id == StepId::DeployPlans) {
      plan = {{"hold", nlohmann::json::object()}, {"to_sea", nlohmann::json::array()}};
      for (int t = 0; t < kUnitTypes; ++t)
        if (k.hold[type_at(t)]) plan["hold"][unit_text(t)] = k.hold[type_at(t)];
      for (int t = kSub; t <= kBb; ++t)
        for (int p = 0; p < d.region(r).port_count; ++p)
          if (k.to_sea[at(slot_of(t))][at(p)])
            plan["to_sea"].push_back(
                {{"unit", unit_text(t)}, {"sea", region_name(d.region(r).port_seas[at(p)])}, {"count", k.to_sea[at(slot_of(t))][at(p)]}});
    }
    construction.push_back({{"region", region_name(r)}, {"units", units}, {"plan", plan}});
  }
  nlohmann::json confirm = nlohmann::json::object();
  const bool deciding = node_kind(v) == core::NodeKind::Simultaneous || node_kind(v) == core::NodeKind::Decision;
  if (seat && deciding && (acting_seats(v) & core::seat_bit(*seat))) {  // a secret step's writers, or Phase 6's nation
    core::ActionList legal;
    legal_actions(v, *seat, legal);
    confirm = done_confirmations(*this, v, *seat, legal);
  }
  // Phase 3: why the seat's next order offers only `cancel` (its pin, its rails, its range).
  std::string why;
  if (seat && v.steps.top().is<step::MovementTurn>() && seat_nations(*seat).test(v.steps.top().as<step::MovementTurn>().nation))
    why = order_blocked_why(CCtx{*this, v}, v.steps.top().as<step::MovementTurn>().nation);
  return {{"scenario", scenario_->id},
          {"players", seat_table_->players},
          {"seats_project_option", seat_table_->project_option},
          {"round", v.round},
          {"phase", v.phase},
          {"phase_number", v.phase},
          {"pass", v.pass},
          {"step", step_name(v.steps.top().id)},
          {"rule", step_rule(v.steps.top().id)},
          {"nations", nations},
          {"turn_order", turn_order},
          {"regions", regions},
          {"commands", commands},
          {"construction", construction},
          {"seas", seas},
          {"hotspots", hotspots},
          {"carrier_fighters", tokens},
          {"battle", battle_json(v)},
          {"last_battle", last_battle_json(v)},
          {"action_notes", seat ? action_notes(v, *seat) : nlohmann::json::object()},
          {"destinations", seat ? destinations_json(v, *seat) : nlohmann::json::object()},
          {"action_confirm", confirm},
          {"carry_out", seat ? carry_out_json(*this, v, *seat) : nlohmann::json(nullptr)},
          {"options_why", why.empty() ? nlohmann::json(nullptr) : nlohmann::json{{"text", why}}},
          {"options_why_message", why.empty() ? nlohmann::json(nullptr) : core::i18n::to_json(core::i18n::Message::plain(why))},
          {"winner", v.winner == 1           ? nlohmann::json("allied")
                     : v.winner == 2         ? nlohmann::json("axis")
                     : v.winner == kBothLose ? nlohmann::json("both-lose")
                                             : nlohmann::json(nullptr)},
          {"victory", victory_json(*this, v)},
          {"map_notice", d.map_notice}};
}

std::string Game::board_text(const State& v, std::optional<core::Seat> seat) const {
  return board_text(v, seat, core::i18n::kFallbackLanguage);
}

// The board's table is in English but for a cancelled order's reason; its phase line is in `language`.
std::string Game::board_text(const State& v, std::optional<core::Seat> seat, std::string_view language) const {
  std::string out =
      board_head(v, language) + victory_text(victory_json(*this, v)) + nations_text(v, seat, language) + under_way_text(v, seat);
  // Every nation's Commands, a line per region with the region's name: the stacks stand on the open
  // World Map, so each player sees the enemy's as well as its own (Game Components › Command Stack).
  // The seat's own nations come first.
  for (const bool own : {true, false})
    for (Nation n : kAllNations)
      if (v.nation[n].in_play && own == (seat && seat_nations(*seat).test(n))) out += commands_text(v, n);
  return out;
}

// The board beside each decision in the terminal: the scenario (its name says when it is the
// project's) and round, who holds the victory regions now, the nations' table with the seat's sheet, what is under way (a battle, units to
// place) and the region in question -- where the seat's selected Command stands, with every Command there -- instead of every nation's
// Commands, the victory terms and the map's notice, which `board` shows.
std::string Game::compact_board_text(const State& v, std::optional<core::Seat> seat, std::string_view language) const {
  const std::string victory = victory_text(victory_json(*this, v));
  std::string out = fmt::format("War Room — {} — round {}; {}", scenario_->name, v.round, victory.substr(victory.find('\n') + 1)) +
                    nations_text(v, seat, language) + under_way_text(v, seat);
  if (v.fight.region == kNoRegion && seat)
    for (Nation n : kAllNations)
      if (seat_nations(*seat).test(n) && v.sheet[n].selected) {
        const RegionId r = v.command[n][at(v.sheet[n].selected)].region;
        if (r != kNoRegion) out += region_text(v, r);
      }
  return out + "(board: the victory terms, every nation's Commands, the map's notice)\n";
}

// The board's first lines: the scenario and phase, the seat table's note, the map's notice.
std::string Game::board_head(const State& v, std::string_view language) const {
  std::string out = fmt::format("War Room — {} — {}\n", scenario_->name, catalogues().render(language, phase_message(v)));
  if (seat_table_->project_option)  // ruling 89
    out += fmt::format("{} seats, one nation each: the project's option, not one of the rulebook's seat tables\n", seat_table_->players);
  return out + fmt::format("{}\n", data_->map_notice);
}

// The turn order and a line per nation: resources, Stress, Medals, Goods, zone, forces and its sheet
// as far as the seat may see it.
std::string Game::nations_text(const State& v, std::optional<core::Seat> seat, std::string_view language) const {
  const core::Seat viewer = seat ? *seat : core::kSpectator;
  std::string out, order;
  for (Nation n : v.turn_order)
    if (n != kNoNation && v.nation[n].slot) order += (order.empty() ? "" : ", ") + nation_name(n);
  if (!order.empty()) out += "Turn order: " + order + "\n";
  out += "nation  oil iron  osr  stress/thr medals goods zone    commands units  sheet\n";
  for (Nation n : kAllNations) {
    const NationState& ns = v.nation[n];
    if (!ns.in_play) continue;
    int commands = 0, units = 0;
    for (const Command& c : v.command[n])
      if (c.region != kNoRegion) ++commands, units += units_in(c);
    const Sheet& sh = v.sheet[n];
    std::string sheet = sheet_status(v, n);
    if (v.phase == 7) {  // Phase 7 › Step 3. Note Purchase of Units: the chart's purchases, not the round's orders and bid
      if (!is_hidden(*this, v, viewer, n, Secret::Purchases) && v.steps.top().id == StepId::Purchases) sheet += purchases_text(sh);
    } else if (!is_hidden(*this, v, viewer, n, Secret::Orders)) {
      std::string orders;
      for (int b = 0; b < kMaxOrders; ++b) {
        const Order& o = sh.box[at(b)];
        if (o.status != kEmpty) orders += fmt::format(" {}:{}>{}{}", b + 1, o.command, region_name(o.dest), order_mark(*this, language, o));
      }
      if (!orders.empty()) sheet += " orders" + orders;
      if (sh.selected) sheet += fmt::format(" [selected {}]", sh.selected);
    }
    if (!is_hidden(*this, v, viewer, n, Secret::Bid) && v.phase >= 2 && v.phase != 7) sheet += fmt::format(" bid {}", sh.bid);
    out += fmt::format("{:<6} {:>4} {:>4} {:>4}  {:>4}/{:<4} {:>6} {:>5} {:<7} {:>8} {:>5}  {}{}\n", nation_name(n), ns.res[0], ns.res[1],
                       ns.res[2], ns.stress, threshold(n), ns.medals, ns.goods, zone_id(static_cast<Zone>(ns.zone)), commands, units, sheet,
                       ns.collapsed ? " COLLAPSED" : "");
  }
  return out;
}

// What is under way: units under Industry tokens, the Battle Status Board (Phase 4), revealed
// purchases before they are placed.
std::string Game::under_way_text(const State& v, std::optional<core::Seat> seat) const {
  const core::Seat viewer = seat ? *seat : core::kSpectator;
  std::string out, building;
  for (int i = 0; i < industries(); ++i) {
    const Construction& k = v.construction[at(i)];
    std::string units;
    for (int t = 0; t < kUnitTypes; ++t)
      if (k.n[type_at(t)]) units += fmt::format(" {} {}", k.n[type_at(t)], unit_text(t));
    const RegionId r = industry_region(i);
    if (!units.empty()) building += fmt::format("  {}({}):{}", region_name(r), nation_name(v.region[r].controller), units);
  }
  if (!building.empty()) out += "Under Industry tokens:" + building + "\n";
  if (v.fight.region != kNoRegion) {  // Phase 4: the Battle Status Board, a line per side and one per row
    out += fmt::format("Battle in {} {}:\n", region_name(v.fight.region), data_->region(v.fight.region).name);
    const Battle& b = v.battle;
    for (int side = 0; side < kSides; ++side) {
      std::string rows;
      for (int i = 0; i < b.row_count[at(side)]; ++i) {
        const Row& r = b.rows[at(side)][at(i)];
        for (Nation n : kAllNations)
          if (r.alive(n) || r.eliminated[n])
            rows += fmt::format("\n    {} {} {}: {} fresh {} light {} damaged {} eliminated", nation_name(n), battle_type_[r.type],
                                battle_stance_[r.type][r.stance], r.fresh[n], r.light[n], r.damaged == n ? 1 : 0, r.eliminated[n]);
      }
      out +=
          fmt::format("  {} (Commander {}), {} to roll:{}\n", side == 0 ? "Allied Forces" : "Axis",
                      v.fight.commander[at(side)] == kNoNation ? std::string("-") : nation_name(v.fight.commander[at(side)]),
                      catalogues().render(core::i18n::kFallbackLanguage, text::counted("warroom.count.die", dice_in_pool(b, side))), rows);
    }
  }
  for (Nation n : kAllNations) {  // the purchase panel's totals, on the seat's own chart
    if (v.steps.top().id != StepId::Purchases) break;
    if (!v.nation[n].in_play || is_hidden(*this, v, viewer, n, Secret::Purchases)) continue;
    const nlohmann::json p = purchase_json(*this, v, n);
    const auto res = [](const nlohmann::json& r) {
      return fmt::format("{} oil {} iron {} OSR", r["oil"].get<int>(), r["iron"].get<int>(), r["osr"].get<int>());
    };
    const int placing = p["placing"]["naval"].get<int>() + p["placing"]["other"].get<int>() + p["placing"]["inf"].get<int>();
    out += fmt::format(
        "{} purchases cost {}; left after them {}; units to place {} (naval {}), room under Industry tokens {} (ports {}){}\n",
        nation_name(n), res(p["spent"]), res(p["left"]), placing, p["placing"]["naval"].get<int>(), p["room"]["units"].get<int>(),
        p["room"]["naval"].get<int>(),
        p["room"]["mobilization"].get<int>() ? fmt::format(", infantry mobilizable {}", p["room"]["mobilization"].get<int>()) : "");
  }
  for (Nation n : kAllNations) {  // revealed purchases, before they are placed
    if (v.steps.top().id == StepId::Purchases) break;
    const Sheet& sh = v.sheet[n];
    if (!v.nation[n].in_play || is_hidden(*this, v, viewer, n, Secret::Purchases)) continue;
    const std::string bought = units_bought(sh);
    if (!bought.empty()) out += fmt::format("{} to place:{}\n", nation_name(n), bought);
  }
  return out;
}

// Every nation's Commands in one region: "G8 Belarus: USSR 37(4 inf 2 art) 38(3 inf) · GER 12(2 arm)".
std::string Game::region_text(const State& v, RegionId r) const {
  std::string out;
  for (Nation n : kAllNations) {
    std::string stacks;
    for (int number = 1; number <= kMaxCommandNumber; ++number)
      if (v.command[n][at(number)].region == r) stacks += fmt::format(" {}({})", number, stack_units(*data_, v, n, number));
    if (!stacks.empty()) out += fmt::format("{}{}{}", out.empty() ? "" : " ·", " " + nation_name(n), stacks);
  }
  return fmt::format("{} {}:{}\n", region_name(r), data_->region(r).name, out.empty() ? " no Commands" : out);
}

// A nation's Commands, a line per region: "G8 Belarus:  37(4 inf 2 art)  38(3 inf)".
std::string Game::commands_text(const State& v, Nation n) const {
  RegionArray<std::string> by_region;
  for (int number = 1; number <= kMaxCommandNumber; ++number)
    if (const RegionId r = v.command[n][at(number)].region; r != kNoRegion)
      by_region[r] += fmt::format("  {}({})", number, stack_units(*data_, v, n, number));
  std::string out;
  for (RegionId r : data_->regions.ids())
    if (!by_region[r].empty()) out += fmt::format("  {} {}:{}\n", region_name(r), data_->region(r).name, by_region[r]);
  return out.empty() ? out : fmt::format("{} Commands:\n{}", nation_name(n), out);
}

}  // namespace warroom
