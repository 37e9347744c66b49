// What the oracle judges, field by field (`mcs coverage --fields`): every field the field tables list for every
// event and response object, and how it is judged: semantic (against the action or request, and how), schema
// only (with the reason), or not shown. A field with neither a semantic rule nor a reason is unjudged (a defect
// the tables' test refuses).
import { isSemantic, loadEventFields, loadObjectFields, type FieldRule } from '../../spec/fields/index.js';

export type FieldJudgement = 'semantic' | 'schema only' | 'not shown' | 'unjudged';

export interface FieldRow {
  /** `event <type>`, `deliveries` (every event) or `object <Name>`. */
  subject: string;
  /** Where the field is: a header, the v4 envelope or data, the flat body, or the object. */
  part: string;
  field: string;
  judgement: FieldJudgement;
  /** How it is judged (semantic) or why not (schema only, not shown). */
  how: string;
  clauses: string[];
}

function how(rule: FieldRule): string {
  const from = rule.from === undefined ? '' : ` ${[rule.from].flat().join(' | ')}`;
  const expect = rule.expect === undefined ? '' : ` ${JSON.stringify(rule.expect)}`;
  const only = rule.only_if === undefined ? '' : ` when ${rule.only_if.from} ~ /${rule.only_if.matches}/`;
  return `${rule.judge}${from}${expect}${only}`;
}

function judgementOf(rules: readonly FieldRule[]): { judgement: FieldJudgement; how: string } {
  const semantic = rules.filter((rule) => isSemantic(rule.judge));
  if (semantic.length > 0) return { judgement: 'semantic', how: semantic.map(how).join('; ') };
  const described = rules.find((rule) => rule.reason !== undefined);
  const notShown = rules.find((rule) => rule.judge === 'not-shown');
  if (notShown !== undefined) return { judgement: 'not shown', how: notShown.reason ?? 'not shown' };
  if (described !== undefined) return { judgement: 'schema only', how: described.reason ?? '' };
  return { judgement: 'unjudged', how: 'no rule and no reason' };
}

function row(subject: string, part: string, field: string, rules: readonly FieldRule[], clause: string): FieldRow {
  const clauses = [...new Set(rules.map((rule) => rule.clause ?? clause))];
  return { subject, part, field, ...judgementOf(rules), clauses };
}

function grouped(rules: readonly FieldRule[]): Map<string, FieldRule[]> {
  const byField = new Map<string, FieldRule[]>();
  for (const rule of rules) byField.set(rule.field, [...(byField.get(rule.field) ?? []), rule]);
  return byField;
}

/** Every field of the tables, one row each. */
export function fieldRows(): FieldRow[] {
  const events = loadEventFields();
  const rows: FieldRow[] = [];
  const every = 'deliveries (every event type)';
  for (const [field, rules] of grouped(events.headers)) rows.push(row(every, 'header (v4 and v2)', field, rules, ''));
  for (const [field, rules] of grouped(events.envelope)) rows.push(row(every, 'v4 envelope', field, rules, ''));
  for (const [field, rules] of grouped(events.flat_base)) rows.push(row(every, 'flat base', field, rules, ''));
  for (const [type, table] of Object.entries(events.events)) {
    const subject = `event ${type}`;
    if (table.not_shown !== undefined) {
      rows.push({ subject, part: 'payload', field: '*', judgement: 'not shown', how: table.not_shown, clauses: [table.clause] });
      continue;
    }
    if (table.v4_data !== undefined) for (const [field, rules] of grouped(table.v4_data)) rows.push(row(subject, 'v4 data', field, rules, table.clause));
    else rows.push({ subject, part: 'v4 data', field: '*', judgement: 'not shown', how: events.v4_data_not_shown, clauses: [table.clause] });
    for (const [field, rules] of grouped(table.flat ?? [])) rows.push(row(subject, 'flat', field, rules, table.clause));
  }
  for (const [name, table] of Object.entries(loadObjectFields().objects)) {
    const subject = `object ${name} (${table.section})`;
    const operationRules = table.operations.flatMap((operation) => operation.rules.map((rule) => ({ ...rule, only_if: rule.only_if, from: rule.from, judge: rule.judge, reason: rule.reason, field: rule.field, clause: rule.clause ?? table.clause, at: `${operation.api} ${operation.method} ${operation.path}` })));
    for (const field of table.fields) {
      const judged = operationRules.filter((rule) => rule.field === field.field);
      const semantic = [field, ...judged].filter((rule) => isSemantic(rule.judge));
      const result = row(subject, 'answer', field.field, semantic.length > 0 ? semantic : [field], table.clause);
      if (semantic.length > 0) result.how = [field, ...judged].filter((rule) => isSemantic(rule.judge)).map((rule) => `${how(rule)}${'at' in rule ? ` (${String(rule.at)})` : ''}`).join('; ');
      rows.push(result);
    }
  }
  return rows;
}

export interface FieldTotals {
  /** Fields the description defines: judged semantically or by their schema (not-shown rows name none). */
  fields: number;
  semantic: number;
  schemaOnly: number;
  notShown: number;
  unjudged: number;
}

export function fieldTotals(rows: readonly FieldRow[]): FieldTotals {
  const count = (judgement: FieldJudgement) => rows.filter((r) => r.judgement === judgement).length;
  const semantic = count('semantic');
  const schemaOnly = count('schema only');
  const unjudged = count('unjudged');
  return { fields: semantic + schemaOnly + unjudged, semantic, schemaOnly, notShown: count('not shown'), unjudged };
}

/** The text `mcs coverage --fields` prints; its last line gives the totals. */
export function formatFieldRows(rows: readonly FieldRow[]): string {
  const lines: string[] = [];
  let subject = '';
  for (const r of rows) {
    if (r.subject !== subject) {
      subject = r.subject;
      lines.push(subject);
    }
    lines.push(`  ${r.part.padEnd(20)} ${r.field.padEnd(28)} ${r.judgement.padEnd(11)} ${r.how}${r.clauses.length > 0 && r.clauses[0] !== '' ? ` [${r.clauses.join(', ')}]` : ''}`);
  }
  const t = fieldTotals(rows);
  lines.push('', `not shown: ${t.notShown} (payloads and answers the description does not show)`);
  lines.push(`fields ${t.fields}: semantic ${t.semantic}, schema only ${t.schemaOnly}, unjudged ${t.unjudged}`);
  return `${lines.join('\n')}\n`;
}
