// Reads the facts the spec files must cover straight out of the service description's markdown, so the
// checks follow the description instead of a hand-copied list that could drift from it.
import { readFileSync } from 'node:fs';
import { serviceDescriptionPath } from '../index.js';

export type ApiName = 'v4' | 'v2';

export interface DescribedEndpoint {
  api: ApiName;
  method: string;
  path: string;
  /** The `###` heading the table sits under, for messages. */
  subsection: string;
}

export interface DescribedErrorCode {
  status: number;
  code: string;
}

export interface DescriptionFacts {
  /** "<n> <title>" for each `## n. title` and each `### title` under it, backticks removed. */
  sectionTitles: string[];
  endpoints: DescribedEndpoint[];
  errorCodes: DescribedErrorCode[];
  eventTypes: string[];
}

interface Table {
  header: string[];
  rows: string[][];
}

export function readDescriptionFacts(path: string = serviceDescriptionPath): DescriptionFacts {
  return parseDescription(readFileSync(path, 'utf8'));
}

export function parseDescription(markdown: string): DescriptionFacts {
  return {
    sectionTitles: sectionTitles(markdown),
    endpoints: describedEndpoints(markdown),
    errorCodes: describedErrorCodes(markdown),
    eventTypes: describedEventTypes(markdown),
  };
}

/**
 * Rows of every Method | Path table of sections 4 and 5 (the v2 quick-reference table is v2, the rest v4),
 * plus endpoints named in their prose as METHOD `path` (e.g. "read with GET `/webhooks/{webhookId}`").
 */
function describedEndpoints(markdown: string): DescribedEndpoint[] {
  const endpoints: DescribedEndpoint[] = [];
  for (const sectionNumber of [4, 5]) {
    for (const { title, body } of subsections(section(markdown, sectionNumber))) {
      const api: ApiName = /\bv2\b/.test(title) ? 'v2' : 'v4';
      const prose = body.split('\n').filter((line) => !line.trimStart().startsWith('|')).join('\n');
      for (const [, method = '', path = ''] of prose.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) `(\/[^`\s]*)`/g)) {
        endpoints.push({ api, method, path, subsection: title });
      }
      for (const table of tables(body)) {
        const methodColumn = table.header.indexOf('Method');
        const pathColumn = table.header.indexOf('Path');
        if (methodColumn < 0 || pathColumn < 0) continue;
        for (const row of table.rows) {
          const method = row[methodColumn]?.trim();
          const path = unticked(row[pathColumn] ?? '');
          if (method && path) endpoints.push({ api, method, path, subsection: title });
        }
      }
    }
  }
  const seen = new Set<string>();
  return endpoints.filter(({ api, method, path }) => {
    const key = `${api} ${method} ${path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Backticked identifiers in the Code column of section 7's table, with the row's status. */
function describedErrorCodes(markdown: string): DescribedErrorCode[] {
  const codes: DescribedErrorCode[] = [];
  for (const table of tables(section(markdown, 7))) {
    const statusColumn = table.header.indexOf('Status');
    const codeColumn = table.header.indexOf('Code');
    if (statusColumn < 0 || codeColumn < 0) continue;
    for (const row of table.rows) {
      const status = Number(row[statusColumn]?.trim());
      for (const code of backticked(row[codeColumn] ?? '')) codes.push({ status, code });
    }
  }
  return codes;
}

/** Event names in section 6's event table plus those listed under "Other event types named". */
function describedEventTypes(markdown: string): string[] {
  const events = section(markdown, 6);
  const names: string[] = [];
  for (const table of tables(events)) {
    const eventColumn = table.header.indexOf('Event');
    if (eventColumn < 0) continue;
    for (const row of table.rows) names.push(...backticked(row[eventColumn] ?? ''));
  }
  const others = /^Other event types named:(.*)$/m.exec(events)?.[1] ?? '';
  names.push(...backticked(others));
  return [...new Set(names.filter((name) => /^[a-z_]+(?:\.[a-z_]+)+$/.test(name)))];
}

function sectionTitles(markdown: string): string[] {
  const titles: string[] = [];
  for (const [, number = '', title = ''] of markdown.matchAll(/^## (\d+)\. (.+)$/gm)) {
    titles.push(`${number} ${title.trim()}`);
    for (const sub of subsections(section(markdown, Number(number)))) titles.push(`${number} ${sub.title}`);
  }
  return titles.map((title) => title.replaceAll('`', ''));
}

/** Body of `## <n>. ...` up to the next `## ` heading; empty when absent. */
function section(markdown: string, number: number): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## ${number}. `));
  if (start < 0) return '';
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

function subsections(sectionBody: string): { title: string; body: string }[] {
  const parts = sectionBody.split(/^### /m);
  return parts.slice(1).map((part) => {
    const newline = part.indexOf('\n');
    return { title: part.slice(0, newline).trim(), body: part.slice(newline + 1) };
  });
}

function tables(text: string): Table[] {
  const found: Table[] = [];
  let block: string[] = [];
  const flush = () => {
    const [headerLine, , ...rowLines] = block;
    if (headerLine !== undefined) found.push({ header: cells(headerLine), rows: rowLines.map(cells) });
    block = [];
  };
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('|')) block.push(line);
    else flush();
  }
  flush();
  return found;
}

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
}

function backticked(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
}

function unticked(cell: string): string {
  return backticked(cell)[0] ?? cell.trim();
}
