// The browser's types of the server's view (web/src/view-types.ts), generated from the view's JSON
// Schema (schema/view.schema.json, docs/view.md) by json-schema-to-typescript, and the types of each
// title's log events and action fields (web/src/wire/<title>-log.ts, <title>-actions.ts: one
// discriminated union each, by `event` or `kind`), from the schemas the titles' tables give
// (schema/<title>-log.schema.json, ...; tests/core/wire_schema_test.cpp). `npm run build` runs it
// first; src/view-types.test.ts fails when a file in the tree is not what its schema gives.
//   node scripts/view-types.mjs           writes them all
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import prettier from 'prettier';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
export const SCHEMA = here('../../schema/view.schema.json');
export const TYPES = here('../src/view-types.ts');

// Each generated file: its schema, its type file, and the name of its root type.
const wire = ['churchill', 'warroom', 'hills'].flatMap((title) =>
  ['log', 'actions'].map((what) => ({
    schema: here(`../../schema/${title}-${what}.schema.json`),
    types: here(`../src/wire/${title}-${what}.ts`),
  })),
);
export const FILES = [{ schema: SCHEMA, types: TYPES, name: 'View' }, ...wire];

const banner = (schema) => `// Generated from schema/${schema.split('/').pop()} by web/scripts/view-types.mjs (npm run build): do not edit.
// ${schema === SCHEMA ? "The view's fields and what they mean" : 'What it holds and how the schema is made'}: docs/view.md.`;

// The TypeScript a schema gives, laid out as the project's Prettier settings say.
export async function typesOf({ schema, types, name }) {
  const json = JSON.parse(readFileSync(schema, 'utf8'));
  const ts = await compile(json, name ?? json.title, {
    bannerComment: banner(schema),
    additionalProperties: false,
    format: false,
    unknownAny: true,
  });
  const options = (await prettier.resolveConfig(types)) ?? {};
  return prettier.format(ts, { ...options, filepath: types });
}
export const viewTypes = () => typesOf(FILES[0]);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const file of FILES) writeFileSync(file.types, await typesOf(file));
}
