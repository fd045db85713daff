import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the build's script is plain JavaScript, run by Node
import { TYPES, viewTypes } from '../scripts/view-types.mjs';

describe('the view’s types', () => {
  it('are what schema/view.schema.json gives (npm run build writes them again)', async () => {
    expect(readFileSync(TYPES, 'utf8')).toBe(await viewTypes());
  });
});
