// Checks a merged configuration against config.schema.json and turns the first error into one line that
// names the field and its source, e.g. "timeout_ms (from MCS_TIMEOUT_MS): must be an integer".
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { didYouMean } from '../../text/nearest.js';
import { ConfigError } from './errors.js';
import type { ConfigLayer } from './layers.js';

let validator: ValidateFunction | undefined;

function compiled(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(readFileSync(new URL('./config.schema.json', import.meta.url), 'utf8')) as object;
    validator = new Ajv2020({ allErrors: false, strict: true, verbose: true }).compile(schema);
  }
  return validator;
}

export function validateConfig(layer: ConfigLayer): void {
  const validate = compiled();
  if (validate(layer.values)) return;
  const error = validate.errors?.[0];
  if (!error) throw new ConfigError('configuration is invalid');
  throw new ConfigError(describe(error, layer.origins));
}

function describe(error: ErrorObject, origins: Record<string, string>): string {
  const segments = error.instancePath.split('/').slice(1).map(unescapePointer);
  let field = fieldName(segments);
  let problem = error.message ?? 'is invalid';
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const extra = String(params.additionalProperty);
    field = fieldName([...segments, extra]);
    // The fields known where the unknown one stands (verbose: the error carries the schema it failed).
    const known = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
    const near = didYouMean(extra, known);
    problem = `unknown field${near === undefined ? '' : ` (did you mean ${fieldName([...segments, near])}?)`}`;
  } else if (error.keyword === 'required') {
    field = fieldName([...segments, String(params.missingProperty)]);
    problem = 'is required';
  } else if (error.keyword === 'enum' && error.propertyName !== undefined) {
    problem = `has an unknown key '${error.propertyName}' (known: ${(params.allowedValues as unknown[]).join(', ')})`;
  } else if (error.keyword === 'enum') {
    problem = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (error.keyword === 'pattern' && segments.at(-1) === 'webhook_listen') {
    problem = 'must be host:port (an IPv6 host in brackets)';
  } else if (error.keyword === 'pattern' && segments.at(-1)?.endsWith('url')) {
    problem = 'must be an http:// or https:// URL';
  } else if (error.keyword === 'pattern' || error.keyword === 'minLength') {
    problem = segments.includes('id') ? 'must be a ch_ id' : 'must be a non-empty string without spaces';
  }
  const top = segments[0] ?? field;
  const origin = origins[top];
  return `${field || 'configuration'}${origin ? ` (from ${origin})` : ''}: ${problem}`;
}

function fieldName(segments: string[]): string {
  return segments.reduce((name, segment) => (/^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment), '');
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
