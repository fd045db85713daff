// While a nation writes its orders (Phase 2 › Step 1): the key regions its orders would leave with
// none of its units -- an Industry or a Victory condition region it controls, whose last Commands
// are ordered out and none ordered in -- with enemy land units next door, and its capital wherever
// fewer of its units stay or arrive there than the enemy land units next door. Germany walked
// into a Leningrad emptied this way (play-test 2026-12-05, finding 6: +4 Stress); the Odds panel
// covers only the regions a player attacks. From the view (the sheet, the Commands, the regions'
// controllers) and the map's adjacency (the layout); the page decides nothing of the rules.
import type { Stack } from './warroom-map';
import type { MapRegion } from './warroom-geo';

export interface ExposedView {
  nations: {
    id: string;
    alliance: string;
    sheet: { status: string; orders: ({ command: number; to: string; status: string } | null)[] | null };
  }[];
  commands: Stack[];
  regions: { id: string; controller: string | null }[];
  victory?: { alliances: { terms: { regions: { id: string }[] }[] }[] } | null;
}

export interface Exposed {
  region: string;
  why: 'capital' | 'industry' | 'objective';
  enemy: number; // enemy land units in the regions next to it
  stay: number; // the nation's units left in it or ordered into it by these orders
}

const unitsOf = (c: Stack) => Object.values(c.units).reduce((a, b) => a + b, 0);

export function exposedRegions(v: ExposedView, nation: string, layout: Map<string, MapRegion>): Exposed[] {
  const n = v.nations.find((x) => x.id === nation);
  if (!n || n.sheet.status !== 'writing' || !n.sheet.orders) return [];
  const written = n.sheet.orders.filter((o): o is NonNullable<typeof o> => !!o && o.status === 'written');
  const ordered = new Set(written.map((o) => o.command));
  const incoming = new Set(written.map((o) => o.to));
  const objectives = new Set(v.victory?.alliances.flatMap((a) => a.terms.flatMap((t) => t.regions.map((r) => r.id))) ?? []);
  const enemy = new Set(v.nations.filter((x) => x.alliance !== n.alliance).map((x) => x.id));
  const out: Exposed[] = [];
  for (const r of v.regions) {
    const map = layout.get(r.id);
    if (r.controller !== nation || !map) continue;
    const why = map.capital_of ? 'capital' : objectives.has(r.id) ? 'objective' : map.industry ? 'industry' : null;
    if (!why) continue;
    const own = v.commands.filter((c) => c.nation === nation && c.region === r.id);
    const next = v.commands.filter((c) => enemy.has(c.nation) && c.category === 'land' && (map.adjacent ?? []).includes(c.region));
    const count = next.reduce((a, c) => a + unitsOf(c), 0);
    if (!count) continue;
    if (why === 'capital') {
      // A capital is weighed: the units that stay or are ordered in against the enemy next to it
      // (play-test 2026-12-06, finding 3: 2 Armor stayed in Greater Germany beside 8 Soviet units).
      const arriving = written
        .filter((o) => o.to === r.id)
        .map((o) => v.commands.find((c) => c.nation === nation && c.number === o.command));
      const stay = [...own.filter((c) => !ordered.has(c.number)), ...arriving].reduce((a, c) => a + (c ? unitsOf(c) : 0), 0);
      if (stay < count) out.push({ region: r.id, why, enemy: count, stay });
    } else if (!incoming.has(r.id) && own.length && own.every((c) => ordered.has(c.number))) {
      out.push({ region: r.id, why, enemy: count, stay: 0 }); // its last Commands ordered out
    }
  }
  return out;
}
