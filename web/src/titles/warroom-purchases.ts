// War Room's purchase panel (Phase 7 › Step 3. Note Purchase of Units) on the seat's own Orders &
// Purchases Chart: a row for each unit the nation may buy with its cost in oil, iron and OSR (marked
// where the cost is the project's reconstruction) and its count (− and + send one unbuy or buy; a
// typed count sends as many as it takes, one at a time, while the page still offers them); the
// Civilian Goods as one row with a chooser of the mixes the engine offers; what the chart spends,
// what is held and what is left after the purchases; the room of each Industry. Every figure is
// the view's ("purchase" of the nation's sheet, warroom/view.cpp); every button sends one of the
// seat's legal actions; the page never decides what is legal or what it costs.
import type { Legal } from '../actions';
import { escape } from '../api';
import type { Resources, WarRoomPurchase } from '../view-types';
import { t } from '../i18n';
import { reconstructedMark } from '../provenance';
import './warroom-purchases.css';

// The chart's purchase panel as the view gives it (view-types.ts).
export type { Resources };
export type Purchase = WarRoomPurchase;

const RESOURCES = ['oil', 'iron', 'osr'] as const;

// The mix of Civilian Goods last chosen for each nation ("1/2/2": oil, iron, OSR), kept while the page
// is drawn again.
const chosenMix = new Map<string, string>();

// Why a typed count was not reached, by nation, shown on the panel until the next purchase is sent
// (the panel is drawn anew with every view, a bot's move included).
const refusals = new Map<string, string>();

// Why the engine offers no more of a unit (ruling 79: a purchase is refused at entry if it cannot be
// paid or placed): the first resource one more would overdraw, else the room under the Industry
// tokens (naval units only where there is a port; Infantry may also be mobilized).
export function whyNoMore(p: Purchase, unit: string): string {
  const u = p.units.find((x) => x.unit === unit);
  if (!u) return '';
  const short = RESOURCES.find((k) => u.cost[k] > p.left[k]);
  if (short) return t('warroom.purchase.why_short', { need: u.cost[short], resource: t(`warroom.resource.${short}`), left: p.left[short] });
  // The first of the engine's three limits one more would pass (purchase_fits, warroom/economy.cpp).
  const { naval, other, inf } = p.placing;
  const limits: [boolean, number, number][] = [
    [u.category === 'sea', naval, p.room.naval],
    [unit !== 'inf', naval + other, p.room.units],
    [true, naval + other + inf, p.room.units + p.room.mobilization],
  ];
  const [, placing, room] = limits.find(([applies, noted, space]) => applies && noted + 1 > space) ?? limits[2];
  return t('warroom.purchase.why_room', { placing, room });
}

const mark = (provenance: string) => (provenance === 'reconstructed' ? ` ${reconstructedMark(provenance)}` : '');

const cells = (r: Resources, cls = '') => RESOURCES.map((k) => `<td class="res ${k}${cls}">${r[k]}</td>`).join('');

// − [count] +: each button carries the one legal action it sends, or is disabled. Their names carry
// the nation, since two nations' charts may be shown at once (Germany and Italy in War in Europe).
function counter(nation: string, label: string, count: number, fewer: string | undefined, more: string | undefined, why = ''): string {
  const named = { nation: t(`warroom.nation.${nation}`), what: label };
  const button = (cls: string, sign: string, action: string | undefined, name: string, title = '') =>
    `<button class="${cls}" ${action ? `data-action="${escape(action)}"` : 'disabled'} aria-label="${escape(name)}"${title ? ` title="${escape(title)}"` : ''}>${sign}</button>`;
  return `<span class="counter">${button('fewer', '−', fewer, t('warroom.purchase.fewer', named))}<input class="count" type="number" min="0" value="${count}" inputmode="numeric" aria-label="${escape(t('warroom.purchase.count_of', named))}">${button('more', '+', more, t('warroom.purchase.more', named), more ? '' : why)}</span>`;
}

