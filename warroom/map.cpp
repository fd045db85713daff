#include "warroom/map.h"

#include <algorithm>
#include <deque>

#include "warroom/data_reader.h"

namespace warroom {

namespace {

// Breadth-first distances from every region, following the edges `use` accepts.
template <class Use>
std::vector<std::uint8_t> all_distances(const Data& d, Use use) {
  const std::size_t n = d.region_count();
  std::vector<std::uint8_t> dist(n * n, kUnreachable);
  std::deque<RegionId> queue;
  for (RegionId from : d.regions.ids()) {
    std::uint8_t* row = &dist[static_cast<std::size_t>(index(from)) * n];
    row[index(from)] = 0;
    queue.assign(1, from);
    while (!queue.empty()) {
      const RegionId at = queue.front();
      queue.pop_front();
      for (RegionId next : neighbours(d, at))
        if (row[index(next)] == kUnreachable && use(at, next)) {
          row[index(next)] = static_cast<std::uint8_t>(std::min(254, row[index(at)] + 1));
          queue.push_back(next);
        }
    }
  }
  return dist;
}

}  // namespace

const Edge* edge_between(const Data& d, RegionId a, RegionId b) {
  const RegionId lo = std::min(a, b), hi = std::max(a, b);
  for (const Edge& e : d.edges)
    if (e.a == lo && e.b == hi) return &e;
  return nullptr;
}

const Passage* passage_between(const Data& d, RegionId sea_a, RegionId sea_b) {
  const Edge* e = edge_between(d, sea_a, sea_b);
  return e && e->passage != kNone ? &d.passages[e->passage] : nullptr;
}

std::vector<RegionId> ports_of(const Data& d, RegionId sea) {
  std::vector<RegionId> out;
  for (const Region& r : d.regions)
    if (std::find(r.port_seas.begin(), r.port_seas.begin() + r.port_count, sea) != r.port_seas.begin() + r.port_count) out.push_back(r.rid);
  return out;
}

std::vector<RegionId> intermediates(const Data& d, RegionId a, RegionId b) {
  std::vector<RegionId> out;
  for (RegionId n : neighbours(d, a))
    if (n != b && is_edge(d, n, b)) out.push_back(n);
  return out;
}

bool rail_edge(const Data& d, RegionId a, RegionId b) {
  const Edge* e = edge_between(d, a, b);
  return e && e->rail;
}

namespace detail {

void build_tables(Data& data) {
  const std::size_t n = data.region_count();
  MapTables& t = data.tables;
  t.adjacent.items.assign(n, {});
  for (const Edge& e : data.edges) {
    t.adjacent[e.a].set(e.b);
    t.adjacent[e.b].set(e.a);
  }
  std::vector<std::uint8_t> rail_edges(n * n, 0);
  for (const Edge& e : data.edges)
    if (e.rail) rail_edges[t.pair(e.a, e.b)] = rail_edges[t.pair(e.b, e.a)] = 1;
  const Data& d = data;
  t.land = all_distances(d, [&](RegionId, RegionId b) { return d.region(b).is_territory(); });
  t.sea = all_distances(d, [&](RegionId a, RegionId b) { return d.region(a).is_sea() && d.region(b).is_sea(); });
  t.air = all_distances(d, [](RegionId, RegionId) { return true; });
  t.rail = all_distances(d, [&](RegionId a, RegionId b) { return rail_edges[t.pair(a, b)] != 0; });
  t.rail_component.items.assign(n, kNone);
  std::uint8_t next = 0;
  for (RegionId r : data.regions.ids()) {
    if (!data.regions[r].rail || t.rail_component[r] != kNone) continue;
    for (RegionId o : data.regions.ids())
      if (t.rail[t.pair(r, o)] != kUnreachable) t.rail_component[o] = next;
    ++next;
  }
}

}  // namespace detail

}  // namespace warroom
