// Colour on the console, through node:util's styleText. Whether to colour is decided once per stream, here,
// rather than by styleText itself (whose stream checks differ between Node versions):
//   FORCE_COLOR set: colour unless it is 0 or false (it wins over NO_COLOR, as in Node and most tools);
//   NO_COLOR set and not empty: no colour (https://no-color.org);
//   otherwise colour only on a terminal that is not TERM=dumb.
import { styleText } from 'node:util';
import { inert } from '../../text/inert.js';

export type Env = Record<string, string | undefined>;

/** What the console uses colour for; each maps to one styleText format. */
export type Tone = 'pass' | 'fail' | 'warn' | 'dim' | 'strong';

export type Style = (tone: Tone, text: string) => string;

const formats: Record<Tone, Parameters<typeof styleText>[0]> = { pass: 'green', fail: 'red', warn: 'yellow', dim: 'dim', strong: 'bold' };

export function colourEnabled(stream: { isTTY?: boolean }, env: Env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** Plain text, whatever the tone. */
export const plain: Style = (_tone, text) => text;

const coloured: Style = (tone, text) => styleText(formats[tone], text, { validateStream: false });

export function styleFor(stream: { isTTY?: boolean }, env: Env): Style {
  return colourEnabled(stream, env) ? coloured : plain;
}

/** The tone of an outcome, by name: outcomes this file does not know are shown without colour. */
export function toneOf(outcome: string): Tone | undefined {
  if (outcome === 'passed') return 'pass';
  if (outcome === 'failed' || outcome === 'error') return 'fail';
  if (outcome === 'warning' || outcome === 'not-verifiable' || outcome === 'not-run') return 'warn';
  return undefined;
}

/** `FAIL <check>` headers of the failure list in the colour of a failure; what the target sent escaped first. */
export function styleFailures(text: string, style: Style): string {
  return inert(text).replace(/^FAIL .*$/gm, (line) => style('fail', line));
}

/** A block of text that may quote a target, in a tone: escaped, then styled (text/inert.ts). */
export function styleInert(text: string, tone: Tone, style: Style): string {
  return style(tone, inert(text));
}
