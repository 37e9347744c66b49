// An `html` tagged template that escapes every interpolated value unless it is already-built markup, so
// the report is XSS-safe by construction: server responses, check titles and clause texts are data, and
// only markup made by this template (or `trusted()`, for the page's own CSS/JS/SVG) is emitted raw.
import { escapeMarkup } from '../escape.js';

export class Markup {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = Markup | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Markup) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeMarkup(part);
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Markup {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new Markup(out);
}

/** Markup the report itself wrote (its stylesheet, script, computed SVG numbers): never data. */
export function trusted(markup: string): Markup {
  return new Markup(markup);
}

/** A value safe inside an id/href fragment: stable, readable, no markup characters. */
export function anchor(prefix: string, id: string): string {
  return `${prefix}-${id.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

/** The head every standalone page of ours opens with: no network, nothing inline but the style and what `csp` allows. */
export function documentHead(options: { csp: string; title: string; css: string }): Markup {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${options.csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${options.title}</title>
<style>${trusted(options.css)}</style>
</head>`;
}
