// Finds the checks of suites/ without running them: every `check({ area, name, clauses: [...] }, fn)` call
// in suites/**/*.ts, read with the TypeScript parser (no regexes over code). Literal values are read
// directly; identifiers are followed to a `const` of the same file (strings, arrays, objects, `as const`),
// and spreads of such constants are expanded. What cannot be resolved statically is reported, not guessed.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type TS from 'typescript';
import type { CheckRef } from '../results/coverage.js';

export interface ScannedCheck extends CheckRef {
  area: string;
  name: string;
  /** Path relative to the scanned root, and the 1-based line of the call. */
  file: string;
  line: number;
  /** Parts of the metadata the scan could not resolve (e.g. a clause id computed at run time). */
  unresolved: string[];
  /** Lookups whose key is only known at run time (`clauseOf[scope]`), read as any value of the map. */
  approximated: string[];
}

async function tsFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split(sep).includes('node_modules'))
    .sort();
}

/** Every check() call in the .ts files under `root` (suites/). */
export async function scanSuites(root: string): Promise<ScannedCheck[]> {
  const ts = (await import('typescript')).default;
  const checks: ScannedCheck[] = [];
  for (const path of await tsFiles(root)) {
    const file = relative(root, path).split(sep).join('/');
    checks.push(...scanSource(ts, file, await readFile(path, 'utf8')));
  }
  return checks;
}

type Value = string | Value[] | { [key: string]: Value } | undefined;

/** The check() calls of one source text; `file` is relative to suites/ (its first folder is the area). */
export function scanSource(ts: typeof TS, file: string, text: string): ScannedCheck[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const constants = new Map<string, TS.Expression>();
  const calls: TS.CallExpression[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer !== undefined) {
      constants.set(node.name.text, node.initializer);
    }
    if (ts.isCallExpression(node) && isCheckCallee(ts, node.expression)) calls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);

  const folderArea = file.includes('/') ? file.split('/')[0] ?? '' : '';
  return calls.flatMap((call) => {
    const unresolved: string[] = [];
    const approximated: string[] = [];
    const meta = evaluate(ts, call.arguments[0], constants, { unresolved, approximated }, 0);
    if (meta === undefined || typeof meta !== 'object' || Array.isArray(meta)) return [];
    if (!('clauses' in meta) && !('name' in meta)) return [];
    const area = typeof meta['area'] === 'string' ? meta['area'] : folderArea;
    const name = typeof meta['name'] === 'string' ? meta['name'] : '(unnamed)';
    const rawClauses = meta['clauses'];
    const clauses = Array.isArray(rawClauses) ? rawClauses.filter((id): id is string => typeof id === 'string') : [];
    if (rawClauses === undefined) unresolved.push('clauses');
    const line = source.getLineAndCharacterOfPosition(call.getStart(source)).line + 1;
    return [{ id: `${area}/${name}`, area, name, clauses, file, line, unresolved, approximated }];
  });
}

/** `check(...)`, `check.skip(...)`, `t.check(...)`. */
function isCheckCallee(ts: typeof TS, callee: TS.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'check';
  if (ts.isPropertyAccessExpression(callee)) {
    return callee.name.text === 'check' || (ts.isIdentifier(callee.expression) && callee.expression.text === 'check');
  }
  return false;
}

interface Notes {
  unresolved: string[];
  approximated: string[];
}

function flatStrings(value: Value): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(flatStrings);
  if (value !== undefined) return Object.values(value).flatMap(flatStrings);
  return [];
}

function evaluate(ts: typeof TS, node: TS.Node | undefined, constants: Map<string, TS.Expression>, notes: Notes, depth: number): Value {
  if (node === undefined || depth > 10) return undefined;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isTypeAssertionExpression(node)) {
    return evaluate(ts, node.expression, constants, notes, depth + 1);
  }
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    // A name built at run time (e.g. one check per operation): keep its shape, `${...}` marks the hole.
    return node.head.text + node.templateSpans.map((span) => {
      const part = evaluate(ts, span.expression, constants, { unresolved: [], approximated: [] }, depth + 1);
      return `${typeof part === 'string' ? part : `\${${span.expression.getText()}}`}${span.literal.text}`;
    }).join('');
  }
  if (ts.isIdentifier(node)) {
    const init = constants.get(node.text);
    if (init === undefined) {
      notes.unresolved.push(node.text);
      return undefined;
    }
    return evaluate(ts, init, constants, notes, depth + 1);
  }
  if (ts.isElementAccessExpression(node)) {
    // A map of clause ids indexed by a loop variable: one check per key at run time, so statically the
    // check stands for every value of the map.
    const map = evaluate(ts, node.expression, constants, notes, depth + 1);
    const key = evaluate(ts, node.argumentExpression, constants, { unresolved: [], approximated: [] }, depth + 1);
    if (map !== undefined && typeof map === 'object' && !Array.isArray(map) && typeof key === 'string' && key in map) return map[key];
    if (map === undefined) return undefined;
    notes.approximated.push(node.getText());
    const values = flatStrings(map);
    return values.length === 1 ? values[0] : values;
  }
  if (ts.isArrayLiteralExpression(node)) {
    const items: Value[] = [];
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = evaluate(ts, element.expression, constants, notes, depth + 1);
        if (Array.isArray(spread)) items.push(...spread);
      } else {
        const value = evaluate(ts, element, constants, notes, depth + 1);
        if (value === undefined) notes.unresolved.push(element.getText());
        else if (Array.isArray(value) && ts.isElementAccessExpression(element)) items.push(...value);
        else items.push(value);
      }
    }
    return items;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const object: { [key: string]: Value } = {};
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property)) {
        const spread = evaluate(ts, property.expression, constants, notes, depth + 1);
        if (spread !== undefined && typeof spread === 'object' && !Array.isArray(spread)) Object.assign(object, spread);
      } else if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
        object[property.name.text] = evaluate(ts, property.initializer, constants, notes, depth + 1);
      } else if (ts.isShorthandPropertyAssignment(property)) {
        object[property.name.text] = evaluate(ts, property.name, constants, notes, depth + 1);
      }
    }
    return object;
  }
  return undefined;
}
