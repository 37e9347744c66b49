// The views table (views.yaml) as a whole: valid by views.schema.json, citing real clauses and real operations
// (each read at its operation's path), naming only shared fields, listing every write of the v4 and v2
// descriptions with where its effect is seen (or why nowhere), and naming checks that exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { clauseIndex, loadOpenApi } from '../index.js';
import { loadViews, viewFiles } from './views.js';

type Json = Record<string, unknown>;
const table = loadViews();
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of a spec: operationId, method and path. */
function operations(api: 'v4' | 'v2'): { id: string; method: string; path: string }[] {
  const paths = loadOpenApi(api).paths as Record<string, Json>;
  return Object.entries(paths).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const operation = item[method] as Json | undefined;
      return typeof operation?.operationId === 'string' ? [{ id: operation.operationId, method, path }] : [];
    }),
  );
}

const placeholders = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

describe('spec/fields/views.yaml', () => {
  it('is valid by views.schema.json', () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(viewFiles.schema, 'utf8')) as Json);
    const valid = validate(parse(readFileSync(viewFiles.views, 'utf8')));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('cites clauses that exist in spec/clauses.yaml', () => {
    const known = clauseIndex();
    const cited = Object.values(table.objects).flatMap((object) => [object.clause, ...object.views.flatMap((view) => (view.clause === undefined ? [] : [view.clause]))]);
    expect(cited.filter((clause) => !known.has(clause))).toEqual([]);
  });

  it('reads each view with a GET operation of its API, at that operation\'s path', () => {
    for (const [name, object] of Object.entries(table.objects)) {
      for (const view of object.views) {
        if (view.api !== 'v4' && view.api !== 'v2') continue;
        const operation = operations(view.api).find((o) => o.id === view.operation);
        expect(operation, `${name}.${view.view}: ${view.api} ${view.operation}`).toBeDefined();
        expect(operation?.method, `${name}.${view.view}`).toBe('get');
        expect(placeholders(view.path ?? ''), `${name}.${view.view}`).toBe(placeholders(operation?.path ?? ''));
      }
    }
  });

  it('names only shared fields in find, only and fields, and no field both shared and differing', () => {
    for (const [name, object] of Object.entries(table.objects)) {
      const shared = new Set(object.shared.map((s) => s.field));
      for (const view of object.views) {
        const named = [...(view.find === undefined ? [] : [view.find]), ...(view.only ?? []), ...Object.keys(view.fields ?? {})];
        expect(named.filter((field) => !shared.has(field)), `${name}.${view.view}`).toEqual([]);
      }
      expect((object.differs ?? []).filter((d) => shared.has(d.field)), name).toEqual([]);
      expect(new Set(object.views.map((v) => v.view)).size, `${name}: view names are unique`).toBe(object.views.length);
    }
  });

  it('lists every write of the v4 and v2 descriptions, each seen somewhere or unseen with a reason', () => {
    const writes = (['v4', 'v2'] as const).flatMap((api) => operations(api).filter((o) => o.method !== 'get').map((o) => (api === 'v4' ? o.id : `v2 ${o.id}`)));
    const listed = table.effects.map((effect) => effect.write);
    expect(writes.filter((write) => !listed.includes(write)).sort()).toEqual([]);
    expect(listed.filter((write) => !writes.includes(write))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('names checks that exist in the suites', () => {
    const suites = join(import.meta.dirname, '../../suites');
    const namesIn = (area: string): string => {
      if (!existsSync(join(suites, area))) return '';
      return readdirSync(join(suites, area)).filter((f) => f.endsWith('.test.ts')).map((f) => readFileSync(join(suites, area, f), 'utf8')).join('\n');
    };
    const missing = table.effects.flatMap((effect) => (effect.checks ?? []).filter((id) => {
      const [area, name] = id.split('/') as [string, string];
      return !namesIn(area).includes(`name: '${name}'`);
    }));
    expect(missing).toEqual([]);
  });
});
