// The views table (views.yaml): every object the description shows through more than one view, the fields the
// views share, and where each write's effect can be seen. Read by harness/views (which reads and compares) and
// spec/fields/views.test.ts. File reading and YAML parsing only.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYamlText } from '../yaml-text.js';

const fieldsDir = dirname(fileURLToPath(import.meta.url));

export const viewFiles = {
  views: join(fieldsDir, 'views.yaml'),
  schema: join(fieldsDir, 'views.schema.json'),
} as const;

/** How two views' values of a shared field are compared: deep equality, or as sets (of values, of values ignoring case, of the items' `id`s). */
export type Comparison = 'equal' | 'set' | 'set-ci' | 'set-of-ids';

export interface SharedField {
  /** The field's name in the object (dotted for a nested one: `capabilities.protocols`). */
  field: string;
  compare?: Comparison;
  reason?: string;
}

export interface DifferingField {
  field: string;
  /** Why the description lets the views differ there. */
  reason: string;
}

/** Who reads a view: the primary API key, an app token with apikeys:read, or nobody (a request's or fixture's values). */
export type ViewClient = 'key' | 'admin';

export interface View {
  view: string;
  /** `request`: what a write sent or answered (given by the check); `fixture`: what the fixtures made. */
  api: 'v4' | 'v2' | 'request' | 'fixture';
  client?: ViewClient;
  /** The operationId of the read (v4 or v2). */
  operation?: string;
  /** The read's path: `{name}` is a known value of the object (a shared field, or one the check names). */
  path?: string;
  /** Query parameters of the read, with the same placeholders. */
  query?: Record<string, string>;
  /** Where the object sits in the answer (see views.yaml). */
  at?: string;
  /** For a list: the shared field whose value finds the object's row. */
  find?: string;
  /** The whole list is one field of the object (the identities endpoint is the contact's `identities`). */
  as_list?: string;
  /** A shared field's name in this view, where it differs. */
  fields?: Record<string, string>;
  /** The shared fields this view shows (all, when absent). */
  only?: string[];
  /** The clause a disagreement with this view breaks (the object's, when absent). */
  clause?: string;
  reason: string;
}

export interface ObjectViews {
  section: string;
  clause: string;
  about: string;
  views: View[];
  shared: SharedField[];
  differs?: DifferingField[];
}

export interface Effect {
  /** The write's operationId (`v2 <operationId>` for a v2 one). */
  write: string;
  api: 'v4' | 'v2';
  /** Where its effect can be seen other than its answer: operationIds, event types, `deliveries`. */
  seen_in?: string[];
  /** The checks that look there (`area/name`). */
  checks?: string[];
  /** Why no view of the description shows it. */
  unseen?: string;
}

export interface ViewsTable {
  version: number;
  objects: Record<string, ObjectViews>;
  effects: Effect[];
}

let cache: ViewsTable | undefined;

export function loadViews(): ViewsTable {
  cache ??= parseYamlText(readFileSync(viewFiles.views, 'utf8')) as ViewsTable;
  return cache;
}

/** The views of one object (throws for a name the table does not hold: a typo in a caller). */
export function viewsOf(name: string): ObjectViews {
  const table = loadViews().objects[name];
  if (table === undefined) throw new Error(`spec/fields/views.yaml has no object ${name}`);
  return table;
}
