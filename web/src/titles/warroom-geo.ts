// War Room's world map as the printed board draws it (World Map Features): a polar view with the
// North Pole at the centre, here an azimuthal equidistant projection of Natural Earth's coastlines
// (the world-atlas package, bundled at build time). The War Room regions are the project's
// (data/warroom/map.json), known here only by their centroids: each territory is the part of the land
// nearer its centroid than any other territory's on the same land mass, within a reach; each sea
// region the part of the ocean nearer its centroid than any other sea's. Islands are whole land
// masses, or the island's circle when the land is too small for the coastline data. Nothing here is a
// rule: adjacency, movement and legality come from the server.
import { geoAzimuthalEquidistant, geoGraticule10, geoInterpolate, geoPath, type GeoPath, type GeoProjection } from 'd3-geo';
import { geoVoronoi } from 'd3-geo-voronoi';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import landTopology from 'world-atlas/land-50m.json';

export interface MapRegion {
  id: string;
  name: string;
  type: 'territory' | 'sea' | 'impassable';
  lon: number;
  lat: number;
  sv: number;
  theater?: string;
  island?: boolean;
  owner?: string | null;
  capital_of?: string | null;
  industry?: boolean;
  rail?: boolean;
  port?: string[];
  adjacent?: string[]; // the regions sharing an edge with it (World Map Features › Adjacency)
  neutral?: boolean;
  income?: { oil: number; iron: number; osr: number };
}
export interface MapPassage {
  id: string;
  name: string;
  seas: [string, string];
  keys: string[];
}
export interface MapConvoy {
  id: string;
  kind: 'coastal' | 'trans-ocean';
  sea: string;
  linked: string | null;
  from: string | null;
  to: string | null;
  flag: string | null;
  silhouettes: { oil: number; iron: number; osr: number };
}
export interface MapLayout {
  notice: string;
  regions: MapRegion[];
  passages?: MapPassage[];
  convoys?: MapConvoy[];
}

// A drawn region: its outline (SVG path data in drawing units), the land mass that clips it (the id of
// a clip path, for territories sharing a land mass), and where its label goes.
// `dot`: no land of the coastline data is drawn for it; `circle`: a small island, drawn with the
// island's circle around it (World Map Features › Island).
export interface Shape {
  d: string;
  clip: string | null;
  dot: boolean;
  circle: boolean;
  at: [number, number];
}

export interface Geometry {
  size: number; // the drawing is size x size units
  project: (lon: number, lat: number) => [number, number];
  sphere: string; // the edge of the drawn world
  graticule: string;
  land: string; // every coastline
  clips: { id: string; d: string }[];
  shapes: Map<string, Shape>;
}

const SIZE = 1000;
const EDGE = 150; // degrees from the pole drawn: down to 60° South
const TERRITORY_REACH = 24; // degrees: land farther than this from every territory is off the War Room map
const SEA_REACH = 34;
const ISLAND_SNAP = 1.2; // degrees: an island centroid this near a land mass is on it
const STRAY_REACH = 9; // degrees: a land mass with no centroid joins the nearest territory this near
const SMALL_ISLAND = 3; // drawing units: an island smaller than this gets the island's circle
const RAD = Math.PI / 180;

type Ring = Position[];

// A land mass of the coastline data, with a cheap bound for distance questions.
interface Mass {
  rings: Ring[];
  centre: Position;
  radius: number;
  polar?: [number, number][][];
}

// Great-circle distance in degrees (haversine).
function degrees(a: Position, b: Position): number {
  const s1 = Math.sin(((b[1] - a[1]) * RAD) / 2),
    s2 = Math.sin(((b[0] - a[0]) * RAD) / 2);
  const h = s1 * s1 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * s2 * s2;
  return (2 * Math.asin(Math.min(1, Math.sqrt(h)))) / RAD;
}

function massesOf(): Mass[] {
  const topo = landTopology as unknown as Topology<{ land: GeometryCollection }>;
  const fc = feature(topo, topo.objects.land);
  const polygons: Ring[][] = [];
  for (const f of fc.features as Feature<Polygon | MultiPolygon>[]) {
    if (f.geometry.type === 'Polygon') polygons.push(f.geometry.coordinates);
    else polygons.push(...f.geometry.coordinates);
  }
  return polygons
    .filter((p) => p[0].some(([, lat]) => lat > -62)) // not Antarctica
    .map((rings) => {
      const ring = rings[0];
      // The centre of the ring's points on the unit sphere, back to longitude and latitude.
      let x = 0,
        y = 0,
        z = 0;
      for (const [lon, lat] of ring) {
        x += Math.cos(lat * RAD) * Math.cos(lon * RAD);
        y += Math.cos(lat * RAD) * Math.sin(lon * RAD);
        z += Math.sin(lat * RAD);
      }
      const centre: Position = [Math.atan2(y, x) / RAD, Math.atan2(z, Math.hypot(x, y)) / RAD];
      return { rings, centre, radius: Math.max(...ring.map((p) => degrees(centre, p))) };
    });
}

