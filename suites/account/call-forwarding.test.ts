// Call forwarding (section 4 Account; section 8 Limits): POST /me/numbers/{number}/call-forwarding takes a
// required `forward_to`, a US E.164 number (plus, 1, a digit 2-9, nine more digits), answers 200 {data} and
// opens a support request; 401, 403, 422. The source must be an owned dedicated or inbound native number;
// shared or foreign sources are rejected. Which status a foreign source gets is not tied: 403 or 422 (the
// row's statuses, as for any rejected source, spec/AMBIGUITIES.md v4 item 39) or 404 (the number is not one
// of the caller's) are all accepted.
import fc from 'fast-check';
import { malformedE164, nonUsE164, usNumber } from '../../generators/domain.js';
import { check, path, type ApiClient, type ApiResponse } from '../../harness/check/index.js';
import { ownLine } from '../_shared/account.js';
import { ownKey } from '../_shared/api-keys.js';
import { dataOf, fail, isRecord, shown } from '../_shared/common.js';
import { aLineOf, lineOfItsOwn } from '../_shared/spare-lines.js';

const area = 'account';

const forwardPath = (number: string): string => path`/me/numbers/${number}/call-forwarding`;

function forward(client: ApiClient, number: string, json: unknown): Promise<ApiResponse> {
  return client.post(forwardPath(number), { json });
}

function expectOpened(response: ApiResponse, what: string): void {
  if (response.status !== 200) fail(`${what} was not accepted`, '200 {data}', shown(response));
  if (!isRecord(dataOf(response))) fail(`${what}: data is not an object`, '200 {data: {...}}', shown(response));
}

check(
  {
    area,
    name: 'forward-to-is-accepted-exactly-for-us-numbers',
    title: 'forward_to is accepted (200 {data}) for any US E.164 number and refused with 422 for any other E.164 number',
    clauses: ['me.call-forwarding.forward-to-pattern', 'limits.call-forwarding.us-only', 'errors.422.validation'],
    needs: ['owned:native-dedicated'],
  },
  async (t) => {
    // Fault: account.call-forwarding.any-country.
    const { fx, number } = await ownLine(t, 'native-dedicated');
    const target = fc.oneof(usNumber().map((n) => ({ value: n, us: true })), nonUsE164().map((n) => ({ value: n, us: false })));
    await t.assertProperty(
      fc.asyncProperty(target, async ({ value, us }) => {
        const response = await forward(fx.v4(), number, { forward_to: value });
        if (us) expectOpened(response, `forwarding to the US number ${value}`);
        else t.expect.errorShape(response, 422);
      }),
      { numRuns: 12 },
    );
  },
);

check(
  {
    area,
    name: 'forward-to-must-be-a-well-formed-number',
    title: 'a missing, non-string or malformed forward_to is refused with 422',
    clauses: ['me.call-forwarding.forward-to-pattern', 'errors.422.validation'],
    needs: ['owned:native-dedicated'],
  },
  async (t) => {
    // Fault: account.call-forwarding.forward-to-unchecked.
    const { fx, number } = await ownLine(t, 'native-dedicated');
    const notANumber = fc.oneof(
      malformedE164().map((m) => ({ forward_to: m.value })),
      fc.constantFrom<Record<string, unknown>>({}, { forward_to: null }, { forward_to: 14155550100 }, { forward_to: ['+14155550100'] }, { forward_to_number: '+14155550100' }),
    );
    await t.assertProperty(
      fc.asyncProperty(notANumber, async (body) => {
        t.expect.errorShape(await forward(fx.v4(), number, body), 422);
      }),
      { numRuns: 12 },
    );
  },
);

check(
  {
    area,
    name: 'only-dedicated-and-inbound-native-lines-forward',
    title: 'an owned dedicated or inbound native line may forward calls (200); an owned shared line or a non-native line is refused (403 or 422)',
    clauses: ['me.call-forwarding.owned-dedicated-or-inbound', 'me.call-forwarding.forward-to-pattern'],
    needs: ['fresh-key', 'spare-line'],
  },
  async (t) => {
    // Fault: account.call-forwarding.any-source. A key of its own owns a line of each kind (made, or spare lines leased).
    const fx = await t.fixtures();
    const key = await ownKey(t, fx);
    for (const kind of ['native-dedicated-nocard', 'native-inbound'] as const) {
      const line = await lineOfItsOwn(t, fx, { owner: key, kind });
      expectOpened(await forward(fx.v4(key), line.address, { forward_to: '+14155550123' }), `forwarding from an owned ${kind} line`);
    }
    // Which documented status a rejected source gets is not tied in the row (spec/AMBIGUITIES.md v4 item 39).
    for (const kind of ['native-shared', 'sms_provider'] as const) {
      const line = await lineOfItsOwn(t, fx, { owner: key, kind });
      t.expect.errorShape(await forward(fx.v4(key), line.address, { forward_to: '+14155550123' }), [403, 422]);
    }
  },
);

check(
  {
    area,
    name: 'foreign-lines-do-not-forward',
    title: 'a dedicated line owned by another key of the organization, or by another organization, cannot forward calls (403, 404 or 422)',
    clauses: ['me.call-forwarding.owned-dedicated-or-inbound'],
    needs: ['fresh-key', 'spare-line', 'organization-with-a-line'],
  },
  async (t) => {
    // Fault: account.call-forwarding.foreign-source.
    const fx = await t.fixtures();
    const otherKeysLine = await lineOfItsOwn(t, fx, { owner: await ownKey(t, fx) });
    const otherOrgsLine = await aLineOf(t, await t.otherOrganization('organization-with-a-line'));
    for (const [what, line] of [['another key', otherKeysLine], ['another organization', otherOrgsLine]] as const) {
      const response = await forward(fx.v4(), line.address, { forward_to: '+14155550123' });
      if (response.status === 200) fail(`a line owned by ${what} was allowed to forward calls`, '403, 404 or 422', shown(response));
      t.expect.errorShape(response, [403, 404, 422]);
    }
  },
);
