// The browser's types of the server's view (web/src/view-types.ts), generated from the view's JSON
// Schema (schema/view.schema.json, docs/view.md) by json-schema-to-typescript. `npm run build` runs
// it first; src/view-types.test.ts fails when the file in the tree is not what the schema gives.
//   node scripts/view-types.mjs           writes src/view-types.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import prettier from 'prettier';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
export const SCHEMA = here('../../schema/view.schema.json');
export const TYPES = here('../src/view-types.ts');

const BANNER = `// Generated from schema/view.schema.json by web/scripts/view-types.mjs (npm run build): do not edit.
// The view's fields and what they mean: docs/view.md.`;

// The TypeScript the schema gives, laid out as the project's Prettier settings say.
export async function viewTypes() {
  const schema = JSON.parse(readFileSync(SCHEMA, 'utf8'));
  const ts = await compile(schema, 'View', { bannerComment: BANNER, additionalProperties: false, format: false, unknownAny: true });
  const options = (await prettier.resolveConfig(TYPES)) ?? {};
  return prettier.format(ts, { ...options, filepath: TYPES });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(TYPES, await viewTypes());
}
