// Versioning (section 9.1): the current API is v4, served under the path prefix `/v4` of {base_url}. The
// suite's v4 client is rooted at {base_url}/v4, so the check reads the v4 API's own answers there: the
// account and list endpoints answer with the v4 envelopes ({data}, and pages with has_more/next_cursor),
// and /me/numbers answers v4's {data: [...]}, not v2's {numbers: [...]}. The version string 4.0.0-beta is
// a property of the OpenAPI description; no endpoint that reports it is described, so it is not checked.
import { check } from '../../harness/check/index.js';
import { dataOf, fail, isRecord, shown } from '../_shared/common.js';

check(
  {
    area: 'versioning',
    name: 'v4-is-served-under-the-v4-prefix',
    title: 'GET /v4/me, /v4/me/numbers, /v4/channels, /v4/contacts and /v4/priorities of {base_url} answer 200 with the v4 envelopes',
    clauses: ['versioning.v4.beta-under-v4-prefix'],
    concurrent: true,
  },
  async (t) => {
    // Fault: versioning.me-not-under-v4.
    const fx = await t.fixtures();
    const v4 = fx.v4();
    for (const item of ['/me', '/me/numbers']) {
      const response = await v4.get(item);
      t.expect.hasStatus(response, 200);
      dataOf<unknown>(response);
      if (isRecord(response.body) && 'numbers' in response.body) fail(`GET /v4${item} answers the v2 shape`, '{data: ...}', shown(response));
    }
    for (const list of ['/channels', '/contacts', '/priorities']) {
      const response = await v4.get(list);
      t.expect.hasStatus(response, 200);
      const body = response.body;
      if (!isRecord(body) || !Array.isArray(body.data) || typeof body.has_more !== 'boolean') fail(`GET /v4${list} is not a v4 page`, '{data: [...], has_more, next_cursor}', shown(response));
    }
  },
);