// How far a point is from a land mass's coast, in degrees (Infinity when surely beyond `limit`).
function distanceTo(p: Position, m: Mass, limit: number): number {
  if (degrees(p, m.centre) - m.radius > limit) return Infinity;
  let best = Infinity;
  for (const q of m.rings[0]) best = Math.min(best, degrees(p, q));
  return best;
}

// Whether a point is inside a land mass: a ray crossing test on the polar projection, where no land
// mass kept here wraps around the pole or reaches the drawing's edge.
function contains(m: Mass, p: Position, polar: GeoProjection): boolean {
  if (degrees(p, m.centre) > m.radius) return false;
  const [x, y] = polar(p as [number, number])!;
  let inside = false;
  m.polar ??= m.rings.map((ring) => ring.map((v) => polar(v as [number, number])!));
  for (const q of m.polar) {
    for (let i = 0, j = q.length - 1; i < q.length; j = i++)
      if (q[i][1] > y !== q[j][1] > y && x < ((q[j][0] - q[i][0]) * (y - q[i][1])) / (q[j][1] - q[i][1]) + q[i][0]) inside = !inside;
  }
  return inside;
}

// Adds points along each edge of a ring so that its straight pieces stay near the great circle when
// the ring is cut in a local projection.
function densify(ring: Ring, step = 1): Ring {
  const out: Ring = [];
  for (let i = 0; i + 1 < ring.length; ++i) {
    const a = ring[i] as [number, number],
      b = ring[i + 1] as [number, number];
    const n = Math.max(1, Math.ceil(degrees(a, b) / step));
    const f = geoInterpolate(a, b);
    for (let k = 0; k < n; ++k) out.push(f(k / n));
  }
  out.push(ring[ring.length - 1]);
  return out;
}

