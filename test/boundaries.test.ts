// The suites and the reference are two independent readings of the description (DEVELOPERS.md): a helper
// shared between them would let one misreading pass on both sides. This test reads every import of every
// TypeScript file and fails on an import across the line, and holds the harness's own layers apart: the HTTP
// layer records and judges nothing, and no files of the harness import each other in a circle.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function tsFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(m?ts)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Repository-relative targets of the relative imports (static and dynamic) of one file. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1] ?? '');
  return specifiers.map((specifier) => relative(root, resolve(root, dirname(file), specifier)));
}

function crossings(from: readonly string[], forbidden: readonly string[]): string[] {
  return from.flatMap((dir) =>
    tsFiles(dir).flatMap((file) =>
      importsOf(file, readFileSync(join(root, file), 'utf8'))
        .filter((target) => forbidden.some((f) => target === f || target.startsWith(`${f}/`)))
        .map((target) => `${file} imports ${target}`),
    ),
  );
}

describe('the line between the suites and the reference', () => {
  it('finds relative imports, static and dynamic', () => {
    expect(importsOf('suites/a/b.ts', "import { x } from '../../reference/index.js';\nconst m = await import('../c.js');")).toEqual(['reference/index.js', 'suites/c.js']);
  });

  it('suites/, harness/ and generators/ never import reference/', () => {
    expect(crossings(['suites', 'harness', 'generators'], ['reference'])).toEqual([]);
  });

  it('reference/ never imports suites/, harness/ or generators/', () => {
    expect(crossings(['reference'], ['suites', 'harness', 'generators'])).toEqual([]);
  });
});

describe('the results model between the harness and the reports', () => {
  it('results/ imports only spec/ and text/ (and itself): harness, reports and cli all read it', () => {
    expect(crossings(['results'], ['harness', 'reports', 'cli', 'suites', 'reference', 'load', 'generators'])).toEqual([]);
  });

  it('text/ (escaping, nearest names) imports nothing of the project: the reference image holds it alone', () => {
    expect(crossings(['text'], ['spec', 'results', 'harness', 'reports', 'cli', 'suites', 'reference', 'load', 'generators'])).toEqual([]);
  });

  it('harness/ imports neither reports/ nor cli/: the runner tells a RunListener (results/progress.ts), which the console implements (reports/console/)', () => {
    expect(crossings(['harness'], ['reports', 'cli'])).toEqual([]);
  });

  it('reports/ imports nothing from harness/, the console included: everything a report shows comes from results/', () => {
    expect(crossings(['reports'], ['harness'])).toEqual([]);
  });
});

describe('the load library between the CLI and the reports', () => {
  it('load/ imports neither cli/ nor reports/: the CLI calls it, and the reports render its result types', () => {
    expect(crossings(['load'], ['cli', 'reports'])).toEqual([]);
  });

  it('reports/ never imports cli/', () => {
    expect(crossings(['reports'], ['cli'])).toEqual([]);
  });
});

/** The harness's files (tests aside) and, for each, the harness files it imports (type-only imports too). */
function harnessGraph(): Map<string, string[]> {
  const files = tsFiles('harness').filter((file) => !/\.test\.ts$/.test(file));
  const asSource = (target: string) => target.replace(/\.js$/, '.ts');
  return new Map(files.map((file) => [file, importsOf(file, readFileSync(join(root, file), 'utf8')).map(asSource).filter((target) => target.startsWith('harness/') && existsSync(join(root, target)))]));
}

/** Every circle of imports in `graph`, each once, as the files it passes through (Tarjan's strongly connected components). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) component.push(member);
    } while (member !== file && member !== undefined);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the layers of the harness', () => {
  it('finds a circle of imports, and none where there is none', () => {
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(circles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('harness/http records and tells its observers: it imports neither the schema nor the oracle', () => {
    expect(crossings(['harness/http'], ['harness/schema', 'harness/oracle', 'harness/check', 'harness/checks'])).toEqual([]);
  });

  it('no files of harness/ import each other in a circle', () => {
    expect(circles(harnessGraph())).toEqual([]);
  });
});

describe('one owner of each run setting', () => {
  const sources = ['cli', 'harness', 'suites', 'load'].flatMap(tsFiles).filter((file) => !/\.(test|e2e)\.ts$/.test(file) && !file.startsWith('harness/runner/sample-suite/'));
  const matching = (pattern: RegExp) => sources.filter((file) => pattern.test(readFileSync(join(root, file), 'utf8')));

  it('builds a client of the target\'s APIs in one place (harness/fixtures/clients.ts; ApiClient.as() rebinds a credential)', () => {
    expect(matching(/new ApiClient\(/)).toEqual(['harness/fixtures/clients.ts', 'harness/http/api-client.ts']);
  });

  it('resolves the configuration only through resolveRunSettings, once per command', () => {
    const perFile = sources.map((file) => [file, readFileSync(join(root, file), 'utf8').match(/\bresolveRunSettings\(/g)?.length ?? 0] as const).filter(([file, n]) => n > 0 && file !== 'harness/config/resolve.ts');
    expect(perFile.filter(([, n]) => n !== 1)).toEqual([]);
    expect(perFile.map(([file]) => file)).toEqual(expect.arrayContaining(['cli/commands/certify.ts', 'cli/commands/doctor.ts', 'cli/commands/load/target.ts']));
  });
});
