/* eslint-disable no-control-regex -- this file is about control characters: it matches them on purpose */
// Every output inert, in every command (issue 42, item 2): a report whose every text a target could have chosen
// carries escape sequences, C1, bidi controls and zero-width characters; `mcs report --from` (HTML, JUnit,
// the combined report.json), `mcs coverage --from` (text and --json) and the console's last net show each as a
// visible escape, and the JSON still reads back to the very same text.
import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inertStreams } from '../../cli/inert-streams.js';
import type { RunReport } from '../../results/model.js';
import { shardResult } from '../../load/test-helpers.js';
import { sampleReport } from '../reports/sample.js';
import { runMcsHere } from '../support/run-mcs-here.js';

/** Terminal sequences (ESC, BEL, C1's CSI), NUL, CR, and the Trojan Source characters. */
const hostile = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u0000\r\u202eevil\u2066\u2069\u200b\u200d\ufeff\u061c\u200e';
/** What no output may hold raw: C0 but line feed and tab, DEL, C1, the bidi controls and zero-width characters. */
const forbidden = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

function found(outputs: Record<string, string>): string[] {
  return Object.entries(outputs).flatMap(([name, text]) => [...new Set([...text.matchAll(forbidden)].map((m) => m[0]))].map((char) => `U+${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')} in ${name}`));
}

/** The sample report with a target's text in every place a target reaches: ids, codes, messages, bodies, headers. */
function hostileReport(): RunReport {
  const report = sampleReport();
  report.target.baseUrl = `http://127.0.0.1:1/${hostile}`;
  for (const check of report.checks) {
    check.reason = `the target answered ${hostile}`;
    if (check.failure !== undefined) check.failure = { ...check.failure, message: `code ${hostile}`, expected: hostile, actual: hostile };
    for (const exchange of check.exchanges) {
      exchange.request.url = `${exchange.request.url}/${encodeURIComponent(hostile)}`;
      if (exchange.response !== undefined) {
        exchange.response.headers = { ...exchange.response.headers, [`x-${hostile}`]: hostile, ['__proto__']: hostile };
        exchange.response.body = JSON.stringify({ error: { code: hostile, message: hostile, details: { [hostile]: hostile } } });
      }
    }
  }
  return report;
}

async function filesOf(dir: string): Promise<Record<string, string>> {
  const outputs: Record<string, string> = {};
  for (const name of await readdir(dir)) outputs[name] = await readFile(join(dir, name), 'utf8');
  return outputs;
}

describe('every output of a hostile report is inert', () => {
  it('mcs report --from, with a load result: report.html, junit.xml, report.json and the console', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-inert-outputs-'));
    const from = join(dir, 'in', 'report.json');
    const input = hostileReport();
    await writeFile(join(dir, 'load.json'), JSON.stringify({ ...shardResult(0, 1, 0), profile: hostile }));
    await mkdir(join(dir, 'in'));
    await writeFile(from, JSON.stringify(input));
    const out = join(dir, 'out');
    const run = await runMcsHere(['report', '--from', from, '--load', join(dir, 'load.json'), '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const outputs: Record<string, string> = { stdout: run.stdout, stderr: run.stderr, ...(await filesOf(out)) };
    expect(Object.keys(outputs).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'stderr', 'stdout']);
    expect(found(outputs)).toEqual([]);
    expect(outputs['report.html']).toContain('\\u202eevil');
    expect(outputs['junit.xml']).toContain('\\x1b]0;pwned\\x07');
    // The record keeps what the target sent: JSON escapes, read back to the same text.
    const written = JSON.parse(outputs['report.json'] ?? '{}') as RunReport;
    expect(written.checks[0]?.reason).toBe(input.checks[0]?.reason);
  });

  it('mcs coverage --from, as text and as JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-inert-coverage-'));
    const report = hostileReport();
    for (const clause of report.coverage) clause.text = `${clause.text} ${hostile}`;
    // Our own console sequences (a carriage return and erase-line, a colour) pass the last net: in a clause id
    // they would overwrite the line, so the text itself must be shown inert.
    if (report.coverage[0] !== undefined) report.coverage[0].id += '\r\u001b[KALL CLAUSES PASSED\u001b[32m';
    const from = join(dir, 'report.json');
    await writeFile(from, JSON.stringify(report));
    const text = await runMcsHere(['coverage', '--from', from]);
    const json = await runMcsHere(['coverage', '--from', from, '--json']);
    expect(found({ text: text.stdout + text.stderr, json: json.stdout + json.stderr })).toEqual([]);
    expect(JSON.parse(json.stdout).coverage[0].text).toBe(report.coverage[0]?.text);
  });

  it("the console's last net: any write of any command, our colours and erase-line kept, bytes passed as they are", () => {
    let written = '';
    const stream = { write: (chunk: unknown) => ((written += typeof chunk === 'string' ? chunk : `<${(chunk as Buffer).length} bytes>`), true) } as unknown as NodeJS.WritableStream;
    inertStreams(stream);
    inertStreams(stream); // once is enough: a second net changes nothing
    stream.write(`\r\u001b[K\u001b[31mFAIL\u001b[39m ${hostile}\n`);
    stream.write(Buffer.from('\u001b'));
    expect(written).toBe('\r\u001b[K\u001b[31mFAIL\u001b[39m \\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\x00\\x0d\\u202eevil\\u2066\\u2069\\u200b\\u200d\\ufeff\\u061c\\u200e\n<1 bytes>');
  });
});
