// Loading and validating data/churchill/*.json (docs/data.md).
#include <algorithm>
#include <cstdlib>
#include <map>

#include "churchill/data_reader.h"

namespace churchill {

using namespace detail;

namespace {

// ----------------------------------------------------------------------------------------------
// issues.json

IssueKind issue_kind(const Node& n) {
  const std::string s = n.str("kind");
  for (int i = 0; i < kIssueKinds; ++i)
    if (issue_kind_name(static_cast<IssueKind>(i)) == s) return static_cast<IssueKind>(i);
  n.fail("kind", fmt::format("unknown issue kind \"{}\"", s));
}

Region region(const Node& n, const char* key) {
  const std::string s = n.str(key);
  if (s == "europe") return Region::Europe;
  if (s == "pacific") return Region::Pacific;
  n.fail(key, "must be \"europe\" or \"pacific\"");
}

void load_issues(const Document& doc, Registry& ids, Data& data) {
  for (const Node& n : doc.node().array("issues")) {
    ids.issues.add(n);
    Issue is{n.str("id"), n.str("name"), issue_kind(n), kNoPower, Region::Europe, 0, 0, n.origin()};
    switch (is.kind) {
      case IssueKind::PolMil:
        n.allow({"id", "name", "kind", "alignment", "networks", "provenance", "source", "stated"});
        is.alignment = static_cast<std::int8_t>(n.integer("alignment", 0, 5));
        is.networks = static_cast<std::int8_t>(n.integer("networks", 0, 5));
        break;
      case IssueKind::Production:
      case IssueKind::DirectedOffensive:
        n.allow({"id", "name", "kind", "power", "provenance", "source", "stated"});
        is.power = n.power("power");
        break;
      case IssueKind::TheaterLeadership:
        n.allow({"id", "name", "kind", "theater", "provenance", "source", "stated"});
        is.region = region(n, "theater");
        break;
      default: n.allow({"id", "name", "kind", "provenance", "source", "stated"});
    }
    data.issues.push_back(std::move(is));
  }
  auto count = [&](IssueKind k, Power power) {
    return std::count_if(data.issues.begin(), data.issues.end(),
                         [&](const Issue& i) { return i.kind == k && (power == kNoPower || i.power == power); });
  };
  for (int k = 0; k < kIssueKinds; ++k)
    if (count(static_cast<IssueKind>(k), kNoPower) == 0)
      doc.node().fail(fmt::format("the rules need an issue of kind \"{}\"", issue_kind_name(static_cast<IssueKind>(k))));
  for (Power p : kAllPowers)
    if (count(IssueKind::DirectedOffensive, p) != 1)
      doc.node().fail(fmt::format("there must be one {} Directed Offensive issue (6.7)", power_name(p)));
}

// ----------------------------------------------------------------------------------------------
// map.json

void load_theaters(const Node& root, Registry& ids, Data& data) {
  for (const Node& n : root.array("theaters")) {
    n.allow({"id", "name", "region", "provenance", "source", "stated"});
    ids.theaters.add(n);
    data.theaters.push_back({n.str("id"), n.str("name"), region(n, "region"), n.origin()});
  }
}

void load_spaces(const Node& root, Registry& ids, Data& data) {
  for (const Node& n : root.array("axis")) ids.axis.add(n);
  for (const Node& n : root.array("spaces")) {
    n.allow({"id", "name", "b29", "kamikaze", "axis", "provenance", "source", "stated"});
    ids.spaces.add(n);
    Space s{n.str("id"), n.str("name"), n.boolean("b29"), n.boolean("kamikaze"), kNoAxis, n.origin()};
    if (!n.at("axis").is_null()) s.axis = ids.axis.resolve(n, "axis", n.str("axis"));
    data.spaces.push_back(std::move(s));
  }
  for (const Node& n : root.array("axis")) {
    n.allow({"id", "name", "space", "reserves", "provenance", "source", "stated"});
    AxisPower a{n.str("id"), n.str("name"), ids.spaces.resolve(n, "space", n.str("space")), {}, n.origin()};
    const Node r = n.child("reserves");
    r.allow({"german-army", "italian-army", "german-navy", "japanese-army", "ijn"});
    for (int k = 0; k < kReserveKinds; ++k) {
      const std::string name(reserve_kind_name(static_cast<ReserveKind>(k)));
      a.reserves[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(r.opt_integer(name.c_str(), 0, 8, 0));
    }
    data.axis.push_back(std::move(a));
  }
}

void load_fronts(const Node& root, Registry& ids, Data& data) {
  for (const Node& n : root.array("fronts")) {
    n.allow({"id", "name", "color", "theater", "end", "track", "provenance", "source", "stated"});
    ids.fronts.add(n);
    Front f{n.str("id"),
            n.str("name"),
            n.power("color"),
            ids.theaters.resolve(n, "theater", n.str("theater")),
            ids.spaces.resolve(n, "end", n.str("end")),
            {},
            n.origin()};
    for (const Node& step : n.array("track")) {
      step.allow({"space", "entry", "naval_required"});
      TrackStep t{ids.spaces.resolve(step, "space", step.str("space")), false, 0};
      const std::string entry = step.str("entry");
      if (entry != "land" && entry != "amphibious") step.fail("entry", "must be \"land\" or \"amphibious\"");
      t.amphibious = entry == "amphibious";
      t.naval_required = static_cast<std::int8_t>(step.integer("naval_required", 0, 5));
      if (t.amphibious != (t.naval_required > 0))
        step.fail("naval_required", "an amphibious entry needs naval support (3, or 5 for Normandy); a land entry none");
      for (const TrackStep& earlier : f.track)
        if (earlier.space == t.space) step.fail("space", "a track cannot pass through a space twice");
      f.track.push_back(t);
    }
    if (f.track.empty() || f.track.back().space != f.end)
      n.fail("track", fmt::format("the track does not reach its end \"{}\"", data.spaces[f.end].id));
    data.fronts.push_back(std::move(f));
  }
}

void load_locations(const Node& root, Registry& ids, Data& data) {
  for (const Node& n : root.array("locations")) {
    n.allow({"id", "name", "type", "theater", "space", "provenance", "source", "stated"});
    ids.locations.add(n);
    const std::string type = n.str("type");
    if (type != "country" && type != "colony") n.fail("type", "must be \"country\" or \"colony\"");
    Location l{n.str("id"), n.str("name"), type == "colony", ids.theaters.resolve(n, "theater", n.str("theater")), kNoSpace, n.origin()};
    if (!n.at("space").is_null()) {
      l.space = ids.spaces.resolve(n, "space", n.str("space"));
      const bool on_theater_track = std::any_of(data.fronts.begin(), data.fronts.end(), [&](const Front& f) {
        return f.theater == l.theater &&
               std::any_of(f.track.begin(), f.track.end(), [&](const TrackStep& t) { return t.space == l.space; });
      });
      if (!on_theater_track)
        n.fail("space",
               fmt::format("\"{}\" is not on a Front Track of theater \"{}\"", data.spaces[l.space].id, data.theaters[l.theater].id));
    }
    data.locations.push_back(std::move(l));
  }
}

// The names the rules refer to (rule numbers in the messages).
void require_map_names(const Document& doc, const Registry& ids) {
  const std::pair<const char*, const char*> theaters[] = {{"western", "7.62"},         {"eastern", "7.62"},   {"mediterranean", "7.62"},
                                                          {"arctic", "7.4"},           {"cbi", "7.64"},       {"far-east", "7.64"},
                                                          {"central-pacific", "7.64"}, {"sw-pacific", "7.64"}};
  for (const auto& [id, rule] : theaters) {
    if (ids.theaters.find(id) == kNone) doc.node().fail(fmt::format("the rules need a theater \"{}\" ({})", id, rule));
    if (std::string_view(id) != "arctic" && ids.fronts.find(id) == kNone)
      doc.node().fail(fmt::format("the rules need a front \"{}\" ({})", id, rule));
  }
  for (const char* id : {"uk-bolero", "normandy", "west-germany", "east-germany", "southern-italy", "central-italy", "northern-italy",
                         "manchuria", "germany", "japan"})
    if (ids.spaces.find(id) == kNone) doc.node().fail(fmt::format("the rules need a space \"{}\" (7.6-7.8, 9.4)", id));
  for (const char* id : {"france", "belgium", "netherlands", "baltic-states", "poland", "rumania", "bulgaria", "finland", "norway"})
    if (ids.locations.find(id) == kNone) doc.node().fail(fmt::format("the rules need a location \"{}\" (6.11, 7.4)", id));
  for (const char* id : {"germany", "japan", "italy"})
    if (ids.axis.find(id) == kNone) doc.node().fail(fmt::format("the rules need an Axis power \"{}\" (7.8)", id));
}

void load_map(const Document& doc, Registry& ids, Data& data) {
  const Node root = doc.node();
  root.allow({"kind", "theaters", "axis", "spaces", "fronts", "locations"});
  load_theaters(root, ids, data);
  load_spaces(root, ids, data);
  load_fronts(root, ids, data);
  load_locations(root, ids, data);
  require_map_names(doc, ids);
}

// ----------------------------------------------------------------------------------------------
// tracks.json, secret-agenda.json

void load_tracks(const Document& doc, Registry& ids, Data& data) {
  const Node root = doc.node();
  root.allow({"kind", "a_bomb", "global_issues", "polmil_table"});
  for (const Node& n : root.array("a_bomb")) {
    n.allow({"id", "name", "provenance", "source", "stated"});
    ids.a_bomb.add(n);
    data.a_bomb.push_back({n.str("id"), n.str("name"), n.origin()});
  }
  if (data.a_bomb.size() < 2) root.fail("a_bomb", "the A-Bomb track needs a start and Trinity (6.10)");
  Ids global_ids("Global Issue marker");
  for (const Node& n : root.array("global_issues")) {
    n.allow({"id", "name", "powers", "advantages", "provenance", "source", "stated"});
    global_ids.add(n);
    GlobalIssueMarker g{n.str("id"), n.str("name"), {}, {}, n.origin()};
    const auto advantages = n.array("advantages");
    if (advantages.size() != 2) n.fail("advantages", "a Global Issue marker has two advantage positions");
    for (std::size_t i = 0; i < 2; ++i) {
      advantages[i].allow({"power", "name"});
      g.powers[i] = advantages[i].power("power");
      g.advantage[i] = advantages[i].str("name");
    }
    if (g.powers[0] == g.powers[1]) n.fail("advantages", "the two positions belong to two different powers");
    data.global_issues.push_back(std::move(g));
  }
  if (data.global_issues.size() != kGlobalIssues) root.fail("global_issues", "there are three Global Issue markers (6.11)");
  const Node table = root.child("polmil_table");
  table.allow({"rows", "provenance", "source", "stated"});
  data.polmil.origin = table.origin();
  const json& rows = table.at("rows");
  if (!rows.is_array() || rows.size() != 6) table.fail("rows", "the Pol-Mil table has 6 rows of 6 (5.12)");
  for (std::size_t r = 0; r < 6; ++r) {
    if (!rows[r].is_array() || rows[r].size() != 6) table.fail("rows", fmt::format("row {} must have 6 locations", r + 1));
    for (std::size_t c = 0; c < 6; ++c) {
      const json& cell = rows[r][c];
      const std::string field = fmt::format("rows[{}][{}]", r, c);
      if (!cell.is_string()) table.fail(field, "must be a location id");
      data.polmil.cells[r][c] = ids.locations.resolve(table, field, cell.get<std::string>());
    }
  }
}

void load_secret_agenda(const Document& doc, const Registry& ids, Data& data) {
  Ids marker_ids("Secret Agenda marker");
  for (const Node& n : doc.node().array("markers")) {
    n.allow({"id", "location", "provenance", "source", "stated"});
    marker_ids.add(n);
    data.secret_agenda.push_back({n.str("id"), ids.locations.resolve(n, "location", n.str("location")), n.origin()});
  }
  if (data.secret_agenda.size() != kSecretAgendaMarkers)
    doc.node().fail("markers", fmt::format("there are 36 Secret Agenda markers (10.1), found {}", data.secret_agenda.size()));
}

}  // namespace

namespace {

// data/i18n beside the data set (or $CHURCHILL_I18N); a data set copied elsewhere without them
// (no en.json there) uses the source tree's.
std::shared_ptr<const core::i18n::Catalogues> load_data_catalogues(const std::filesystem::path& dir) {
  std::filesystem::path catalogues = core::i18n::default_catalogue_dir(dir);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(catalogues / "en.json", ec)) catalogues = CHURCHILL_DATA_DIR "/i18n";
  try {
    return std::make_shared<const core::i18n::Catalogues>(core::i18n::Catalogues::load(catalogues));
  } catch (const core::i18n::CatalogueError& e) {
    throw DataError(e.what());
  }
}

}  // namespace

Data load_data(const std::filesystem::path& dir) {
  Data data;
  Registry ids;
  auto doc = [&](const char* name, const char* kind) { return core::read_document<Node>(dir, name, kind); };
  load_issues(doc("issues.json", "issues"), ids, data);
  load_map(doc("map.json", "map"), ids, data);
  load_tracks(doc("tracks.json", "tracks"), ids, data);
  load_leaders(doc("leaders.json", "leaders"), ids, data);
  load_staff(doc("staff-uk.json", "staff-deck"), Power::UK, ids, data);
  load_staff(doc("staff-us.json", "staff-deck"), Power::US, ids, data);
  load_staff(doc("staff-ussr.json", "staff-deck"), Power::USSR, ids, data);
  load_conferences(doc("conferences.json", "conference-cards"), ids, data);
  load_secret_agenda(doc("secret-agenda.json", "secret-agenda"), ids, data);
  load_scenarios(doc("scenarios.json", "scenarios"), ids, data);
  load_victory(doc("victory-points.json", "victory-points"), ids, data);
  data.hash = core::hash_data_files(dir, "churchill-data", kDataFiles);
  data.catalogues = load_data_catalogues(dir);
  return data;
}

std::filesystem::path default_data_dir() {
  if (const char* env = std::getenv("CHURCHILL_DATA"); env && *env) return env;
  return CHURCHILL_DATA_DIR "/churchill";
}

}  // namespace churchill
