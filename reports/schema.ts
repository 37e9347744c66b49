// Validation of a JSON report against reports/report.schema.json, with one readable line per problem, so
// that `mcs report --from` refuses a malformed or foreign file before rendering anything from it.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { RunReport } from '../results/model.js';

type AddFormats = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS with a `default` property; NodeNext sees the module object, tsx the function.
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

export const reportSchemaPath = new URL('./report.schema.json', import.meta.url);

let validator: ValidateFunction | undefined;

function compiled(): ValidateFunction {
  if (validator === undefined) {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    validator = ajv.compile(JSON.parse(readFileSync(reportSchemaPath, 'utf8')) as object);
  }
  return validator;
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `${where}: unknown property '${String(params['additionalProperty'])}'`;
  if (error.keyword === 'enum') return `${where}: must be one of ${(params['allowedValues'] as unknown[]).join(', ')}`;
  return `${where}: ${error.message ?? error.keyword}`;
}

/** Problems of a value as a run report; empty when it is one. */
export function reportProblems(value: unknown): string[] {
  const validate = compiled();
  return validate(value) ? [] : (validate.errors ?? []).map(describe);
}

export function isRunReport(value: unknown): value is RunReport {
  return reportProblems(value).length === 0;
}

/** Reads and validates a JSON report; throws one line naming the file and the first problem. */
export async function readReport(path: string): Promise<RunReport> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message.split('\n')[0] ?? ''}`);
  }
  const problems = reportProblems(value);
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
    throw new Error(`${path} is not a valid mcs report: ${problems[0] ?? ''}${more}`);
  }
  return value as RunReport;
}
