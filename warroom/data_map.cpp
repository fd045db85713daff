// Loading and validating data/warroom/map.json: regions, edges, non-edges, narrow passages and
// convoys (design §3.4, §3.5, §3.8).
#include <algorithm>
#include <set>
#include <utility>

#include "warroom/data_reader.h"

namespace warroom::detail {

namespace {

// The region a datum names by id: the loader's one conversion from the id's index.
RegionId region_ref(const Ids& ids, const Node& n, std::string_view field, const std::string& id) {
  return region_at(ids.resolve(n, field, id));
}

RegionType region_type(const Node& n) {
  const std::string t = n.str("type");
  if (t == "territory") return RegionType::Territory;
  if (t == "sea") return RegionType::Sea;
  if (t == "impassable") return RegionType::Impassable;
  n.fail("type", "must be \"territory\", \"sea\" or \"impassable\"");
}

// Ruling 78: the Embattled face loses one resource from the largest income, ties going oil, iron, OSR.
Resources embattled_face(const Resources& front) {
  Resources back = front;
  if (front.total() == 0) return back;
  if (front.oil >= front.iron && front.oil >= front.osr)
    --back.oil;
  else if (front.iron >= front.osr)
    --back.iron;
  else
    --back.osr;
  return back;
}

std::optional<Neutral> read_neutral(const Node& region, const Ids& ids) {
  if (!region.has("neutral")) return std::nullopt;
  const Node n = region.child("neutral");
  n.allow({"type", "defense", "trade", "port_sea", "provenance", "source", "stated"});
  Neutral out;
  const std::string type = n.str("type");
  if (type == "standard")
    out.type = NeutralType::Standard;
  else if (type == "pro-allied")
    out.type = NeutralType::ProAllied;
  else if (type == "pro-axis")
    out.type = NeutralType::ProAxis;
  else
    n.fail("type", "must be \"standard\", \"pro-allied\" or \"pro-axis\"");
  out.defense = n.unit_counts("defense", 20);
  if (n.has("trade")) {
    const std::string t = n.str("trade");
    if (t == "oil")
      out.trade = Resource::Oil;
    else if (t == "iron")
      out.trade = Resource::Iron;
    else if (t == "osr")
      out.trade = Resource::Osr;
    else
      n.fail("trade", "must be \"oil\", \"iron\" or \"osr\"");
  }
  if (n.has("port_sea")) out.port_sea = region_ref(ids, n, "port_sea", n.str("port_sea"));
  out.origin = n.origin();
  return out;
}

Region read_region(const Node& n, RegionId rid, const Ids& ids) {
  n.allow(
      {"id",       "name", "type", "island",       "theater", "owner", "reverts_to", "capital_of", "sv",     "income", "embattled_income",
       "industry", "port", "rail", "mobilization", "neutral", "lon",   "lat",        "provenance", "source", "stated"});
  Region r;
  r.rid = rid;
  r.id = n.str("id");
  r.name = n.str("name");
  r.type = region_type(n);
  r.theater = n.str("theater");
  static constexpr std::array<std::string_view, 9> theaters = {"europe",   "africa",        "asia",   "americas", "pacific",
                                                               "atlantic", "mediterranean", "indian", "arctic"};
  if (std::find(theaters.begin(), theaters.end(), r.theater) == theaters.end())
    n.fail("theater", "must be europe, africa, asia, americas, pacific, atlantic, mediterranean, indian or arctic");
  r.lon = static_cast<float>(n.number("lon", -180, 180));
  r.lat = static_cast<float>(n.number("lat", -90, 90));
  r.origin = n.origin();
  if (!r.is_territory()) {
    for (const char* key : {"island", "owner", "reverts_to", "capital_of", "sv", "income", "embattled_income", "industry", "port", "rail",
                            "mobilization", "neutral"})
      if (n.has(key)) n.fail(key, fmt::format("a {} region has no {}", region_type_id(r.type), key));
    return r;
  }
  r.island = n.opt_boolean("island", false);
  r.neutral = read_neutral(n, ids);
  r.owner = n.opt_nation("owner");
  r.reverts_to = n.opt_nation("reverts_to");
  r.capital_of = n.opt_nation("capital_of");
  r.sv = static_cast<std::uint8_t>(n.integer("sv", 1, 8));
  if (r.neutral) {
    // Ruling 114 (Neutrals: "Neutrals do not produce nor contribute directly to resource income").
    for (const char* key : {"owner", "income", "embattled_income", "capital_of", "reverts_to", "industry", "mobilization"})
      if (n.has(key)) n.fail(key, "a neutral has none (Neutrals)");
  } else {
    if (r.owner == kNoNation) n.fail("owner", "missing (a territory that is not neutral has a 1942 controller)");
    r.income = n.resources("income");
    r.embattled_income = n.has("embattled_income") ? n.resources("embattled_income") : embattled_face(r.income);
    const Resources& f = r.income;
    const Resources& b = r.embattled_income;
    if (b.oil > f.oil || b.iron > f.iron || b.osr > f.osr || b.total() != std::max(0, f.total() - 1))
      n.fail("embattled_income", "must be the front face less one resource (Check Territory Card Facing)");
  }
  if (r.capital_of != kNoNation && r.capital_of != r.original()) n.fail("capital_of", "a capital is its nation's original territory");
  if (r.reverts_to != kNoNation && r.reverts_to == r.owner) n.fail("reverts_to", "must differ from owner");
  r.industry = n.opt_boolean("industry", false);
  r.rail = n.opt_boolean("rail", false);
  r.mobilization = n.opt_boolean("mobilization", false);
  if (n.has("port")) {
    const Node p = n.child("port");
    p.allow({"seas"});
    const std::vector<std::string> seas = p.strings("seas");
    if (seas.empty() || seas.size() > kMaxPortSeas) p.fail("seas", "a port touches 1 to 4 sea regions");
    for (const std::string& s : seas) r.port_seas[r.port_count++] = region_ref(ids, p, "seas", s);
  }
  return r;
}

Edge read_edge(const Node& n, const Data& data, const Ids& ids) {
  n.allow({"a", "b", "kind", "rail", "provenance", "source", "stated"});
  Edge e;
  RegionId a = region_ref(ids, n, "a", n.str("a")), b = region_ref(ids, n, "b", n.str("b"));
  if (a == b) n.fail("b", "an edge joins two different regions");
  e.a = std::min(a, b);
  e.b = std::max(a, b);
  const Region& ra = data.region(e.a);
  const Region& rb = data.region(e.b);
  e.kind = ra.is_sea() && rb.is_sea() ? EdgeKind::Sea : ra.is_sea() || rb.is_sea() ? EdgeKind::Coast : EdgeKind::Land;
  if (n.has("kind") && n.str("kind") != edge_kind_id(e.kind))
    n.fail("kind", fmt::format("must be \"{}\" for a {}-{} edge", edge_kind_id(e.kind), region_type_id(ra.type), region_type_id(rb.type)));
  e.rail = n.opt_boolean("rail", false);
  if (e.rail && !(ra.rail && rb.rail && ra.is_territory() && rb.is_territory()))
    n.fail("rail", "a rail edge joins two territories with rails");
  if (e.kind == EdgeKind::Land && (ra.island || rb.island))
    n.fail(fmt::format("{} is an island: it touches only sea regions (World Map Features › Island)", ra.island ? ra.id : rb.id));
  e.origin = n.origin();
  return e;
}

void add_neighbour(Region& r, RegionId other, const Node& where) {
  if (r.degree >= kMaxNeighbours) where.fail(fmt::format("{} has more than {} neighbours", r.id, kMaxNeighbours));
  r.adjacent[r.degree++] = other;
}

// Whether b is in a's list of neighbours (map.h's is_edge reads the tables, built after the map).
bool listed_edge(const Data& data, RegionId a, RegionId b) {
  const Region& r = data.region(a);
  return std::find(r.adjacent.begin(), r.adjacent.begin() + r.degree, b) != r.adjacent.begin() + r.degree;
}

void read_edges(const Node& root, Data& data, const Ids& ids) {
  std::set<std::pair<RegionId, RegionId>> seen;
  for (const Node& n : root.array("edges")) {
    Edge e = read_edge(n, data, ids);
    if (!seen.insert({e.a, e.b}).second) n.fail(fmt::format("duplicate edge {}-{}", data.region(e.a).id, data.region(e.b).id));
    add_neighbour(data.regions[e.a], e.b, n);
    add_neighbour(data.regions[e.b], e.a, n);
    data.edges.push_back(std::move(e));
  }
  for (Region& r : data.regions) std::sort(r.adjacent.begin(), r.adjacent.begin() + r.degree);
  for (const Node& n : root.array("non_edges")) {
    n.allow({"a", "b", "provenance", "source", "stated"});
    NonEdge ne{region_ref(ids, n, "a", n.str("a")), region_ref(ids, n, "b", n.str("b")), n.origin()};
    if (listed_edge(data, ne.a, ne.b))
      n.fail(fmt::format("{} and {} are listed as not adjacent but share an edge", n.str("a"), n.str("b")));
    data.non_edges.push_back(std::move(ne));
  }
}

void check_regions(const Node& root, const Data& data) {
  const std::vector<Node> entries = root.array("regions");
  for (const Region& r : data.regions) {
    const Node& n = entries[static_cast<std::size_t>(index(r.rid))];
    if (r.degree == 0) n.fail("the region touches no other region");
    for (std::uint8_t i = 0; i < r.port_count; ++i) {
      const Region& sea = data.region(r.port_seas[i]);
      if (!sea.is_sea() || !listed_edge(data, r.rid, sea.rid))
        n.fail("port", fmt::format("{} is not a sea region next to {}", sea.id, r.id));
    }
    if (r.neutral && r.neutral->port_sea != kNoRegion) {
      const Region& sea = data.region(r.neutral->port_sea);
      if (!sea.is_sea() || !listed_edge(data, r.rid, sea.rid))
        n.fail("neutral", fmt::format("port_sea {} is not a sea region next to {}", sea.id, r.id));
    }
    if (r.island)
      for (std::uint8_t i = 0; i < r.degree; ++i)
        if (!data.region(r.adjacent[i]).is_sea()) n.fail("island", "an island touches only sea regions");
  }
}

void read_passages(const Node& root, Data& data, const Ids& ids) {
  Ids passage_ids("passage");
  for (const Node& n : root.array("passages")) {
    n.allow({"id", "name", "seas", "keys", "rule", "provenance", "source", "stated"});
    passage_ids.add(n, 16);
    Passage p;
    p.id = n.str("id");
    p.name = n.str("name");
    const std::vector<std::string> seas = n.strings("seas");
    if (seas.size() != 2) n.fail("seas", "a passage joins two sea regions");
    p.sea_a = region_ref(ids, n, "seas", seas[0]);
    p.sea_b = region_ref(ids, n, "seas", seas[1]);
    if (!data.region(p.sea_a).is_sea() || !data.region(p.sea_b).is_sea() || !listed_edge(data, p.sea_a, p.sea_b))
      n.fail("seas", "a passage joins two sea regions that share an edge");
    const std::vector<std::string> keys = n.strings("keys");
    if (keys.empty() || keys.size() > 2) n.fail("keys", "one or two key territories");
    for (const std::string& k : keys) {
      p.keys[p.key_count] = region_ref(ids, n, "keys", k);
      if (!data.region(p.keys[p.key_count]).is_territory()) n.fail("keys", "a key is a territory");
      ++p.key_count;
    }
    const std::string rule = n.str("rule");
    if (rule == "all-keys")
      p.rule = PassageRule::AllKeys;
    else if (rule == "key")
      p.rule = PassageRule::Key;
    else if (rule == "key-or-aligned")
      p.rule = PassageRule::KeyOrAligned;
    else
      n.fail("rule", "must be \"all-keys\", \"key\" or \"key-or-aligned\"");
    if ((p.rule == PassageRule::AllKeys) != (p.key_count == 2)) n.fail("keys", "all-keys takes two keys, the others one");
    p.origin = n.origin();
    const auto edge = std::find_if(data.edges.begin(), data.edges.end(),
                                   [&](const Edge& e) { return e.a == std::min(p.sea_a, p.sea_b) && e.b == std::max(p.sea_a, p.sea_b); });
    if (edge->passage != kNone) n.fail("seas", "two passages on one edge");
    edge->passage = static_cast<std::uint8_t>(data.passages.size());
    data.passages.push_back(std::move(p));
  }
}

void read_convoys(const Node& root, Data& data, const Ids& ids) {
  Ids convoy_ids("convoy");
  for (const Node& n : root.array("convoys")) {
    n.allow({"id", "kind", "sea", "linked", "from", "to", "flag", "silhouettes", "provenance", "source", "stated"});
    convoy_ids.add(n, 64);
    Convoy c;
    c.id = n.str("id");
    const std::string kind = n.str("kind");
    if (kind == "coastal")
      c.kind = ConvoyKind::Coastal;
    else if (kind == "trans-ocean")
      c.kind = ConvoyKind::TransOcean;
    else
      n.fail("kind", "must be \"coastal\" or \"trans-ocean\"");
    c.sea = region_ref(ids, n, "sea", n.str("sea"));
    if (!data.region(c.sea).is_sea()) n.fail("sea", "must be a sea region");
    auto territory = [&](const char* key) {
      const RegionId r = region_ref(ids, n, key, n.str(key));
      if (!data.region(r).is_territory() || data.region(r).neutral) n.fail(key, "must be a territory that is not neutral");
      return r;
    };
    if (c.kind == ConvoyKind::Coastal) {
      for (const char* key : {"from", "to", "flag"})
        if (n.has(key)) n.fail(key, "a coastal convoy has none; it is linked to one territory");
      c.linked = territory("linked");
      if (!data.region(c.linked).has_port() || !listed_edge(data, c.linked, c.sea))
        n.fail("linked", "a coastal convoy is linked to a port on its sea region (Coastal Convoys)");
    } else {
      if (n.has("linked")) n.fail("linked", "a trans-ocean convoy has an origin and a destination instead");
      c.from = territory("from");
      c.to = territory("to");
      c.flag = n.nation("flag");
    }
    c.silhouettes = n.resources("silhouettes");
    if (c.silhouettes.total() == 0) n.fail("silhouettes", "a convoy carries at least one resource");
    c.origin = n.origin();
    data.convoys.push_back(std::move(c));
  }
}

}  // namespace

void load_map(const Document& doc, Data& data) {
  const Node root = doc.node();
  root.allow({"kind", "edition", "notice", "provenance", "source", "stated", "regions", "edges", "non_edges", "passages", "convoys"});
  data.map_edition = root.str("edition");
  data.map_notice = root.str("notice");
  data.map_origin = root.origin();
  Ids ids("region");
  const std::vector<Node> entries = root.array("regions");
  for (const Node& n : entries) ids.add(n, kMaxRegions);
  for (const Node& n : entries) {
    data.regions.push_back(read_region(n, region_at(static_cast<int>(data.regions.size())), ids));
  }
  read_edges(root, data, ids);
  check_regions(root, data);
  read_passages(root, data, ids);
  read_convoys(root, data, ids);
}

}  // namespace warroom::detail
