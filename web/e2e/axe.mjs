// An accessibility check for the browser tests (axe-core, WCAG 2 A and AA): the serious or critical
// violations on the page, each as "rule (count): where" (empty: none).
import { createRequire } from 'node:module';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export async function seriousViolations(page) {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () =>
    (await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] })).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.nodes.length}): ${v.nodes
            .slice(0, 2)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      ),
  );
}
