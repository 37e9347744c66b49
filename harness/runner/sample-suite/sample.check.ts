// A sample suite for the runner's own test (harness/runner/run-suites.test.ts): one check per outcome the
// wrapper must produce. Not a conformance suite; the target is the test's local server.
import fc from 'fast-check';
import { check, CheckFailure } from '../../check/index.js';
import { ApiClient } from '../../http/api-client.js';

const area = 'sample';

function control(url: string | undefined): ApiClient {
  return new ApiClient('control', url ?? '', undefined, { timeoutMs: 2_000 });
}

check({ area, name: 'passes', title: 'a conforming answer passes', clauses: ['sample.clause.one'] }, async (t) => {
  const response = await control(t.target.controlUrl).get('/');
  t.expect.hasStatus(response, 200);
});

check({ area, name: 'passes-with-warning', title: 'a pass that saw a worse reading warns', clauses: ['sample.clause.one'] }, async (t) => {
  const response = await control(t.target.controlUrl).get('/', { headers: { authorization: 'Bearer api_samplesecret0123456789' } });
  t.expect.hasStatus(response, 200);
  t.warn('a reading a careful implementer avoids, said with api_samplesecret0123456789');
  t.warn('a reading a careful implementer avoids, said with api_samplesecret0123456789');
});

check({ area, name: 'fails-despite-warning', title: 'a failure after a warning fails', clauses: ['sample.clause.two'] }, async (t) => {
  t.warn('seen first');
  throw new CheckFailure('then wrong', '200', '418');
});

check({ area, name: 'fails-with-expected-actual', title: 'a failed expectation fails', clauses: ['sample.clause.two'] }, async (t) => {
  await control(t.target.controlUrl).get('/', { headers: { authorization: 'Bearer api_samplesecret0123456789' } });
  throw new CheckFailure('the answer was wrong for api_samplesecret0123456789', '200', '418');
});

check({ area, name: 'not-verifiable-without-fixture', title: 'a missing fixture is not verifiable', clauses: ['sample.clause.three'] }, async (t) => {
  const fx = await t.fixtures();
  fx.apiKey('secondary');
});

check({ area, name: 'not-verifiable-without-v2', title: 'an unmet need is not verifiable', clauses: ['sample.clause.three'], needs: ['v2'] }, async () => {
  throw new Error('never runs');
});

check({ area, name: 'excluded', title: 'a check outside the selection is skipped', clauses: ['sample.excluded.one'] }, async () => {
  throw new Error('never runs');
});

check({ area, name: 'nonconforming-response', title: 'a response off the spec fails the check', clauses: ['sample.clause.four'] }, async (t) => {
  await control(t.target.controlUrl).get('/', { query: { version: '2' } });
});

check({ area, name: 'property-fails', title: 'a failed property records its replay', clauses: ['sample.clause.five'] }, async (t) => {
  await t.assertProperty(fc.property(fc.integer({ min: 0, max: 1000 }), (n) => n < 500), { numRuns: 200 });
});

check({ area, name: 'fails-on-an-earlier-response', title: 'a failure names the response it judged, not the last one', clauses: ['sample.clause.six'], responses: 'off' }, async (t) => {
  const judged = await control(t.target.controlUrl).get('/', { query: { version: 'judged' } });
  await control(t.target.controlUrl).get('/', { query: { version: 'later' } });
  t.expect.hasStatus(judged, 418);
});