// A mix of Civilian Goods as a buy's fields give it ({oil, iron, osr}), and as the chooser keys it.
const mixOf = (legal: Legal, action: string) => legal.fields[action].mix as Resources;
const mixKey = (m: Resources) => `${m.oil}/${m.iron}/${m.osr}`;

// The Civilian Goods' buys the engine offers (one per mix), the chosen one and the unbuy of its mix.
function goodsMixes(nation: string, legal: Legal) {
  const buys = legal.where({ kind: 'buy', nation, unit: 'goods' });
  const buy = buys.find((a) => mixKey(mixOf(legal, a)) === chosenMix.get(nation)) ?? buys[0];
  const unbuys = legal.where({ kind: 'unbuy', nation, unit: 'goods' });
  const unbuy = unbuys.find((a) => buy && mixKey(mixOf(legal, a)) === mixKey(mixOf(legal, buy))) ?? unbuys[0];
  return { buys, buy, unbuy };
}

export function purchasePanel(nation: string, p: Purchase, legal: Legal): string {
  const unitRows = p.units
    .map((u) => {
      const name = t(`warroom.unit.${u.unit}`);
      const buy = legal.find({ kind: 'buy', nation, unit: u.unit }),
        unbuy = legal.find({ kind: 'unbuy', nation, unit: u.unit });
      return `<tr data-unit="${escape(u.unit)}"><th scope="row">${escape(name)}${mark(u.provenance)}</th>${cells(u.cost)}
        <td>${counter(nation, name, u.bought, unbuy, buy, buy ? '' : whyNoMore(p, u.unit))}</td></tr>`;
    })
    .join('');
  const g = goodsMixes(nation, legal);
  const goodsName = t('warroom.purchase.goods');
  const mixChooser = g.buys.length
    ? `<select class="mix" aria-label="${escape(t('warroom.purchase.mix_label'))}">${g.buys
        .map((a) => {
          const m = mixOf(legal, a);
          return `<option value="${escape(a)}" data-mix="${escape(mixKey(m))}"${a === g.buy ? ' selected' : ''}>${escape(t('warroom.purchase.mix', { ...m }))}</option>`;
        })
        .join('')}</select>`
    : '';
  const goodsRow = `<tr class="goods" data-unit="goods"><th scope="row">${escape(goodsName)}${mark(p.goods.provenance)}
      <small>${escape(t('warroom.purchase.goods_cost', { count: p.goods.cost_any }))}</small></th>
      <td colspan="3" class="mix-cell">${mixChooser}<small class="paid">${escape(t('warroom.purchase.goods_paid', { ...p.goods.paid }))}</small></td>
      <td>${counter(nation, goodsName, p.goods.count, g.unbuy, g.buy)}</td></tr>`;
  const total = (key: string, label: string, r: Resources) =>
    `<tr class="${key}"><th scope="row">${escape(label)}</th>${cells(r, RESOURCES.some((k) => r[k] < 0) ? ' short' : '')}<td></td></tr>`;
  const industries = p.industries
    .map(
      (i) =>
        `<li data-region="${escape(i.region)}"><b>${escape(i.region)}</b> ${escape(t('warroom.purchase.industry_room', { room: i.room, sv: i.sv, bombs: i.bombs }))}${i.port ? ` · ${escape(t('warroom.purchase.port'))}` : ''}</li>`,
    )
    .join('');
  const placing = p.placing.naval + p.placing.other + p.placing.inf;
  return `<div class="purchase" data-nation="${escape(nation)}">
    <h4>${escape(t('warroom.purchase.title'))}</h4>
    <table class="purchase-table">
      <thead><tr><th scope="col">${escape(t('warroom.purchase.unit'))}</th>${RESOURCES.map((k) => `<th scope="col" class="res">${escape(t(`warroom.resource.${k}`))}</th>`).join('')}<th scope="col">${escape(t('warroom.purchase.count'))}</th></tr></thead>
      <tbody>${unitRows}${goodsRow}</tbody>
      <tfoot>${total('spent', t('warroom.purchase.spent'), p.spent)}${total('held', t('warroom.purchase.held'), p.held)}${total('left', t('warroom.purchase.left'), p.left)}</tfoot>
    </table>
    <p class="purchase-refused error" role="alert"${refusals.get(nation) ? '' : ' hidden'}>${escape(refusals.get(nation) ?? '')}</p>
    <p class="room" role="status">${escape(t('warroom.purchase.placing', { placing, room: p.room.units, naval: p.placing.naval, naval_room: p.room.naval }))}${
      p.room.mobilization ? ` ${escape(t('warroom.purchase.mobilization', { count: p.room.mobilization }))}` : ''
    }</p>
    <ul class="industries" aria-label="${escape(t('warroom.purchase.industries'))}">${industries}</ul>
  </div>`;
}

