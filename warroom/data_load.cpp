// Loading and validating data/warroom/*.json (docs/warroom/data.md): names, nations, units and
// morale; the map and the scenarios are in data_map.cpp and data_scenarios.cpp.
#include <algorithm>
#include <cstdlib>

#include "warroom/data_reader.h"
#include "warroom/i18n_text.h"

namespace warroom {

using namespace detail;

namespace {

constexpr std::array<std::string_view, kNations> kNationIds = {"CHN", "BC", "USSR", "US", "GER", "ITA", "JPN"};
constexpr std::array<std::string_view, kUnitKinds> kUnitIds = {"inf", "art", "arm", "ftr", "bmb", "sub", "ca", "cv", "bb", "cf"};
constexpr std::array<std::string_view, kNationRules> kNationRuleIds = {"no-oil", "no-trade", "land-never-at-sea", "no-capture-air-naval",
                                                                       "mobilization"};
constexpr std::array<std::string_view, kZones> kZoneIds = {"white", "blue", "yellow", "orange", "red", "gray"};

template <class E, std::size_t N>
std::optional<E> lookup(const std::array<std::string_view, N>& ids, std::string_view id) {
  for (std::size_t i = 0; i < N; ++i)
    if (ids[i] == id) return static_cast<E>(i);
  return std::nullopt;
}

template <class E, std::size_t N>
E named(const Node& n, const char* key, const std::array<std::string_view, N>& ids, const char* what) {
  const std::string s = n.str(key);
  auto v = lookup<E>(ids, s);
  if (!v) n.fail(key, fmt::format("unknown {} \"{}\"", what, s));
  return *v;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Names

std::string_view nation_id(Nation n) { return index(n) < kNations ? kNationIds[core::index_of(n)] : "-"; }
std::optional<Nation> nation_from_id(std::string_view id) { return lookup<Nation>(kNationIds, id); }
std::string_view alliance_id(Alliance a) { return a == Alliance::Allied ? "allied" : "axis"; }
std::string_view unit_id(UnitKind k) { return kUnitIds[static_cast<std::size_t>(index(k))]; }
std::optional<UnitKind> unit_from_id(std::string_view id) { return lookup<UnitKind>(kUnitIds, id); }
std::string_view category_id(Category c) {
  static constexpr std::array<std::string_view, kCategories> ids = {"land", "air", "sea"};
  return ids[static_cast<std::size_t>(c)];
}
std::string_view colour_id(Colour c) {
  static constexpr std::array<std::string_view, kColours> ids = {"yellow", "blue", "green", "red", "black", "white"};
  return ids[static_cast<std::size_t>(c)];
}
std::string_view resource_id(Resource r) {
  static constexpr std::array<std::string_view, kResources> ids = {"oil", "iron", "osr"};
  return ids[static_cast<std::size_t>(r)];
}
std::string_view provenance_id(Provenance p) { return p == Provenance::Rulebook ? "rulebook" : "reconstructed"; }

Provenance Data::casualty_points_provenance() const {
  for (const UnitInfo& u : units)
    if (u.origin.of("casualty_points") == Provenance::Reconstructed) return Provenance::Reconstructed;
  return Provenance::Rulebook;
}
std::string_view nation_rule_id(NationRule r) { return kNationRuleIds[static_cast<std::size_t>(r)]; }
std::string_view special_id(Special s) {
  static constexpr std::array<std::string_view, 4> ids = {"", "escort", "strategic-bombing", "dive"};
  return ids[static_cast<std::size_t>(s)];
}
std::string_view zone_id(Zone z) { return kZoneIds[static_cast<std::size_t>(z)]; }
std::string_view board_side_id(BoardSide s) { return s == BoardSide::Front ? "front" : "reverse"; }
std::string_view region_type_id(RegionType t) {
  static constexpr std::array<std::string_view, 3> ids = {"territory", "sea", "impassable"};
  return ids[static_cast<std::size_t>(t)];
}
std::string_view neutral_type_id(NeutralType t) {
  static constexpr std::array<std::string_view, 3> ids = {"standard", "pro-allied", "pro-axis"};
  return ids[static_cast<std::size_t>(t)];
}
std::string_view edge_kind_id(EdgeKind k) {
  static constexpr std::array<std::string_view, 3> ids = {"land", "coast", "sea"};
  return ids[static_cast<std::size_t>(k)];
}
std::string_view passage_rule_id(PassageRule r) {
  static constexpr std::array<std::string_view, 3> ids = {"all-keys", "key", "key-or-aligned"};
  return ids[static_cast<std::size_t>(r)];
}
std::string_view convoy_kind_id(ConvoyKind k) { return k == ConvoyKind::Coastal ? "coastal" : "trans-ocean"; }

std::uint8_t UnitInfo::stance_index(std::string_view stance_id) const {
  for (std::uint8_t i = 0; i < stances; ++i)
    if (stance[i].id == stance_id) return i;
  return kNone;
}

int Morale::stress_for(int casualty_points) const {
  const CasualtyRow* last = &casualty_chart.front();
  for (const CasualtyRow& r : casualty_chart)
    if (casualty_points >= r.min_cp) last = &r;
  if (last != &casualty_chart.back()) return last->stress;
  return last->stress + (casualty_points - last->min_cp) / beyond_per_cp;
}

const SeatTable* Scenario::seats_for(int players) const {
  for (const SeatTable& t : seat_tables)
    if (t.players == players) return &t;
  return nullptr;
}

RegionId Data::find_region(std::string_view id) const {
  for (const Region& r : regions)
    if (r.id == id) return r.rid;
  return kNoRegion;
}

const Scenario* Data::find_scenario(std::string_view id) const {
  for (const Scenario& s : scenarios)
    if (s.id == id) return &s;
  return nullptr;
}

namespace detail {

// ---------------------------------------------------------------------------------------------
// nations.json

namespace {

NumberRange number_range(const Node& n, const char* key) {
  const json& v = n.at(key);
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer()) n.fail(key, "must be [first, last]");
  const int lo = v[0].get<int>(), hi = v[1].get<int>();
  if (lo < 1 || hi > 120 || lo > hi) n.fail(key, "must be [first, last] with 1 <= first <= last <= 120 (ruling 8)");
  return {static_cast<std::uint8_t>(lo), static_cast<std::uint8_t>(hi)};
}

}  // namespace

void load_nations(const Document& doc, Data& data) {
  const std::vector<Node> entries = doc.node().array("nations");
  if (entries.size() != kNations) doc.node().fail("nations", "must list the 7 nations");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Node& n = entries[i];
    n.allow({"id", "name", "alliance", "order_limit", "capital", "commands", "rules", "buys", "provenance", "source", "stated"});
    NationInfo info;
    info.nation = n.nation("id");
    if (info.nation != kAllNations[i]) n.fail("id", fmt::format("must be {} (the rulebook's order)", kNationIds[i]));
    info.id = n.str("id");
    info.name = n.str("name");
    const std::string alliance = n.str("alliance");
    if (alliance != "allied" && alliance != "axis") n.fail("alliance", "must be \"allied\" or \"axis\"");
    info.alliance = alliance == "allied" ? Alliance::Allied : Alliance::Axis;
    info.order_limit = static_cast<std::uint8_t>(n.integer("order_limit", 1, 9));
    info.capital = data.find_region(n.str("capital"));
    if (info.capital == kNoRegion) n.fail("capital", fmt::format("unknown region \"{}\"", n.str("capital")));
    if (!data.region(info.capital).is_territory()) n.fail("capital", "must be a territory");
    if (data.region(info.capital).capital_of != info.nation)
      n.fail("capital", fmt::format("{} is not marked capital_of {} in map.json", n.str("capital"), info.id));
    const Node c = n.child("commands");
    c.allow({"sea", "air", "land"});
    info.commands[static_cast<std::size_t>(Category::Sea)] = number_range(c, "sea");
    info.commands[static_cast<std::size_t>(Category::Air)] = number_range(c, "air");
    info.commands[static_cast<std::size_t>(Category::Land)] = number_range(c, "land");
    for (const std::string& r : n.strings("rules")) {
      auto rule = lookup<NationRule>(kNationRuleIds, r);
      if (!rule) n.fail("rules", fmt::format("unknown nation rule \"{}\"", r));
      info.rules |= static_cast<std::uint8_t>(1u << static_cast<int>(*rule));
    }
    for (const std::string& u : n.strings("buys")) {
      auto k = unit_from_id(u);
      if (!k || *k == UnitKind::CarrierFighter) n.fail("buys", fmt::format("unknown unit type \"{}\"", u));
      info.buys |= static_cast<std::uint16_t>(1u << index(*k));
    }
    info.origin = n.origin();
    const Nation id = info.nation;  // the rulebook's order, checked above
    data.nations[id] = std::move(info);
  }
  for (Nation nat : kAllNations)
    for (const Region& r : data.regions)
      if (r.capital_of == nat && r.rid != data.nations[nat].capital)
        doc.node().fail(fmt::format("map.json marks {} capital_of {}, but nations.json names {}", r.id, nation_id(nat),
                                    data.region(data.nations[nat].capital).id));
}

// ---------------------------------------------------------------------------------------------
// units.json

namespace {

Stance read_stance(const Node& n, Category category) {
  n.allow({"id", "name", "air_dice", "surface_dice", "steps", "light_box", "white_triangle", "special", "raid_dice", "provenance", "source",
           "stated"});
  Stance s;
  s.id = n.str("id");
  s.name = n.str("name");
  s.air_dice = static_cast<std::uint8_t>(n.integer("air_dice", 0, 6));
  s.surface_dice = static_cast<std::uint8_t>(n.integer("surface_dice", 0, 6));
  s.steps = static_cast<std::uint8_t>(n.integer("steps", 1, 3));
  s.light_box = n.opt_boolean("light_box", false);
  s.white_triangle = n.boolean("white_triangle");
  const std::string special = n.opt_str("special");
  if (special == "escort")
    s.special = Special::Escort;
  else if (special == "strategic-bombing")
    s.special = Special::StrategicBombing;
  else if (special == "dive")
    s.special = Special::Dive;
  else if (!special.empty())
    n.fail("special", "must be \"escort\", \"strategic-bombing\" or \"dive\"");
  s.raid_dice = static_cast<std::uint8_t>(n.opt_integer("raid_dice", 1, 6, 0));
  if ((s.special == Special::StrategicBombing) != (s.raid_dice > 0)) n.fail("raid_dice", "given exactly for the strategic-bombing stance");
  if (s.light_box && s.steps < 3) n.fail("light_box", "needs 3 steps: light, damaged, eliminated");
  // Battle Status Positions: DIVE is a damaged box without the white triangle.
  if (s.special == Special::Dive && s.white_triangle) n.fail("white_triangle", "DIVE takes no white hits");
  if (s.steps >= 2 && s.special != Special::Dive && !s.white_triangle)
    n.fail("white_triangle", "every DAMAGED box has the white triangle (Battle Status Positions)");
  if (category == Category::Land && s.air_dice > 0 && s.surface_dice == 0)
    n.fail("surface_dice", "a land stance rolls in the Surface stage");
  s.origin = n.origin();
  return s;
}

}  // namespace

void load_units(const Document& doc, Data& data) {
  const Node root = doc.node();
  root.allow({"kind", "units", "goods"});
  const std::vector<Node> entries = root.array("units");
  if (entries.size() != kUnitKinds) root.fail("units", "must list the 9 unit types and the carrier fighter token");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Node& n = entries[i];
    n.allow({"id", "name", "category", "colour", "cost", "buildable", "casualty_points", "move", "transport_move", "landing_move",
             "stances", "pieces", "provenance", "source", "stated"});
    UnitInfo u;
    u.kind = n.unit("id");
    if (index(u.kind) != static_cast<int>(i)) n.fail("id", fmt::format("must be \"{}\" (the rulebook's order)", kUnitIds[i]));
    u.id = n.str("id");
    u.name = n.str("name");
    u.category = named<Category>(n, "category", std::array<std::string_view, 3>{"land", "air", "sea"}, "category");
    u.colour = named<Colour>(n, "colour", std::array<std::string_view, 4>{"yellow", "blue", "green", "red"}, "unit colour");
    u.buildable = n.boolean("buildable");
    u.cost = n.resources("cost");
    if (u.buildable == (u.cost.total() == 0)) n.fail("cost", "a buildable unit has a cost, the carrier fighter token none");
    u.casualty_points = static_cast<std::uint8_t>(n.integer("casualty_points", 1, 50));
    u.move = static_cast<std::uint8_t>(n.integer("move", 1, 2));
    u.transport_move = static_cast<std::uint8_t>(n.opt_integer("transport_move", 1, 2, 0));
    u.landing_move = static_cast<std::uint8_t>(n.opt_integer("landing_move", 1, 2, 0));
    if ((u.category == Category::Land) != (u.transport_move > 0)) n.fail("transport_move", "given exactly for land units");
    if ((u.category == Category::Air && u.kind != UnitKind::CarrierFighter) != (u.landing_move > 0))
      n.fail("landing_move", "given exactly for air units with Commands");
    u.pieces = static_cast<std::uint8_t>(n.opt_integer("pieces", 1, 200, 0));
    const std::vector<Node> stances = n.array("stances");
    if (stances.empty() || stances.size() > 2) n.fail("stances", "must list 1 or 2 stances");
    u.stances = static_cast<std::uint8_t>(stances.size());
    for (std::size_t s = 0; s < stances.size(); ++s) u.stance[s] = read_stance(stances[s], u.category);
    if (u.stances == 2 && u.stance[0].id == u.stance[1].id) n.fail("stances", "duplicate stance id");
    u.origin = n.origin();
    const UnitKind kind = u.kind;
    data.units[kind] = std::move(u);
  }
  const Node g = root.child("goods");
  g.allow({"id", "cost_any", "provenance", "source", "stated"});
  if (g.str("id") != "goods") g.fail("id", "must be \"goods\"");
  data.goods.cost_any = static_cast<std::uint8_t>(g.integer("cost_any", 1, 20));
  data.goods.origin = g.origin();
}

// ---------------------------------------------------------------------------------------------
// morale.json

void load_morale(const Document& doc, Data& data) {
  const Node root = doc.node();
  root.allow({"kind", "zones", "casualty_chart", "thresholds", "rules"});
  Morale& m = data.morale;
  const std::vector<Node> zones = root.array("zones");
  if (zones.size() != kZones) root.fail("zones", "must list the 6 zones white, blue, yellow, orange, red, gray");
  for (std::size_t i = 0; i < zones.size(); ++i) {
    const Node& z = zones[i];
    z.allow({"id", "name", "penalty", "provenance", "source", "stated"});
    ZoneInfo info{named<Zone>(z, "id", kZoneIds, "zone"), z.str("id"), z.str("name"), z.opt_str("penalty"), z.origin()};
    if (static_cast<std::size_t>(info.zone) != i) z.fail("id", fmt::format("must be \"{}\" (track order)", kZoneIds[i]));
    static constexpr std::array<std::string_view, kZones> penalties = {"", "pay-3", "rails-ports", "black-misses", "no-gains", "desertion"};
    if (info.penalty != penalties[i]) z.fail("penalty", fmt::format("must be \"{}\" (Stress Zone Penalties)", penalties[i]));
    m.zones[i] = std::move(info);
  }
  const Node chart = root.child("casualty_chart");
  chart.allow({"rows", "beyond_per_cp", "provenance", "source", "stated"});
  for (const Node& r : chart.array("rows")) {
    r.allow({"min_cp", "stress"});
    CasualtyRow row{static_cast<std::uint16_t>(r.integer("min_cp", 0, 1000)), static_cast<std::uint8_t>(r.integer("stress", 0, 100))};
    if (m.casualty_chart.empty() ? row.min_cp != 0 || row.stress != 0
                                 : row.min_cp <= m.casualty_chart.back().min_cp || row.stress <= m.casualty_chart.back().stress)
      r.fail("rows must start at {min_cp 0, stress 0} and rise in both columns");
    m.casualty_chart.push_back(row);
  }
  if (m.casualty_chart.empty()) chart.fail("rows", "must not be empty");
  m.beyond_per_cp = static_cast<std::uint16_t>(chart.integer("beyond_per_cp", 1, 100));
  m.chart_origin = chart.origin();
  // Phase 6 › Convert Casualties into Stress: "a battleship (20), a cruiser (10) and a bomber (6) ...
  // 36 Casualty Points which convert into 2 Stress Points".
  if (m.stress_for(36) != 2) chart.fail("rows", "must convert 36 Casualty Points into 2 Stress (the printed example)");

  const Node th = root.child("thresholds");
  th.allow({"front", "reverse"});
  for (BoardSide side : {BoardSide::Front, BoardSide::Reverse}) {
    const Node s = th.child(side == BoardSide::Front ? "front" : "reverse");
    s.allow({"CHN", "BC", "USSR", "US", "GER", "ITA", "JPN"});
    for (Nation n : kAllNations) {
      const Node v = s.child(std::string(nation_id(n)).c_str());
      v.allow({"value", "provenance", "source", "stated"});
      m.thresholds[static_cast<std::size_t>(side)][n] = {static_cast<std::uint8_t>(v.integer("value", 1, 30)), v.origin()};
    }
  }
  const Node rules = root.child("rules");
  rules.allow({"relieve_cost", "blue_payment", "provenance", "source", "stated"});
  m.relieve_cost = static_cast<std::uint8_t>(rules.integer("relieve_cost", 1, 20));
  m.blue_payment = static_cast<std::uint8_t>(rules.integer("blue_payment", 0, 20));
  m.rules_origin = rules.origin();
}

}  // namespace detail

// ---------------------------------------------------------------------------------------------
// The whole set

Data load_data(const std::filesystem::path& dir) {
  Data data;
  load_units(core::read_document<Node>(dir, "units.json", "units"), data);
  load_morale(core::read_document<Node>(dir, "morale.json", "morale"), data);
  load_map(core::read_document<Node>(dir, "map.json", "map"), data);
  load_nations(core::read_document<Node>(dir, "nations.json", "nations"), data);
  build_tables(data);
  load_scenarios(core::read_document<Node>(dir, "scenarios.json", "scenarios"), data);
  data.hash = core::hash_data_files(dir, "warroom-data", kDataFiles);
  data.catalogues = text::load_catalogues(dir);
  return data;
}

std::filesystem::path default_data_dir() {
  if (const char* env = std::getenv("WARROOM_DATA"); env && *env) return env;
  return CHURCHILL_DATA_DIR "/warroom";
}

}  // namespace warroom
