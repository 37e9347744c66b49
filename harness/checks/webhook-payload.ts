// Validates a webhook delivery body against the spec: v4 deliveries against the `webhooks:` section of
// spec/v4.openapi.yaml (the envelope), v2 deliveries against the `x-webhooks` section of
// spec/v2.openapi.yaml (the flat body). Validators are compiled once per event type and shared.
import type { ValidateFunction } from 'ajv';
import { loadOpenApi } from '../../spec/index.js';
import { deref } from '../../spec/json-schema/pointer.js';
import { describeError, specValidatorFor } from '../../spec/json-schema/validator.js';

type Json = Record<string, unknown>;

export type DeliveryApi = 'v4' | 'v2';

const compiled = new Map<string, ValidateFunction | null>();

/** The event types the spec describes for deliveries of `api`. */
export function describedEventTypes(api: DeliveryApi): string[] {
  return Object.keys(webhookSection(api));
}

/**
 * Problems of `body` as the delivery of `eventType` to a subscription of `api`; empty when it conforms.
 * An event type the spec does not describe gives one problem saying so.
 */
export function webhookPayloadProblems(api: DeliveryApi, eventType: string, body: unknown): string[] {
  const validate = validatorFor(api, eventType);
  if (validate === null) return [`the ${api} spec describes no delivery of event type ${JSON.stringify(eventType)}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).slice(0, 8).map((error) => `${eventType}: ${describeError(error)}`);
}

function validatorFor(api: DeliveryApi, eventType: string): ValidateFunction | null {
  const key = `${api} ${eventType}`;
  if (compiled.has(key)) return compiled.get(key) ?? null;
  const doc = loadOpenApi(api);
  const item = webhookSection(api)[eventType];
  const post = item ? (deref(doc, item).post as Json | undefined) : undefined;
  const body = post?.requestBody ? deref(doc, post.requestBody as Json) : undefined;
  const schema = ((body?.content as Record<string, Json> | undefined)?.['application/json'])?.schema;
  let validate: ValidateFunction | null = null;
  if (schema !== undefined) validate = specValidatorFor(api, schema as Json);
  compiled.set(key, validate);
  return validate;
}

function webhookSection(api: DeliveryApi): Record<string, Json> {
  const doc = loadOpenApi(api);
  return ((api === 'v4' ? doc.webhooks : doc['x-webhooks']) ?? {}) as Record<string, Json>;
}
