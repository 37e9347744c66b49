// The docs say what exists before the first release (issue 43 item 2): the CHANGELOG's section of package.json's
// version is dated only once that version is released, and while it is not, every README recipe that names a
// route only a release provides (the npm package, the Action's tag, the ghcr.io images) says so just before it,
// with what to use until then. A reader who jumps to one recipe meets the note there, not 300 lines above.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmePath, repoRoot } from './recipes.js';

const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
const changelog = readFileSync(join(repoRoot, 'CHANGELOG.md'), 'utf8');
const readme = readFileSync(readmePath, 'utf8');

/** The CHANGELOG's heading of a version: `## [0.1.0] - 2026-11-28`, or `- unreleased`. */
function headingOf(text: string, of: string): string | undefined {
  return text.split('\n').find((line) => line.startsWith(`## [${of}]`));
}

/** A route only a release provides, as a recipe names it. */
const releaseRoute = /npm install mcs-conformance@|uses: mcs-conformance\/mcs-conformance@v|ghcr\.io\/mcs-conformance\//;

/** Each recipe of the README with the paragraph that leads into it (the text since the previous fence). */
function recipesWithLeadIn(text: string): { name: string; leadIn: string; body: string }[] {
  const pattern = /<!-- recipe: ([a-z0-9-]+) -->\n```\w*\n([\s\S]*?)\n```/g;
  return [...text.matchAll(pattern)].map((match) => {
    const before = text.slice(0, match.index);
    return { name: match[1] ?? '', leadIn: before.slice(before.lastIndexOf('```') + 3), body: match[2] ?? '' };
  });
}

describe('what exists before the first release', () => {
  const released = /^## \[[^\]]+\] - \d{4}-\d{2}-\d{2}$/.test(headingOf(changelog, version) ?? '');

  it(`the CHANGELOG heads ${version}, and dates it only when the README no longer says it is unpublished`, () => {
    expect(headingOf(changelog, version)).toMatch(/^## \[[^\]]+\] - (unreleased|\d{4}-\d{2}-\d{2})$/);
    expect(released).toBe(!readme.includes('Not published yet'));
  });

  it.each(recipesWithLeadIn(readme).filter((recipe) => releaseRoute.test(recipe.body)).map((recipe) => [recipe.name, recipe] as const))(
    'the %s recipe, naming a route a release provides, says so just before it while unreleased',
    (_name, recipe) => {
      const note = /comes\s+with\s+the\s+first\s+release; until then/;
      if (released) expect(recipe.leadIn).not.toMatch(note);
      else expect(recipe.leadIn).toMatch(note);
    },
  );
});
