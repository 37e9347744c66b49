// The one place that knows where the spec files live and how to read them. Used by the harness, the
// reference and the reports alike, so it stays free of anything but file reading and YAML parsing.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYamlText } from './yaml-text.js';

const specDir = dirname(fileURLToPath(import.meta.url));

export type OpenApiName = 'v4' | 'v2' | 'control';

export const specFiles = {
  v4: join(specDir, 'v4.openapi.yaml'),
  v2: join(specDir, 'v2.openapi.yaml'),
  control: join(specDir, 'control.openapi.yaml'),
  clauses: join(specDir, 'clauses.yaml'),
} as const satisfies Record<OpenApiName | 'clauses', string>;

/** The service description (read-only, beside the repository); the source of truth the specs follow. */
export const serviceDescriptionPath = resolve(specDir, '..', '..', 'shared', 'service-description.md');

export const clauseKinds = ['behaviour', 'shape', 'error', 'state', 'limit', 'auth', 'event', 'versioning'] as const;
export type ClauseKind = (typeof clauseKinds)[number];

export interface Clause {
  /** Stable, lowercase, dot-separated `area.topic.rule`; suites cite it. */
  id: string;
  /** Section number and title of the description, e.g. "4 Contacts". */
  section: string;
  kind: ClauseKind;
  /** The statement, quoted from the description. */
  text: string;
  /** A black-box test needs the control API (channel types, inbound events, payments, time, caps). */
  needs_control: boolean;
  /** Present when no black-box suite can observe the statement; says why. */
  untestable?: string;
  /** The feature (of clauses.yaml `features`) the clause belongs to; absent means `core`. */
  feature?: string;
}

/** A division of the description a target may claim (clauses.yaml `features`); `core` is always claimed. */
export interface Feature {
  id: string;
  title: string;
}

export const coreFeature = 'core';

/** area.topic.rule, optionally deeper; each segment lowercase words joined by hyphens. */
export const clauseIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*){2,}$/;

const openApiCache = new Map<OpenApiName, Record<string, unknown>>();
let clausesDocCache: unknown;
let clausesCache: Clause[] | undefined;
let featuresCache: Feature[] | undefined;
let clauseIndexCache: Map<string, Clause> | undefined;

/** The parsed OpenAPI document (plain object, cached; callers must not mutate it). */
export function loadOpenApi(name: OpenApiName): Record<string, unknown> {
  let doc = openApiCache.get(name);
  if (!doc) {
    const parsed = parseYamlText(readFileSync(specFiles[name], 'utf8'));
    if (!isRecord(parsed)) throw new Error(`${specFiles[name]} is not a YAML mapping`);
    doc = parsed;
    openApiCache.set(name, doc);
  }
  return doc;
}

/** The clauses of clauses.yaml, checked for shape (cached). */
export function loadClauses(): Clause[] {
  clausesCache ??= clausesOf(clausesDoc());
  return clausesCache;
}

/** The features of clauses.yaml, `core` first (cached). */
export function loadFeatures(): Feature[] {
  featuresCache ??= featuresOf(clausesDoc());
  return featuresCache;
}

/** Clauses by id, for checking that cited ids exist and for looking up their text (cached). */
export function clauseIndex(): ReadonlyMap<string, Clause> {
  clauseIndexCache ??= new Map(loadClauses().map((clause) => [clause.id, clause]));
  return clauseIndexCache;
}

/** clauses.yaml parsed, once for the clauses and the features both. */
function clausesDoc(): unknown {
  clausesDocCache ??= parseYamlText(readFileSync(specFiles.clauses, 'utf8'));
  return clausesDocCache;
}

/** Parses and checks clauses.yaml text; throws naming the first malformed entry. */
export function parseClauses(yamlText: string): Clause[] {
  return clausesOf(parseYamlText(yamlText));
}

function clausesOf(doc: unknown): Clause[] {
  if (!isRecord(doc) || doc['version'] !== 1 || !Array.isArray(doc['clauses'])) {
    throw new Error('clauses.yaml must be a mapping with version: 1 and a clauses list');
  }
  const features = featuresOf(doc);
  const clauses = doc['clauses'].map((entry: unknown, index) => toClause(entry, index));
  const known = new Set(features.map((feature) => feature.id));
  const stray = clauses.find((clause) => !known.has(clause.feature ?? coreFeature));
  if (stray) throw new Error(`clause ${stray.id}: feature '${stray.feature}' is not one of the features (${[...known].join(', ')})`);
  return clauses;
}

/** The `features` list of clauses.yaml; without one, only `core`. */
function featuresOf(doc: unknown): Feature[] {
  const list = isRecord(doc) ? doc['features'] : undefined;
  if (list === undefined) return [{ id: coreFeature, title: 'core' }];
  if (!Array.isArray(list)) throw new Error('clauses.yaml: features must be a list');
  const features = list.map((entry: unknown, index) => {
    if (!isRecord(entry) || typeof entry['id'] !== 'string' || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(entry['id']) || typeof entry['title'] !== 'string') {
      throw new Error(`clauses.yaml: features[${index}] must have a kebab-case id and a title`);
    }
    return { id: entry['id'], title: entry['title'] };
  });
  if (features[0]?.id !== coreFeature) throw new Error(`clauses.yaml: the first feature must be ${coreFeature}`);
  return features;
}

/** sha256 (hex) of each spec file and clauses.yaml, so a report names exactly what it was checked against. */
export function specHashes(): Record<keyof typeof specFiles, string> {
  const hash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
  return {
    v4: hash(specFiles.v4),
    v2: hash(specFiles.v2),
    control: hash(specFiles.control),
    clauses: hash(specFiles.clauses),
  };
}

function toClause(entry: unknown, index: number): Clause {
  const where = `clauses[${index}]`;
  if (!isRecord(entry)) throw new Error(`${where} is not a mapping`);
  const { id, section, kind, text, needs_control: needsControl, untestable, feature = coreFeature } = entry;
  const label = typeof id === 'string' ? `${where} (${id})` : where;
  if (typeof id !== 'string' || !clauseIdPattern.test(id)) throw new Error(`${label}: id must match ${clauseIdPattern}`);
  if (typeof section !== 'string' || !/^\d+ \S/.test(section)) throw new Error(`${label}: section must be "<number> <title>"`);
  if (!isClauseKind(kind)) throw new Error(`${label}: kind must be one of ${clauseKinds.join(', ')}`);
  if (typeof text !== 'string' || text.trim() === '') throw new Error(`${label}: text must be a non-empty string`);
  if (typeof needsControl !== 'boolean') throw new Error(`${label}: needs_control must be a boolean`);
  if (untestable !== undefined && (typeof untestable !== 'string' || untestable.trim() === '')) {
    throw new Error(`${label}: untestable, when present, must give a reason`);
  }
  if (typeof feature !== 'string') throw new Error(`${label}: feature must be a feature id`);
  const known = new Set(['id', 'section', 'kind', 'feature', 'text', 'needs_control', 'untestable']);
  const unknown = Object.keys(entry).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`${label}: unknown field(s) ${unknown.join(', ')}`);
  const clause: Clause = { id, section, kind, text, needs_control: needsControl, feature };
  if (untestable !== undefined) clause.untestable = untestable;
  return clause;
}

function isClauseKind(value: unknown): value is ClauseKind {
  return typeof value === 'string' && (clauseKinds as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
