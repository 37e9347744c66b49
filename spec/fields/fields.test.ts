// The field tables as a whole: valid by fields.schema.json, citing real clauses, and listing every field the
// description (and the spec written from it) defines for deliveries and for the objects it shows.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { clauseIndex, loadOpenApi } from '../index.js';
import { readDescriptionFacts } from '../scripts/description.js';
import { fieldFiles, judges, loadEventFields, loadObjectFields, parseEventFields, parseObjectFields, type FieldRule } from './index.js';

type Json = Record<string, unknown>;
const events = loadEventFields();
const objects = loadObjectFields();

/** The property names of a spec schema, through $ref and allOf (local references only). */
function propertiesOf(doc: Json, schema: unknown, seen = new Set<string>()): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    if (seen.has(s.$ref)) return [];
    seen.add(s.$ref);
    const target = s.$ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
    return propertiesOf(doc, target, seen);
  }
  const own = typeof s.properties === 'object' && s.properties !== null ? Object.keys(s.properties) : [];
  const parts = Array.isArray(s.allOf) ? s.allOf.flatMap((part) => propertiesOf(doc, part, seen)) : [];
  return [...new Set([...own, ...parts])];
}

function flatSchemaOf(type: string): unknown {
  const doc = loadOpenApi('v2');
  const item = (doc['x-webhooks'] as Record<string, Json>)[type];
  const body = ((item?.post as Json | undefined)?.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  return body?.['application/json']?.schema;
}

const allRules = (): FieldRule[] => [
  ...events.headers,
  ...events.envelope,
  ...events.flat_base,
  ...Object.values(events.events).flatMap((table) => [...(table.v4_data ?? []), ...(table.flat ?? [])]),
  ...Object.values(objects.objects).flatMap((table) => [...table.fields, ...table.operations.flatMap((operation) => operation.rules)]),
];

describe('spec/fields', () => {
  it('are valid by fields.schema.json', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(fieldFiles.schema, 'utf8')) as Json);
    for (const file of [fieldFiles.events, fieldFiles.objects]) {
      const valid = validate(parse(readFileSync(file, 'utf8')));
      expect(validate.errors ?? [], file).toEqual([]);
      expect(valid).toBe(true);
    }
  });

  it('cite clauses that exist in spec/clauses.yaml', () => {
    const known = clauseIndex();
    const cited = [...allRules().map((rule) => rule.clause), ...Object.values(events.events).map((t) => t.clause), ...Object.values(objects.objects).map((t) => t.clause)].filter((c): c is string => c !== undefined);
    expect([...new Set(cited)].filter((clause) => !known.has(clause))).toEqual([]);
  });

  it('have a table for every event type the description names', () => {
    expect(readDescriptionFacts().eventTypes.filter((type) => events.events[type] === undefined)).toEqual([]);
  });

  it('list every flat field the v2 spec gives each event type', () => {
    const listed = (type: string) => new Set([...events.flat_base, ...(events.events[type]?.flat ?? [])].map((rule) => rule.field));
    const missing = Object.keys(events.events)
      .filter((type) => events.events[type]?.not_shown === undefined)
      .flatMap((type) => propertiesOf(loadOpenApi('v2'), flatSchemaOf(type)).filter((field) => !listed(type).has(field)).map((field) => `${type}.${field}`));
    expect(missing).toEqual([]);
  });

  it("list every field of message.received's v4 data", () => {
    const spec = propertiesOf(loadOpenApi('v4'), { $ref: '#/components/schemas/MessageReceivedData' });
    const listed = new Set((events.events['message.received']?.v4_data ?? []).map((rule) => rule.field));
    expect(spec.filter((field) => !listed.has(field))).toEqual([]);
  });

  it('give every object field a judge that applies, or a reason', () => {
    const bare = Object.entries(objects.objects).flatMap(([name, table]) => table.fields.filter((rule) => rule.judge === 'schema' && rule.reason === undefined).map((rule) => `${name}.${rule.field}`));
    expect(bare).toEqual([]);
  });

  it('name only judges that exist: a rule naming an unknown judge fails to load', () => {
    const events = (judge: string) => `version: 1\nheaders: []\nenvelope: []\nflat_base: []\nv4_data_not_shown: none\nevents:\n  message.reaction:\n    clause: events.message-reaction.shape\n    flat:\n      - { field: action, judge: ${judge}, from: did.action }\n`;
    expect(parseEventFields(events('equals')).events['message.reaction']?.flat?.[0]?.judge).toBe('equals');
    expect(() => parseEventFields(events('equal'))).toThrow("spec/fields/events.yaml: the rule of action names the judge 'equal', which does not exist");
    const objects = 'version: 1\nobjects:\n  Contact:\n    section: "2 Contact"\n    clause: contacts.object.fields\n    fields: [{ field: name, judge: echos }]\n    operations: []\n';
    expect(() => parseObjectFields(objects)).toThrow(/the rule of name names the judge 'echos'/);
  });

  it('list in fields.schema.json exactly the judges the loader knows', () => {
    const schema = JSON.parse(readFileSync(fieldFiles.schema, 'utf8')) as { $defs: { judge: { enum: string[] } } };
    expect([...schema.$defs.judge.enum].sort()).toEqual([...judges].sort());
  });

  it('judge in operations only fields their object lists', () => {
    const stray = Object.entries(objects.objects).flatMap(([name, table]) => {
      const fields = new Set(table.fields.map((rule) => rule.field));
      return table.operations.flatMap((operation) => operation.rules.filter((rule) => !fields.has(rule.field)).map((rule) => `${name} ${operation.method} ${operation.path}: ${rule.field}`));
    });
    expect(stray).toEqual([]);
  });
});
