// Every credential is masked whatever its length (issue 33, item 3): a 7-character key that the target echoes
// back (`Bearer shrtkey` in every answer) appears in no output, while the reports stay whole and parseable.
import { afterAll, describe, expect, it } from 'vitest';
import { certify, leaks } from './support.js';
import { json, startServer, unauthorized, type HostileServer } from './servers.js';

const bound = 120_000;
const shortKey = 'shrtkey';
const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

describe('a short key echoed by the target', { timeout: bound + 10_000 }, () => {
  it('leaks nowhere: report.json, report.html, junit.xml, stdout, stderr', async () => {
    // Passes the pre-flight (401 without a key, 200 with), then echoes the credential it got in every answer.
    const server = await startServer((request, response) => {
      const authorization = request.headers.authorization;
      if (authorization === undefined) return unauthorized(response);
      if (request.url?.endsWith('/me')) return json(response, 200, { data: { echo: authorization } });
      json(response, 400, { error: { code: 'bad_request', message: `${authorization} may not do this`, details: { authorization, api_key: shortKey } } });
    });
    servers.push(server);
    const run = await certify(['--base-url', server.url, '--api-key', shortKey, '--only', 'account,contacts', '--runs', '1', '--timeout', '3000'], bound);
    expect([1, 2, 3]).toContain(run.code); // any verdict but conformant (3: incomplete), or unusable
    expect(server.authorizations).toContain(`Bearer ${shortKey}`);
    expect(Object.keys(run.outputs)).toEqual(expect.arrayContaining(['stdout', 'report.json', 'report.html', 'junit.xml']));
    expect(leaks(run, [shortKey])).toEqual([]);
    // The echo is there, masked: the evidence keeps its shape.
    expect(run.outputs['report.json']).toContain('Bearer sh…(masked)');
    expect(() => JSON.parse(run.outputs['report.json'] ?? '')).not.toThrow();
  });
});
