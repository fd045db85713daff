// Queries on the static map (World Map Features; design §3.4): neighbours, edges, distances for
// land, naval and air moves, the narrow passages and the rail net. "Static" means the printed
// geography only: control, enemies, Bomb tokens and the Yellow Zone are the rules' business.
#pragma once

#include <span>

#include "warroom/data.h"

namespace warroom {

// The regions sharing an edge with `r`, by ascending id (corners are not adjacent).
inline std::span<const RegionId> neighbours(const Data& d, RegionId r) {
  const Region& reg = d.region(r);
  return {reg.adjacent.data(), reg.degree};
}

inline bool is_edge(const Data& d, RegionId a, RegionId b) { return d.tables.adjacent[a].test(b); }

// Steps between two regions, or kUnreachable.
//  land: territory to territory over land edges (Plotting Land Commands; impassable regions excluded)
//  sea:  sea region to sea region (Plotting Naval Commands)
//  air:  any region to any region over every edge (Plotting Air Commands: the Sahara and the
//        Himalayas count as regions)
//  rail: along rail edges between rail territories (Plotting Land Commands by Rail)
inline int land_distance(const Data& d, RegionId a, RegionId b) { return d.tables.land[d.tables.pair(a, b)]; }
inline int sea_distance(const Data& d, RegionId a, RegionId b) { return d.tables.sea[d.tables.pair(a, b)]; }
inline int air_distance(const Data& d, RegionId a, RegionId b) { return d.tables.air[d.tables.pair(a, b)]; }
inline int rail_distance(const Data& d, RegionId a, RegionId b) { return d.tables.rail[d.tables.pair(a, b)]; }

// Both territories on the same static rail net (a rail path may exist before control is considered).
inline bool rail_connected(const Data& d, RegionId a, RegionId b) {
  return d.tables.rail_component[a] != kNone && d.tables.rail_component[a] == d.tables.rail_component[b];
}

// The edge between a and b, or nullptr.
const Edge* edge_between(const Data& d, RegionId a, RegionId b);

// The narrow passage between two sea regions, or nullptr (The World's Narrow Sea Passages).
const Passage* passage_between(const Data& d, RegionId sea_a, RegionId sea_b);

// Territories with a port on `sea` (Ports; Port Advantage; Phase 5 › Step 2).
std::vector<RegionId> ports_of(const Data& d, RegionId sea);

// The regions adjacent to both a and b, by ascending id: the intermediate regions a two-region
// move from a to b may pass through (ruling 93: the owner chooses; Movement Examples, Row 1 Box 2).
std::vector<RegionId> intermediates(const Data& d, RegionId a, RegionId b);

// Whether the land edge a-b carries rails.
bool rail_edge(const Data& d, RegionId a, RegionId b);

}  // namespace warroom