// The panel's buttons, the typed counts and the mix chooser. A typed count presses − or + as many
// times as it takes, each time once the page is drawn again from the engine's answer, and stops
// where the page no longer offers the button (nothing more affordable or placeable).
export function bindPurchases(root: HTMLElement, act: (action: string) => Promise<void>): void {
  root.querySelectorAll<HTMLElement>('.purchase').forEach((panel) => {
    const nation = panel.dataset.nation!;
    panel.querySelector<HTMLSelectElement>('select.mix')?.addEventListener('change', (e) => {
      const option = (e.target as HTMLSelectElement).selectedOptions[0];
      chosenMix.set(nation, option.dataset.mix!);
      const buy = panel.querySelector<HTMLButtonElement>('tr.goods button.more');
      if (buy && !buy.disabled) buy.dataset.action = option.value;
    });
    panel.querySelectorAll<HTMLButtonElement>('button[data-action]').forEach((b) =>
      b.addEventListener('click', () => {
        refusals.delete(nation);
        act(b.dataset.action!);
      }),
    );
    panel.querySelectorAll<HTMLTableRowElement>('tr[data-unit]').forEach((row) => {
      const input = row.querySelector<HTMLInputElement>('input.count');
      const unit = row.dataset.unit!;
      const setCount = async () => {
        const wanted = Math.max(0, Math.floor(Number(input!.value) || 0));
        refusals.delete(nation);
        const row = () => document.querySelector<HTMLElement>(`.purchase[data-nation="${nation}"] tr[data-unit="${unit}"]`);
        const count = () => Number(row()?.querySelector<HTMLInputElement>('input.count')?.defaultValue ?? wanted);
        for (let now = count(); now !== wanted;) {
          const b = row()?.querySelector<HTMLButtonElement>(`button.${wanted > now ? 'more' : 'fewer'}[data-action]`);
          if (!b) break;
          await act(b.dataset.action!);
          // The page is drawn again from the server's answer; a count that does not change within a
          // few seconds was refused: nothing more to do.
          for (let waited = 0; count() === now && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
          if (count() === now) break;
          now = count();
        }
        // Where the count could not be reached, the input shows the count the chart holds and the
        // panel says why (the reason the + button's title gives).
        const shown = row()?.querySelector<HTMLInputElement>('input.count');
        if (shown) shown.value = String(count());
        const why = row()?.querySelector<HTMLButtonElement>('button.more[disabled]')?.title;
        if (count() < wanted && why) {
          const text = t('warroom.purchase.refused', { unit: t(`warroom.unit.${unit}`), count: count(), wanted, why });
          refusals.set(nation, text);
          const said = document.querySelector<HTMLElement>(`.purchase[data-nation="${nation}"] .purchase-refused`);
          if (said) {
            said.textContent = text;
            said.hidden = false;
          }
        }
      };
      input?.addEventListener('change', setCount);
      input?.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') input.blur();
      });
    });
  });
}
