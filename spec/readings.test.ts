// The one list of accepted readings (spec/readings.ts) holds together: each entry names an item of AMBIGUITIES.md
// that exists, each object place of the field tables is one of its wrappings (so the oracle reads the places the
// checks read), and an object is found in the first place that holds one, saying where.
import { describe, expect, it } from 'vitest';
import { ambiguityItems, variantsNamed } from './ambiguities.js';
import { loadObjectFields } from './fields/index.js';
import { acceptedReadings, locateObject, wrappingOf, wrappings } from './readings.js';

describe('spec/readings.ts', () => {
  const items = ambiguityItems();

  it('names AMBIGUITIES items that exist (or the section that states the one place)', () => {
    const named = [...Object.values(wrappings).map((w) => w.ambiguity), ...acceptedReadings.map((r) => r.ambiguity)];
    expect(named.filter((name) => !name.startsWith('section ') && !items.has(name))).toEqual([]);
    expect(items.get('v4 7')).toMatch(/bare record/);
  });

  it('lists at least two readings, each with a variant, for every open point it accepts several readings of', () => {
    for (const entry of acceptedReadings) {
      expect(entry.readings.length, entry.ambiguity).toBeGreaterThanOrEqual(2);
      expect(new Set(entry.readings.map((r) => r.variant)).size, `${entry.ambiguity}: one variant per reading`).toBe(entry.readings.length);
    }
    for (const [name, wrapping] of Object.entries(wrappings)) expect(new Set(wrapping.places.map((p) => p.variant)).size, name).toBe(wrapping.places.length);
  });

  it('is where the field tables take every place they name by a reading, and every wrapping is used by them', () => {
    const used = new Set<string>();
    for (const [object, table] of Object.entries(loadObjectFields().objects)) {
      for (const operation of table.operations) {
        if (operation.reading === undefined) continue;
        used.add(operation.reading);
        const wrapping = wrappings[operation.reading];
        expect(wrapping, `${object}: ${operation.reading}`).toBeDefined();
        expect(wrappingOf(operation.api, operation.method, operation.path), `${object} ${operation.method} ${operation.path}`).toBe(wrapping);
        expect(operation.at, `${object}: a reading replaces at`).toBeUndefined();
      }
    }
    expect([...used].sort()).toEqual(Object.keys(wrappings).sort());
  });

  it('reads the items of AMBIGUITIES.md and the variants they name', () => {
    expect(items.get('v4 58')).toMatch(/at least once/);
    expect(items.get('oracle 7')).toMatch(/Group fields/);
    expect(items.get('features 2')).toMatch(/number-purchasing/);
    expect(variantsNamed('(benign variants `ascii-escaped-json`, `chunked-responses`) and variant `newest-first`')).toEqual(['ascii-escaped-json', 'chunked-responses', 'newest-first']);
  });

  it('finds an object in the first place that holds one, and says where', () => {
    const record = { webhook_id: 'wh_1' };
    expect(locateObject({ data: record }, wrappings['v2-record-on-v4'])).toEqual({ object: record, place: expect.objectContaining({ where: 'inside data' }) });
    expect(locateObject(record, wrappings['v2-record-on-v4'])?.place.where).toBe('the body itself');
    const settings = { auto_mark_read: true, auto_share_contact: false };
    expect(locateObject({ data: { settings, available: {} } }, wrappings['settings-patch'])?.object).toBe(settings);
    expect(locateObject({ data: settings }, wrappings['settings-patch'])).toEqual({ object: settings, place: expect.objectContaining({ where: 'inside data (the bare settings object)' }) });
    expect(locateObject({ data: [] }, wrappings['v4-webhook-created'])).toBeUndefined();
    expect(locateObject('text', wrappings['v2-webhook-created'])).toBeUndefined();
  });
});
