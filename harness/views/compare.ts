// Every view agrees (issue 39 item 1), the pure half: given an object as several views showed it, the shared
// fields (spec/fields/views.yaml) each view shows are compared with the first view that shows them, and every
// difference is a finding naming the clause it breaks. Nothing here throws on a difference or reads anything.
import type { ObjectViews, SharedField, View } from '../../spec/fields/views.js';
import type { Finding, Json, Reading } from './finding.js';

/** The value a view shows for a shared field (dotted paths into nested objects), or undefined when it shows none. */
export function sharedValue(view: View, object: Json, field: string): unknown {
  if (view.only !== undefined && !view.only.includes(field)) return undefined;
  const name = view.fields?.[field] ?? field;
  return valueAt(object, name);
}

export function valueAt(object: unknown, dotted: string): unknown {
  let node: unknown = object;
  for (const part of dotted.split('.')) {
    if (!isRecord(node)) return undefined;
    node = node[part];
  }
  return node;
}

/** Whether two views' values of a field agree, by the field's comparison. */
export function agree(a: unknown, b: unknown, compare: SharedField['compare'] = 'equal'): boolean {
  if (compare === 'equal') return canonical(a) === canonical(b);
  const setOf = (value: unknown): string[] | undefined => {
    if (!Array.isArray(value)) return undefined;
    const items = value.map((item) => {
      if (compare === 'set-ci') return typeof item === 'string' ? item.toLowerCase() : canonical(item);
      if (compare === 'set-of-ids') return isRecord(item) && typeof item.id === 'string' ? item.id : canonical(item);
      return canonical(item);
    });
    return [...new Set(items)].sort();
  };
  const left = setOf(a);
  const right = setOf(b);
  if (left === undefined || right === undefined) return canonical(a) === canonical(b);
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * The findings of one object's readings: for every shared field, each view showing it is compared with the first
 * view (in the table's order) that does. A disagreement breaks the clause of the view that disagrees, else that
 * of the first view, else the object's.
 */
export function compareViews(table: ObjectViews, readings: readonly Reading[]): Finding[] {
  const byName = new Map(table.views.map((view) => [view.view, view]));
  const shown = readings
    .filter((reading): reading is Reading & { object: Json } => reading.object !== undefined && byName.has(reading.view))
    .sort((a, b) => table.views.indexOf(byName.get(a.view)!) - table.views.indexOf(byName.get(b.view)!));
  const findings: Finding[] = [];
  for (const shared of table.shared) {
    const values = shown.flatMap((reading) => {
      const view = byName.get(reading.view)!;
      const value = sharedValue(view, reading.object, shared.field);
      return value === undefined ? [] : [{ reading, view, value }];
    });
    const [first, ...others] = values;
    if (first === undefined) continue;
    for (const other of others) {
      if (agree(first.value, other.value, shared.compare)) continue;
      findings.push({
        judge: 'views',
        clause: other.view.clause ?? first.view.clause ?? table.clause,
        field: shared.field,
        expected: `${other.view.view} shows ${fieldName(other.view, shared.field)} as ${first.view.view} shows ${fieldName(first.view, shared.field)}: ${show(first.value)}`,
        actual: `${other.view.view}: ${show(other.value)}`,
        ...(other.reading.exchange === undefined ? {} : { exchange: other.reading.exchange }),
        views: [first.view.view, other.view.view],
      });
    }
  }
  return findings;
}

function fieldName(view: View, field: string): string {
  return view.fields?.[field] ?? field;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function show(value: unknown, max = 200): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