// The part of a (convex) Voronoi cell within `reach` degrees of its site: the cell is cut by a
// 72-sided circle in an azimuthal projection centred on the site (Sutherland-Hodgman).
function withinReach(ring: Ring, site: [number, number], reach: number): Ring | null {
  const local = geoAzimuthalEquidistant().rotate([-site[0], -site[1]]).scale(1).translate([0, 0]).clipAngle(179);
  const r = reach * RAD;
  let poly = densify(ring)
    .map((p) => local(p as [number, number]))
    .filter((p): p is [number, number] => !!p);
  const sides = 72;
  for (let i = 0; i < sides && poly.length; ++i) {
    const a0 = (2 * Math.PI * i) / sides,
      a1 = (2 * Math.PI * (i + 1)) / sides;
    const ax = r * Math.cos(a0),
      ay = r * Math.sin(a0),
      bx = r * Math.cos(a1),
      by = r * Math.sin(a1);
    const side = (p: [number, number]) => (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax);
    const sign = side([0, 0]) > 0 ? 1 : -1;
    const inside = (p: [number, number]) => side(p) * sign >= 0;
    const cut = (p: [number, number], q: [number, number]): [number, number] => {
      const sp = side(p),
        sq = side(q),
        t = sp / (sp - sq);
      return [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
    };
    const next: [number, number][] = [];
    for (let k = 0; k < poly.length; ++k) {
      const p = poly[k],
        q = poly[(k + 1) % poly.length];
      if (inside(p)) {
        next.push(p);
        if (!inside(q)) next.push(cut(p, q));
      } else if (inside(q)) next.push(cut(p, q));
    }
    poly = next;
  }
  if (poly.length < 3) return null;
  const out = poly.map((p) => local.invert!(p) as Position);
  out.push(out[0]);
  return out;
}

// Voronoi cells of two or more sites, each within reach of its site, as rings (null: no cell).
function cells(sites: [number, number][], reach: number): (Ring | null)[] {
  const polygons = geoVoronoi(sites).polygons();
  const out: (Ring | null)[] = sites.map(() => null);
  for (const f of polygons.features) {
    const i = sites.indexOf(f.properties.site);
    if (i >= 0 && f.geometry) out[i] = withinReach(f.geometry.coordinates[0], sites[i], reach);
  }
  return out;
}

// Each land mass's outline is drawn once: the coastlines, the clips and the islands share it.
function outlines(path: GeoPath, masses: Mass[]): (k: number[]) => string {
  const d = masses.map(() => null as string | null);
  return (ks) => ks.map((k) => (d[k] ??= path({ type: 'Polygon', coordinates: masses[k].rings }) ?? '')).join('');
}

export function mapGeometry(layout: MapLayout): Geometry {
  const projection: GeoProjection = geoAzimuthalEquidistant()
    .rotate([0, -90])
    .clipAngle(EDGE)
    .scale((SIZE / 2 - 4) / (EDGE * RAD))
    .translate([SIZE / 2, SIZE / 2])
    .precision(0.3);
  const path = geoPath(projection);
  const project = (lon: number, lat: number) => projection([lon, lat]) ?? [SIZE / 2, SIZE / 2];
  const polygons = massesOf();
  const outline = outlines(path, polygons);
  const landOf: number[] = []; // territory index -> land mass (-1: drawn as the island's circle)
  const land = layout.regions.filter((r) => r.type !== 'sea');
  const masses = new Map<number, number[]>(); // land mass -> territories on it
  land.forEach((r, i) => {
    const p: Position = [r.lon, r.lat];
    let m = polygons.findIndex((mass) => contains(mass, p, projection));
    if (m < 0) {
      let best = Infinity;
      polygons.forEach((mass, k) => {
        const d = distanceTo(p, mass, r.island ? ISLAND_SNAP : 30);
        if (d < best) {
          best = d;
          m = k;
        }
      });
      if (best > (r.island ? ISLAND_SNAP : 30)) m = -1;
    }
    landOf[i] = m;
    if (m >= 0) masses.set(m, [...(masses.get(m) ?? []), i]);
  });
  // Land masses with no territory join the nearest territory near enough (a second island of an
  // archipelago); the rest is land the War Room map does not use.
  const extra = new Map<number, number[]>(); // territory -> extra land masses
  polygons.forEach((mass, k) => {
    if (masses.has(k)) return;
    let best = Infinity,
      who = -1;
    land.forEach((r, i) => {
      const d = distanceTo([r.lon, r.lat], mass, STRAY_REACH);
      if (d < best) {
        best = d;
        who = i;
      }
    });
    if (who >= 0 && best < STRAY_REACH) extra.set(who, [...(extra.get(who) ?? []), k]);
  });
  const shapes = new Map<string, Shape>();
  const clips: { id: string; d: string }[] = [];
  for (const [m, members] of masses) {
    const own = members.map((i) => extra.get(i) ?? []);
    if (members.length === 1) {
      const i = members[0];
      const [[x0, y0], [x1, y1]] = path.bounds({ type: 'Polygon', coordinates: polygons[m].rings });
      const circle = !!land[i].island && Math.max(x1 - x0, y1 - y0) < SMALL_ISLAND;
      shapes.set(land[i].id, { d: outline([m, ...own[0]]), clip: null, dot: false, circle, at: project(land[i].lon, land[i].lat) });
      continue;
    }
    const clip = `wr-land-${m}`;
    clips.push({ id: clip, d: outline([m]) });
    const rings = cells(
      members.map((i) => [land[i].lon, land[i].lat]),
      TERRITORY_REACH,
    );
    members.forEach((i, j) => {
      const cell = rings[j] ? (path({ type: 'Polygon', coordinates: [rings[j]!] }) ?? '') : '';
      // Extra land masses are drawn whole, outside the clip: appended as their own path.
      shapes.set(land[i].id, { d: cell, clip, dot: false, circle: false, at: project(land[i].lon, land[i].lat) });
      if (own[j].length)
        shapes.set(`${land[i].id}+`, { d: outline(own[j]), clip: null, dot: false, circle: false, at: project(land[i].lon, land[i].lat) });
    });
  }
  land.forEach((r, i) => {
    if (landOf[i] < 0) shapes.set(r.id, { d: '', clip: null, dot: true, circle: true, at: project(r.lon, r.lat) });
  });
  const seas = layout.regions.filter((r) => r.type === 'sea');
  cells(
    seas.map((r) => [r.lon, r.lat]),
    SEA_REACH,
  ).forEach((ring, j) => {
    shapes.set(seas[j].id, {
      d: ring ? (path({ type: 'Polygon', coordinates: [ring] }) ?? '') : '',
      clip: null,
      dot: false,
      circle: false,
      at: project(seas[j].lon, seas[j].lat),
    });
  });
  return {
    size: SIZE,
    project,
    sphere: path({ type: 'Sphere' }) ?? '',
    graticule: path(geoGraticule10()) ?? '',
    land: outline(polygons.map((_, k) => k)),
    clips,
    shapes,
  };
}
