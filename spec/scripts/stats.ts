// npm run spec:stats — what the spec files hold, and whether every endpoint the description's tables name
// is declared. Exits 1 when a described endpoint is missing or a spec file cannot be read.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { clauseKinds, loadClauses, loadOpenApi, serviceDescriptionPath, specFiles, type OpenApiName } from '../index.js';
import { readDescriptionFacts } from './description.js';
import { asRecord, missingEndpoints, operations, pinnedStrings } from './inventory.js';
import { openApiNames } from './types-source.js';

try {
  process.exitCode = main();
} catch (error) {
  // A broken or unreadable spec file: say which, without a stack trace.
  console.error(`spec:stats failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

function main(): number {
  const lines: string[] = [];
  let failed = false;
  const facts = readDescriptionFacts();
  const present = openApiNames.filter((name) => existsSync(specFiles[name]));
  for (const name of openApiNames.filter((name) => !present.includes(name))) {
    lines.push(`MISSING ${relative(process.cwd(), specFiles[name])}`);
    failed = true;
  }

  lines.push('', 'Operations and schemas');
  for (const name of present) {
    const doc = loadOpenApi(name);
    const schemas = Object.keys(asRecord(asRecord(doc['components'])['schemas'])).length;
    const hooks = operations(doc, 'webhooks').length;
    lines.push(`  ${name.padEnd(8)} ${operations(doc).length} operations, ${hooks} webhook operations, ${schemas} schemas`);
  }

  lines.push('', `Event types (${facts.eventTypes.length} described)`);
  for (const name of present.filter((name) => name !== 'control')) {
    const pinned = pinnedEvents(name);
    const missing = facts.eventTypes.filter((type) => !pinned.has(type));
    const where = name === 'v4' ? 'envelopes (`webhooks`)' : 'flat bodies (`x-webhooks`)';
    lines.push(`  ${name} ${where}: ${facts.eventTypes.length - missing.length}/${facts.eventTypes.length}` +
      (missing.length ? `; absent: ${missing.join(', ')}` : ''));
  }

  const specText = present.filter((name) => name !== 'control').map((name) => readFileSync(specFiles[name], 'utf8')).join('\n');
  const codes = [...new Set(facts.errorCodes.map(({ code }) => code))];
  const absentCodes = codes.filter((code) => !new RegExp(`\\b${code}\\b`).test(specText));
  lines.push('', `Error codes (${codes.length} named in section 7): ${codes.length - absentCodes.length} in the v4/v2 specs` +
    (absentCodes.length ? `; absent: ${absentCodes.join(', ')}` : ''));

  const clauses = loadClauses();
  lines.push('', `Clauses: ${clauses.length} (${clauses.filter((c) => c.needs_control).length} need control, ` +
    `${clauses.filter((c) => c.untestable).length} untestable)`);
  for (const kind of clauseKinds) lines.push(`  ${kind.padEnd(11)} ${clauses.filter((c) => c.kind === kind).length}`);

  lines.push('', `Endpoints of sections 4 and 5 (${relative(process.cwd(), serviceDescriptionPath)})`);
  for (const api of ['v4', 'v2'] as const) {
    const described = facts.endpoints.filter((endpoint) => endpoint.api === api);
    if (!present.includes(api)) continue;
    const missing = missingEndpoints(described, loadOpenApi(api));
    lines.push(`  ${api}: ${described.length - missing.length}/${described.length} present`);
    for (const endpoint of missing) lines.push(`    MISSING ${endpoint.method} ${endpoint.path}  (${endpoint.subsection})`);
    if (missing.length > 0) failed = true;
  }

  console.log(lines.join('\n').trimStart());
    return failed ? 1 : 0;
}

/** Event names a spec declares: keys of `webhooks` (3.1) or `x-webhooks` (3.0), and `const`/`enum` pins inside. */
function pinnedEvents(name: OpenApiName): Set<string> {
  const doc = loadOpenApi(name);
  const names = new Set<string>();
  for (const key of ['webhooks', 'x-webhooks']) {
    for (const event of Object.keys(asRecord(doc[key]))) names.add(event);
    for (const value of pinnedStrings(doc[key])) names.add(value);
  }
  return names;
}
