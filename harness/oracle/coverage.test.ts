import { describe, expect, it } from 'vitest';
import { fieldRows, fieldTotals, formatFieldRows } from './coverage.js';

describe('mcs coverage --fields', () => {
  const rows = fieldRows();

  it('lists every field with a semantic judgement or a reason: none unjudged', () => {
    expect(rows.filter((r) => r.judgement === 'unjudged').map((r) => `${r.subject} ${r.field}`)).toEqual([]);
  });

  it('judges semantically the fields whose value the action decides', () => {
    const judgement = (subject: string, field: string) => rows.find((r) => r.subject.startsWith(subject) && r.field === field)?.judgement;
    expect(judgement('event message.reaction', 'action')).toBe('semantic');
    expect(judgement('event group.name_changed', 'previous_name')).toBe('semantic');
    expect(judgement('deliveries', 'X-Service-Message-Id')).toBe('semantic');
    expect(judgement('object ApiKey', 'created_at')).toBe('semantic');
    expect(judgement('event message.failed', 'error_code')).toBe('semantic');
    expect(judgement('event message.failed', 'error_message')).toBe('schema only');
    expect(judgement('event contact.merged', '*')).toBe('not shown');
  });

  it('ends with the totals in the form the issue gives', () => {
    const t = fieldTotals(rows);
    expect(t.fields).toBe(t.semantic + t.schemaOnly);
    expect(formatFieldRows(rows).trimEnd().split('\n').at(-1)).toBe(`fields ${t.fields}: semantic ${t.semantic}, schema only ${t.schemaOnly}, unjudged 0`);
  });
});
