// Scenario setups (9.5-9.7) and the Victory Point schedule (9.4).
#include <algorithm>

#include "churchill/data_reader.h"

namespace churchill::detail {
namespace {

void read_front_positions(const Node& n, const Registry& ids, const Data& data, Scenario& s) {
  const Node fronts = n.child("fronts");
  if (!fronts.value().is_object()) n.fail("fronts", "must be an object: front id -> space id or \"box\"");
  s.fronts.items.assign(data.fronts.size(), kInBox);
  std::vector<bool> given(data.fronts.size(), false);
  for (const auto& [front_id, pos] : fronts.value().items()) {
    const std::string field = "fronts." + front_id;
    const FrontId f = ids.fronts.resolve(n, field, front_id);
    given[core::index_of(f)] = true;
    if (!pos.is_string()) n.fail(field, "must be a space id or \"box\"");
    const std::string space_id = pos.get<std::string>();
    if (space_id == "box") continue;
    const SpaceId space = ids.spaces.resolve(n, field, space_id);
    const auto& track = data.fronts[f].track;
    const auto it = std::find_if(track.begin(), track.end(), [&](const TrackStep& t) { return t.space == space; });
    if (it == track.end()) n.fail(field, fmt::format("space \"{}\" is not on the {}'s track", space_id, data.fronts[f].name));
    s.fronts[f] = static_cast<std::int8_t>(it - track.begin());
  }
  for (FrontId f : data.fronts.ids())
    if (!given[core::index_of(f)]) n.fail("fronts", fmt::format("no position for front \"{}\"", data.fronts[f].id));
}

void read_naval(const Node& n, const Registry& ids, const Data& data, Scenario& s) {
  const Node naval = n.child("naval");
  if (!naval.value().is_object()) n.fail("naval", "must be an object: theater id -> naval support");
  s.naval.items.assign(data.theaters.size(), 0);
  for (const auto& [theater_id, count] : naval.value().items()) {
    const std::string field = "naval." + theater_id;
    const TheaterId t = ids.theaters.resolve(n, field, theater_id);
    if (!count.is_number_integer() || count.get<int>() < 0 || count.get<int>() > 5)
      n.fail(field, "must be 0..5 (a theater box holds at most five naval markers, 6.5)");
    s.naval[t] = static_cast<std::int8_t>(count.get<int>());
  }
}

void read_markers(const Node& n, const Registry& ids, Scenario& s) {
  for (const Node& m : n.array("markers")) {
    m.allow({"power", "location", "networks", "alignment"});
    SetupMarker sm{m.power("power"), ids.locations.resolve(m, "location", m.str("location")),
                   static_cast<std::int8_t>(m.integer("networks", 0, 2)), m.boolean("alignment")};
    if (sm.alignment && sm.networks == 0)
      m.fail("alignment", "a Political Alignment marker needs the power's Clandestine Network there (7.31)");
    for (const SetupMarker& other : s.markers)
      if (other.location == sm.location) m.fail("location", "the location already has markers in this setup");
    s.markers.push_back(sm);
  }
}

std::vector<IssueId> issue_list(const Node& n, const char* key, const Registry& ids) {
  std::vector<IssueId> out;
  const json& v = n.at(key);
  if (!v.is_array()) n.fail(key, "must be an array of issue ids");
  for (const json& id : v) {
    if (!id.is_string()) n.fail(key, "must be an array of issue ids");
    out.push_back(ids.issues.resolve(n, key, id.get<std::string>()));
  }
  return out;
}

}  // namespace

void load_scenarios(const Document& doc, const Registry& ids, Data& data) {
  Ids scenario_ids("scenario");
  for (const Node& n : doc.node().array("scenarios")) {
    n.allow({"id", "name", "first_conference", "last_conference", "fronts", "naval", "markers", "europe_leadership", "pacific_leadership",
             "a_bomb", "spy_ring", "reserves_out_of_play", "issues_removed", "issues_on_table", "simultaneous_dday_central_italy",
             "provenance", "source", "stated"});
    scenario_ids.add(n);
    Scenario s;
    s.id = n.str("id");
    s.name = n.str("name");
    s.first_conference = n.integer("first_conference", 1, 10);
    s.last_conference = n.integer("last_conference", s.first_conference, 10);
    read_front_positions(n, ids, data, s);
    read_naval(n, ids, data, s);
    read_markers(n, ids, s);
    s.europe_leadership = n.power("europe_leadership");
    s.pacific_leadership = n.power("pacific_leadership");
    for (Power p : {s.europe_leadership, s.pacific_leadership})
      if (p == Power::USSR) n.fail("europe_leadership", "the USSR never commands a theater (6.92)");
    s.a_bomb = ids.a_bomb.resolve(n, "a_bomb", n.str("a_bomb"));
    s.spy_ring = ids.a_bomb.resolve(n, "spy_ring", n.str("spy_ring"));
    for (const std::string& r : n.has("reserves_out_of_play") && !n.at("reserves_out_of_play").empty()
                                    ? n.string_or_strings("reserves_out_of_play")
                                    : std::vector<std::string>{}) {
      bool found = false;
      for (int k = 0; k < kReserveKinds; ++k)
        if (r == reserve_kind_name(static_cast<ReserveKind>(k))) s.reserves_out_of_play[static_cast<std::size_t>(k)] = found = true;
      if (!found) n.fail("reserves_out_of_play", fmt::format("unknown Axis reserve \"{}\"", r));
    }
    s.issues_removed = issue_list(n, "issues_removed", ids);
    s.issues_on_table = issue_list(n, "issues_on_table", ids);
    s.simultaneous_dday_central_italy = n.boolean("simultaneous_dday_central_italy");
    s.origin = n.origin();
    data.scenarios.push_back(std::move(s));
  }
  for (const char* id : {"training", "tournament", "campaign"})
    if (!data.scenario(id)) doc.node().fail(fmt::format("the rules need scenario \"{}\" (9.5-9.7)", id));
}

namespace {

constexpr std::array<std::pair<const char*, VpCondition>, 16> kVpConditions = {{
    {"alignment", VpCondition::Alignment},
    {"networks-without-alignment", VpCondition::NetworksWithoutAlignment},
    {"global-advantage", VpCondition::GlobalAdvantage},
    {"conferences-won", VpCondition::ConferencesWon},
    {"empty-colony", VpCondition::EmptyColony},
    {"axis-occupied", VpCondition::AxisOccupied},
    {"front-in-space", VpCondition::FrontInSpace},
    {"entered-before", VpCondition::EnteredBefore},
    {"germany-without-western-front", VpCondition::GermanyWithoutWesternFront},
    {"german-technology", VpCondition::GermanTechnology},
    {"japan-unoccupied", VpCondition::JapanUnoccupied},
    {"space-never-entered", VpCondition::SpaceNeverEntered},
    {"interservice-rivalry", VpCondition::InterserviceRivalry},
    {"spy-ring-spaces", VpCondition::SpyRingSpaces},
    {"a-bomb", VpCondition::ABomb},
    {"no-a-bomb", VpCondition::NoABomb},
}};

PowerSet powers_of(const Node& n) {
  PowerSet bits;
  for (const std::string& name : n.string_or_strings("powers")) {
    auto p = power_from_name(name);
    if (!p) n.fail("powers", fmt::format("unknown power \"{}\"", name));
    bits |= power_bit(*p);
  }
  return bits;
}

// A space on a given front's track.
SpaceId track_space(const Node& n, const char* key, FrontId front, const Registry& ids, const Data& data) {
  const SpaceId space = ids.spaces.resolve(n, key, n.str(key));
  const auto& track = data.fronts[front].track;
  if (std::none_of(track.begin(), track.end(), [&](const TrackStep& t) { return t.space == space; }))
    n.fail(key, fmt::format("\"{}\" is not on the {}'s track", data.spaces[space].id, data.fronts[front].name));
  return space;
}

void read_vp_parameters(const Node& n, VictoryCondition& v, const Registry& ids, const Data& data) {
  switch (v.condition) {
    case VpCondition::FrontInSpace:
      for (const Node& c : n.array("cases")) {
        c.allow({"front", "space", "powers"});
        VpCase vc{ids.fronts.resolve(c, "front", c.str("front")), kNoSpace, powers_of(c)};
        vc.space = track_space(c, "space", vc.front, ids, data);
        v.cases.push_back(vc);
      }
      break;
    case VpCondition::EnteredBefore:
      v.first = ids.spaces.resolve(n, "first", n.str("first"));
      v.second = ids.spaces.resolve(n, "second", n.str("second"));
      break;
    case VpCondition::SpaceNeverEntered:
      v.front = ids.fronts.resolve(n, "front", n.str("front"));
      v.space = track_space(n, "space", v.front, ids, data);
      break;
    case VpCondition::InterserviceRivalry:
      for (const std::string& f : n.string_or_strings("fronts")) v.fronts.push_back(ids.fronts.resolve(n, "fronts", f));
      if (v.fronts.size() != 2) n.fail("fronts", "compares exactly two Fronts");
      break;
    case VpCondition::AxisOccupied:
      for (const std::string& a : n.string_or_strings("axis")) v.axis.push_back(ids.axis.resolve(n, "axis", a));
      break;
    default: break;
  }
}

}  // namespace

void load_victory(const Document& doc, const Registry& ids, Data& data) {
  static const char* kIds[] = {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N",
                               "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "AA"};
  const auto nodes = doc.node().array("conditions");
  if (nodes.size() != std::size(kIds))
    doc.node().fail("conditions", fmt::format("the VP schedule has conditions A-AA (9.4), found {}", nodes.size()));
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    n.allow({"id", "vp", "condition", "text", "powers", "cases", "first", "second", "front", "space", "fronts", "axis", "provenance",
             "source", "stated"});
    if (n.str("id") != kIds[i]) n.fail("id", fmt::format("must be \"{}\" (conditions A-AA in order)", kIds[i]));
    VictoryCondition v;
    v.id = kIds[i];
    v.text = n.str("text");
    v.vp = n.integer("vp", 1, 20);
    const std::string cond = n.str("condition");
    const auto it = std::find_if(kVpConditions.begin(), kVpConditions.end(), [&](const auto& c) { return cond == c.first; });
    if (it == kVpConditions.end()) n.fail("condition", fmt::format("unknown condition \"{}\"", cond));
    v.condition = it->second;
    if (n.has("powers")) v.powers = powers_of(n);
    read_vp_parameters(n, v, ids, data);
    v.origin = n.origin();
    data.victory.push_back(std::move(v));
  }
}

}  // namespace churchill::detail
