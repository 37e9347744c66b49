// Helpers for the reference's own HTTP tests: a started reference, an organization with fixtures,
// and a tiny JSON client. Test-only (imported by *.test.ts files).
import { startReference, type ReferenceHandle, type ReferenceOptions } from './index.js';

export interface Fixtures {
  organization_id: string;
  api_keys: { primary: { api_key: string }; secondary: { api_key: string } };
  app_tokens: Array<{ token: string; scopes: string[] }>;
  channels: Array<{ id: string; kind: string; type: string; address: string; alias: string | null; owner_api_key: string | null }>;
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  headers: Headers;
}

export interface Harness {
  ref: ReferenceHandle;
  call(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string }): Promise<Answer>;
  control(method: string, path: string, body?: unknown): Promise<Answer>;
  newOrg(body?: Record<string, unknown>): Promise<Org>;
  close(): Promise<void>;
}

export interface Org {
  id: string;
  fixtures: Fixtures;
  primary: string;
  secondary: string;
  /** App token with every scope. */
  admin: string;
  /** App token with exactly these scopes (one of the standard sets). */
  token(scopes: string[]): string;
  channel(kind: string): Fixtures['channels'][number];
}

export async function startHarness(options: ReferenceOptions = {}): Promise<Harness> {
  const ref = await startReference({ log: () => {}, ...options });
  const call: Harness['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${ref.urls.base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers };
  };
  const control: Harness['control'] = (method, path, body) => call(method, `/__control${path}`, body === undefined ? {} : { body });
  const newOrg = async (body: Record<string, unknown> = {}): Promise<Org> => {
    const answer = await control('POST', '/organizations', body);
    if (answer.status !== 201) throw new Error(`organization not created: ${answer.status}`);
    const fixtures = answer.body.data as Fixtures;
    const token = (scopes: string[]) => {
      const found = fixtures.app_tokens.find((t) => t.scopes.length === scopes.length && scopes.every((s) => t.scopes.includes(s)));
      if (!found) throw new Error(`no token with scopes ${scopes.join(',')}`);
      return found.token;
    };
    return {
      id: fixtures.organization_id,
      fixtures,
      primary: fixtures.api_keys.primary.api_key,
      secondary: fixtures.api_keys.secondary.api_key,
      admin: token(['apikeys:read', 'apikeys:manage', 'numbers:read', 'numbers:manage']),
      token,
      channel(kind) {
        const found = fixtures.channels.find((c) => c.kind === kind);
        if (!found) throw new Error(`no channel of kind ${kind}`);
        return found;
      },
    };
  };
  return { ref, call, control, newOrg, close: () => ref.close() };
}
