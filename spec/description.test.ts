import { describe, expect, it } from 'vitest';
import { parseDescription, readDescriptionFacts } from './scripts/description.js';

const sample = `# Title

## 4. Endpoints

### Things

| Method | Path | Request | Response |
|---|---|---|---|
| GET | \`/things\` | none | 200 |
| POST | \`/things/{thingId}\` | body | 201 |

A v2 thing is read with GET \`/things/{thingId}\` too.

### v2 quick-reference endpoints (base \`{v2_base_url}\`)

| Method | Path | Payload |
|---|---|---|
| GET | \`/old\` | list |

## 6. Events

| Event | Extra fields |
|---|---|
| \`a.one\` | x |
| \`b.two\`, \`b.three\` | y |

Other event types named: \`c.four\` (emitted by x), \`c.five.six\`.

## 7. Errors

| Status | Code | Condition |
|---|---|---|
| 400 | \`bad_thing\` | bad |
| 403 | \`no_a\`, \`no_b\` | denied |
| 404 | (not found) | unknown |
`;

describe('parseDescription', () => {
  const facts = parseDescription(sample);

  it('reads endpoint table rows, v2 from the v2 table, plus METHOD `path` in prose', () => {
    expect(facts.endpoints.map(({ api, method, path }) => `${api} ${method} ${path}`)).toEqual([
      'v4 GET /things/{thingId}',
      'v4 GET /things',
      'v4 POST /things/{thingId}',
      'v2 GET /old',
    ]);
  });

  it('lists section and subsection titles with their section number', () => {
    expect(facts.sectionTitles).toEqual(['4 Endpoints', '4 Things', '4 v2 quick-reference endpoints (base {v2_base_url})', '6 Events', '7 Errors']);
  });

  it('reads every backticked code of the Code column with its status', () => {
    expect(facts.errorCodes).toEqual([
      { status: 400, code: 'bad_thing' },
      { status: 403, code: 'no_a' },
      { status: 403, code: 'no_b' },
    ]);
  });

  it('reads event names from the table and the "Other event types named" line', () => {
    expect(facts.eventTypes).toEqual(['a.one', 'b.two', 'b.three', 'c.four', 'c.five.six']);
  });
});

describe('the service description', () => {
  const facts = readDescriptionFacts();

  it('yields the endpoints of sections 4 and 5', () => {
    expect(facts.endpoints.filter((e) => e.api === 'v2')).toHaveLength(14);
    expect(facts.endpoints.filter((e) => e.api === 'v4')).toHaveLength(50);
    expect(facts.endpoints).toContainEqual(expect.objectContaining({ api: 'v4', method: 'GET', path: '/webhooks/{webhookId}' }));
  });

  it('yields the error codes and event types of sections 7 and 6', () => {
    expect(facts.errorCodes).toHaveLength(20);
    expect(facts.eventTypes).toHaveLength(19);
    expect(facts.eventTypes).toContain('number.purchase.action_required');
  });
});
