// Parsing and validation of send bodies (POST /messages, /channels/{channel}/messages, /chats/{id}/messages).
// The description names `to`, `text`, `from`, `attachments`, `interactive` (kind, summary_text, items) and
// `rich_link`; the dry-run switch is not shown, so it is `dry_run: true` in the body here, and an approved
// business-chat invitation is named by `invitation_id` (messaging/amb.ts). Unknown fields are ignored (the
// full body is not shown). Every rejection is 422 `validation_error` naming the field.
import { httpError, type HttpError } from '../server/errors.js';
import { isJsonObject, objectBody, type JsonObject } from '../server/validate.js';
import { referenceTargetSettings } from '../target-settings.js';

/** The body fields that ask for a dry run and name an approved invitation (announced to the suite as target settings). */
const dryRunField = referenceTargetSettings.dry_run_field;
const invitationField = referenceTargetSettings.amb_invitation_field;

// `rich_link` is accepted both as an interactive kind and as a top-level `rich_link` object: the
// description names it beside the kinds without saying which form a send takes.
export const interactiveKinds = ['quick_reply', 'list_picker', 'time_picker', 'form', 'apple_pay', 'authenticate', 'rich_link'] as const;
export type InteractiveKind = (typeof interactiveKinds)[number];

export interface SendBody {
  to: string[];
  text: string | null;
  /** URLs (or objects with a `url`, since the v4 item shape is not shown). */
  attachments: Array<string | JsonObject>;
  interactive: { kind: InteractiveKind; summary_text?: string; items?: Array<{ id: string; title: string }> } & JsonObject | null;
  richLink: { url: string; title?: string } & JsonObject | null;
  from: string | null;
  /** An approved business-chat invitation to send instead of content (messaging/amb.ts). */
  invitationId: string | null;
  dryRun: boolean;
  metadata: JsonObject | null;
}

export type SendEndpoint = 'messages' | 'channel' | 'chat';

export const FAN_OUT_MAX = 100;

const invalid = (field: string, message: string, extra: Record<string, unknown> = {}): HttpError =>
  httpError(422, 'validation_error', message, { field, ...extra });

export interface BodyFaults {
  /** Accept `interactive` together with `text`. */
  allowInteractiveWithText?: boolean;
  /** Accept any number of quick-reply choices. */
  anyQuickReplyCount?: boolean;
}

export function parseSendBody(raw: unknown, endpoint: SendEndpoint, faults: BodyFaults = {}): SendBody {
  const body = objectBody(raw);
  const to = endpoint === 'chat' ? [] : parseTo(body.to);
  if (endpoint === 'channel' && body.from !== undefined) throw invalid('from', 'from is not accepted here: the path names the channel');
  const from = endpoint === 'messages' ? optionalString(body, 'from') : null;
  if (from === '') throw invalid('from', 'from must not be empty');
  const text = optionalString(body, 'text');
  const attachments = parseAttachments(body.attachments);
  const interactive = parseInteractive(body.interactive, faults);
  const richLink = parseRichLink(body.rich_link);
  const dryRun = body[dryRunField];
  if (dryRun !== undefined && typeof dryRun !== 'boolean') throw invalid(dryRunField, `${dryRunField} must be a boolean`);
  if (body.metadata !== undefined && !isJsonObject(body.metadata)) throw invalid('metadata', 'metadata must be an object');
  const hasText = text !== null && text !== '';
  if (interactive && hasText && !faults.allowInteractiveWithText) {
    throw invalid('text', 'An interactive message carries no text; put the prompt in interactive.summary_text');
  }
  const invitationId = endpoint === 'chat' ? null : optionalString(body, invitationField);
  const hasContent = hasText || attachments.length > 0 || interactive !== null || richLink !== null;
  if (invitationId !== null && hasContent) throw invalid(invitationField, 'An invitation carries its approved text only: send no text, attachments, interactive or rich_link with it');
  if (invitationId === null && !hasContent) {
    throw invalid('text', 'A message needs text, attachments, interactive or rich_link');
  }
  return {
    to,
    text: hasText ? text : null,
    attachments,
    interactive,
    richLink,
    from,
    invitationId,
    dryRun: dryRun === true,
    metadata: (body.metadata as JsonObject | undefined) ?? null,
  };
}

function parseTo(value: unknown): string[] {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0) throw invalid('to', 'to must be a recipient or a non-empty array of recipients');
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string' || item.trim() === '') throw invalid('to', 'every recipient must be a non-empty string');
    out.push(item.trim());
  }
  return out;
}

function optionalString(body: JsonObject, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalid(field, `${field} must be a string`);
  return value;
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function parseAttachments(value: unknown): Array<string | JsonObject> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isAttachment)) throw invalid('attachments', 'attachments must be an array of URLs (or attachment objects)');
  return value as Array<string | JsonObject>;
}

/** An attachment item: a non-empty URL string, or an attachment object. */
function isAttachment(a: unknown): boolean {
  return (typeof a === 'string' && a !== '') || isJsonObject(a);
}

function parseInteractive(value: unknown, faults: BodyFaults): SendBody['interactive'] {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('interactive', 'interactive must be an object');
  const obj = value as JsonObject;
  if (typeof obj.kind !== 'string' || !(interactiveKinds as readonly string[]).includes(obj.kind)) {
    throw invalid('interactive.kind', `interactive.kind must be one of ${interactiveKinds.join(', ')}`);
  }
  if (obj.summary_text !== undefined && typeof obj.summary_text !== 'string') throw invalid('interactive.summary_text', 'summary_text must be a string');
  const items = obj.items;
  if (items !== undefined) {
    const wellFormed = Array.isArray(items) && items.every((i) => typeof i === 'object' && i !== null && typeof (i as JsonObject).id === 'string' && typeof (i as JsonObject).title === 'string');
    if (!wellFormed) throw invalid('interactive.items', 'items must be an array of {id, title} strings');
  }
  if (obj.kind === 'quick_reply' && !faults.anyQuickReplyCount) {
    const count = Array.isArray(items) ? items.length : 0;
    if (count < 2 || count > 5) throw invalid('interactive.items', 'a quick_reply offers 2 to 5 choices', { min: 2, max: 5, count });
  }
  return obj as SendBody['interactive'];
}

function parseRichLink(value: unknown): SendBody['richLink'] {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value) || !isHttpUrl((value as JsonObject).url)) {
    throw invalid('rich_link', 'rich_link must be an object with an http(s) url');
  }
  const title = (value as JsonObject).title;
  if (title !== undefined && typeof title !== 'string') throw invalid('rich_link.title', 'rich_link.title must be a string');
  return value as SendBody['richLink'];
}

/**
 * "A URL is shared with rich_link, not as a bare link" (business-chat channel): here a bare link is a text
 * that is nothing but one URL (surrounding whitespace aside). A URL inside a sentence is ordinary text.
 */
export function isBareLink(text: string | null): boolean {
  if (text === null) return false;
  const trimmed = text.trim();
  return !/\s/.test(trimmed) && isHttpUrl(trimmed);
}
