// Loading and validating data/warroom/scenarios.json (War Room Scenarios; design §3.7, §3.8).
#include <algorithm>
#include <set>

#include "warroom/data_reader.h"

namespace warroom::detail {

namespace {

NationSet nation_set(const Node& n, const char* key) {
  NationSet bits;
  for (const std::string& id : n.strings(key)) {
    auto nat = nation_from_id(id);
    if (!nat) n.fail(key, fmt::format("unknown nation \"{}\"", id));
    if (bits.test(*nat)) n.fail(key, fmt::format("{} listed twice", id));
    bits.set(*nat);
  }
  return bits;
}

RegionId region_ref(const Node& n, const char* field, const std::string& id, const Data& data) {
  const RegionId r = data.find_region(id);
  if (r == kNoRegion) n.fail(field, fmt::format("unknown region \"{}\"", id));
  return r;
}

// Seat tables: every scenario nation in exactly one seat, or marked "X?" in two or more seats of
// which the game's creator picks one (ruling 90); a seat holds one alliance only.
std::vector<SeatTable> read_seats(const Node& sc, const Data& data, NationSet nations) {
  std::vector<SeatTable> out;
  for (const Node& t : sc.array("seats")) {
    t.allow({"players", "seats", "project_option", "source"});
    SeatTable table;
    table.players = static_cast<std::uint8_t>(t.integer("players", 1, 8));
    table.project_option = t.opt_boolean("project_option", false);
    const json& seats = t.at("seats");
    if (!seats.is_array() || seats.size() != table.players) t.fail("seats", "must list one nation list per player");
    NationSet fixed, optional;
    for (const json& s : seats) {
      SeatPlan plan;
      if (!s.is_array() || s.empty()) t.fail("seats", "each seat is a non-empty list of nations");
      for (const json& id : s) {
        std::string name = id.is_string() ? id.get<std::string>() : "";
        const bool opt = !name.empty() && name.back() == '?';
        if (opt) name.pop_back();
        auto nat = nation_from_id(name);
        if (!nat) t.fail("seats", fmt::format("unknown nation \"{}\"", id.dump()));
        if (!nations.test(*nat)) t.fail("seats", fmt::format("{} is not in the scenario", name));
        (opt ? plan.optional : plan.nations).set(*nat);
        if (!opt && fixed.test(*nat)) t.fail("seats", fmt::format("{} is in two seats", name));
        (opt ? optional : fixed).set(*nat);
      }
      int alliances = 0;
      for (Alliance a : {Alliance::Allied, Alliance::Axis}) {
        bool any = false;
        for (Nation n : kAllNations)
          if ((plan.nations | plan.optional).test(n) && data.nation(n).alliance == a) any = true;
        alliances += any;
      }
      if (alliances != 1) t.fail("seats", "a seat holds nations of one alliance only");
      table.seats.push_back(plan);
    }
    if ((fixed | optional) != nations || (fixed & optional).any())
      t.fail("seats", "every scenario nation must sit in exactly one seat (or be marked \"?\" in the seats that may take it)");
    for (Nation n : kAllNations)
      if (optional.test(n)) {
        int count = 0;
        for (const SeatPlan& p : table.seats) count += p.optional.test(n);
        if (count < 2) t.fail("seats", fmt::format("{}? must be offered to at least two seats", nation_id(n)));
      }
    if (!out.empty() && out.back().players >= table.players) t.fail("players", "seat tables go by ascending players");
    out.push_back(std::move(table));
  }
  return out;
}

VictoryCondition read_victory(const Node& v, const char* key, const Data& data) {
  VictoryCondition out;
  for (const Node& term : v.array(key)) {
    term.allow({"control_at_least", "control_all", "of"});
    VictoryTerm t;
    if (term.has("control_all")) {
      if (term.has("control_at_least") || term.has("of")) term.fail("control_all", "stands alone");
      for (const std::string& id : term.strings("control_all")) t.of.push_back(region_ref(term, "control_all", id, data));
      t.at_least = static_cast<std::uint8_t>(t.of.size());
    } else {
      for (const std::string& id : term.strings("of")) t.of.push_back(region_ref(term, "of", id, data));
      t.at_least = static_cast<std::uint8_t>(term.integer("control_at_least", 1, static_cast<int>(t.of.size())));
    }
    if (t.of.empty()) term.fail("of", "must name regions");
    out.all_of.push_back(std::move(t));
  }
  if (out.all_of.empty()) v.fail(key, "must have at least one term");
  return out;
}

// Territory Cards in play: per card holder, "all", {"except": [...]} or {"only": [...]}; "neutrals" alike.
void read_cards(const Node& sc, const Data& data, Scenario& s) {
  const Node cards = sc.child("cards");
  for (const auto& [holder, spec] : cards.value().items()) {
    const bool neutrals = holder == "neutrals";
    const std::optional<Nation> nat = nation_from_id(holder);
    if (!neutrals && !nat) cards.fail(holder, "must be a nation id or \"neutrals\"");
    if (nat && !s.has(*nat)) cards.fail(holder, "the nation is not in the scenario");
    auto holds = [&](const Region& r) { return r.is_territory() && (neutrals ? r.neutral.has_value() : r.owner == *nat); };
    const Node c(spec, cards.where() + ": " + holder);
    std::set<RegionId> listed;
    if (spec.is_string()) {
      if (spec.get<std::string>() != "all") cards.fail(holder, "must be \"all\", {\"except\": [...]} or {\"only\": [...]}");
    } else {
      c.allow({"except", "only"});
      if (c.has("except") == c.has("only")) cards.fail(holder, "give exactly one of \"except\" and \"only\"");
      const char* key = c.has("except") ? "except" : "only";
      for (const std::string& id : c.strings(key)) {
        const RegionId r = region_ref(c, key, id, data);
        if (!holds(data.region(r))) c.fail(key, fmt::format("{} is not a card of {}", id, holder));
        listed.insert(r);
      }
    }
    const bool only = spec.is_object() && c.has("only");
    for (const Region& r : data.regions)
      if (holds(r) && (only ? listed.count(r.rid) == 1 : listed.count(r.rid) == 0)) s.in_play.set(r.rid);
  }
}

SetupCommand read_command(const Node& n, const Data& data, const Scenario& s) {
  n.allow({"nation", "number", "region", "units", "provenance", "source", "stated"});
  SetupCommand c;
  c.nation = n.nation("nation");
  if (!s.has(c.nation)) n.fail("nation", "not in the scenario");
  c.region = region_ref(n, "region", n.str("region"), data);
  c.units = n.unit_counts("units", 8);
  int total = 0;
  std::optional<Category> category;
  for (int k = 0; k < kUnitTypes; ++k) {
    if (!c.units[type_at(k)]) continue;
    total += c.units[type_at(k)];
    const Category cat = data.unit(type_at(k)).category;
    if (category && *category != cat) n.fail("units", "a Command holds units of one category (Command Stack)");
    category = cat;
  }
  if (total == 0 || total > 8) n.fail("units", "a Command holds 1 to 8 units (Command Stack)");
  c.category = *category;
  const NumberRange pool = data.nation(c.nation).commands[static_cast<std::size_t>(c.category)];
  c.number = static_cast<std::uint8_t>(n.integer("number", 1, 120));
  if (!pool.contains(c.number))
    n.fail("number",
           fmt::format("{} {} Commands are numbered {}..{} (ruling 8)", nation_id(c.nation), category_id(c.category), pool.lo, pool.hi));
  const Region& r = data.region(c.region);
  if (!s.in_play.test(c.region)) n.fail("region", fmt::format("{} is not in play in this scenario", r.id));
  if (c.category == Category::Sea ? !r.is_sea() : !r.is_territory())
    n.fail("region", fmt::format("a {} Command cannot start in {} ({})", category_id(c.category), r.id, region_type_id(r.type)));
  if (r.is_territory()) {
    const Nation holder = s.control[c.region];
    if (holder == kNoNation || data.nation(holder).alliance != data.nation(c.nation).alliance)
      n.fail("region", fmt::format("{} does not start in friendly control", r.id));
  }
  c.origin = n.origin();
  return c;
}

void read_setup(const Node& sc, const Data& data, Scenario& s) {
  s.control.fill(kNoNation);
  for (const Region& r : data.regions) s.control[r.rid] = r.is_territory() && s.in_play.test(r.rid) ? r.owner : kNoNation;
  if (!sc.has("setup")) return;
  const Node setup = sc.child("setup");
  setup.allow({"complete", "control", "commands", "construction", "source"});
  s.setup_complete = setup.boolean("complete");
  if (setup.has("control")) {
    const Node ctl = setup.child("control");
    for (const auto& [id, _] : ctl.value().items()) {
      const RegionId r = region_ref(ctl, id.c_str(), id, data);
      if (!s.in_play.test(r) || !data.region(r).is_territory()) ctl.fail(id, "not a territory in play");
      s.control[r] = ctl.nation(id.c_str());
      if (!s.has(s.control[r])) ctl.fail(id, "the nation is not in the scenario");
    }
  }
  std::set<std::pair<Nation, std::uint8_t>> numbers;
  for (const Node& n : setup.array("commands")) {
    SetupCommand c = read_command(n, data, s);
    if (!numbers.insert({c.nation, c.number}).second)
      n.fail("number", fmt::format("{} Command {} is placed twice", nation_id(c.nation), c.number));
    s.commands.push_back(std::move(c));
  }
  // Ruling 87: no region starts Embattled (land units of both alliances in a territory, naval
  // units of both at sea).
  RegionArray<std::array<bool, kAlliances>> present{};
  for (const SetupCommand& c : s.commands)
    if (c.category != Category::Air) present[c.region][static_cast<std::size_t>(data.nation(c.nation).alliance)] = true;
  for (const Region& r : data.regions)
    if (present[r.rid][0] && present[r.rid][1])
      setup.fail("commands", fmt::format("{} starts Embattled: both alliances have units there (ruling 87)", r.id));
  for (const Node& n : setup.array("construction")) {
    n.allow({"nation", "region", "units", "provenance", "source", "stated"});
    SetupConstruction c{n.nation("nation"), region_ref(n, "region", n.str("region"), data), n.unit_counts("units", 8), n.origin()};
    const Region& r = data.region(c.region);
    if (!r.industry || s.control[c.region] != c.nation)
      n.fail("region", "units under construction sit in an industrial territory of their nation");
    int total = 0;
    for (auto u : c.units) total += u;
    if (total > r.sv) n.fail("units", "at most SV units under construction (Phase 7 › Step 5)");
    s.construction.push_back(std::move(c));
  }
}

void check_scenario(const Node& sc, const Data& data, const Scenario& s) {
  // A nation's capital may be out of play: War in the Pacific leaves out Great Britain and the
  // Eastern United States (War in the Pacific › Territory Cards). Each nation needs some territory.
  for (Nation n : kAllNations) {
    bool any = false;
    for (const Region& r : data.regions) any |= r.is_territory() && s.control[r.rid] == n;
    if (s.has(n) && !any) sc.fail("cards", fmt::format("{} controls no territory in play", nation_id(n)));
  }
  for (const VictoryCondition& v : s.victory)
    for (const VictoryTerm& t : v.all_of)
      for (RegionId r : t.of)
        if (!s.in_play.test(r)) sc.fail("victory", fmt::format("{} is not in play", data.region(r).id));
  for (const Region& r : data.regions)
    if (r.is_sea() && s.in_play.test(r.rid)) {
      bool touches = false;
      for (std::uint8_t i = 0; i < r.degree; ++i) touches |= s.in_play.test(r.adjacent[i]);
      if (!touches) sc.fail("seas", fmt::format("{} touches nothing in play", r.id));
    }
}

Scenario read_scenario(const Node& sc, const Data& data) {
  sc.allow({"id", "name", "nations", "seats", "order_limits", "morale", "trade", "pact", "victory", "cards", "seas", "setup", "value",
            "provenance", "source", "stated"});
  Scenario s;
  s.id = sc.str("id");
  s.name = sc.str("name");
  s.nations = nation_set(sc, "nations");
  s.seat_tables = read_seats(sc, data, s.nations);
  for (Nation n : kAllNations) s.order_limit[n] = s.has(n) ? data.nation(n).order_limit : 0;
  if (sc.has("order_limits")) {
    const Node ol = sc.child("order_limits");
    for (const auto& [id, _] : ol.value().items()) {
      auto n = nation_from_id(id);
      if (!n || !s.has(*n)) ol.fail(id, "not a nation of the scenario");
      s.order_limit[*n] = static_cast<std::uint8_t>(ol.integer(id.c_str(), 1, 9));
    }
  }
  const std::string morale = sc.str("morale");
  if (morale != "front" && morale != "reverse") sc.fail("morale", "must be \"front\" or \"reverse\"");
  s.morale = morale == "front" ? BoardSide::Front : BoardSide::Reverse;
  s.trade = sc.boolean("trade");
  s.pact = sc.boolean("pact");
  if (s.pact && !(s.has(USSR) && s.has(JPN))) sc.fail("pact", "the pact needs both the USSR and Japan");
  const Node v = sc.child("victory");
  v.allow({"allied", "axis"});
  s.victory[static_cast<std::size_t>(Alliance::Allied)] = read_victory(v, "allied", data);
  s.victory[static_cast<std::size_t>(Alliance::Axis)] = read_victory(v, "axis", data);
  read_cards(sc, data, s);
  const std::vector<std::string> seas = sc.strings("seas");
  if (seas.size() == 1 && seas[0] == "all") {
    for (const Region& r : data.regions)
      if (r.is_sea()) s.in_play.set(r.rid);
  } else {
    for (const std::string& id : seas) {
      const RegionId r = region_ref(sc, "seas", id, data);
      if (!data.region(r).is_sea()) sc.fail("seas", fmt::format("{} is not a sea region", id));
      s.in_play.set(r);
    }
  }
  // The Sahara and the Himalayas are flown over, never entered (ruling 32): in play where they
  // touch a territory in play.
  for (const Region& r : data.regions)
    if (r.type == RegionType::Impassable)
      for (std::uint8_t i = 0; i < r.degree; ++i)
        if (data.region(r.adjacent[i]).is_territory() && s.in_play.test(r.adjacent[i])) s.in_play.set(r.rid);
  if (sc.has("value")) {
    const Node w = sc.child("value");
    w.allow({"victory", "units", "sv", "source"});
    w.str("source");  // how the weights were fitted
    s.value = ValueWeights{w.number("victory", -100, 100), w.number("units", -100, 100), w.number("sv", -100, 100)};
  }
  s.origin = sc.origin();
  read_setup(sc, data, s);
  check_scenario(sc, data, s);
  return s;
}

}  // namespace

void load_scenarios(const Document& doc, Data& data) {
  const Node root = doc.node();
  root.allow({"kind", "scenarios"});
  Ids ids("scenario");
  for (const Node& sc : root.array("scenarios")) {
    ids.add(sc, 16);
    data.scenarios.push_back(read_scenario(sc, data));
  }
  if (data.scenarios.empty()) root.fail("scenarios", "must not be empty");
}

}  // namespace warroom::detail
