import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the build's script is plain JavaScript, run by Node
import { FILES, typesOf } from '../scripts/view-types.mjs';

// The view's types and each title's log events and action fields (src/wire/*.ts).
const files: { schema: string; types: string }[] = FILES;

describe('the view’s types', () => {
  for (const file of files)
    it(`${file.types.split('/src/').pop()} is what ${file.schema.split('/').pop()} gives (npm run build writes it again)`, async () => {
      expect(readFileSync(file.types, 'utf8')).toBe(await typesOf(file));
    });
});
