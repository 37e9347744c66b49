// Contacts as the contacts, pagination and idempotency suites use them. The description names the fields
// `name`, identities and tags but not the request fields of an identity ("a phone or email on a channel
// type") nor how tags are set, so the identity shape is found by trying the plausible ones, once per worker,
// and a target that takes none of them makes the check not verifiable (never passed, never failed).
import { CheckFailure, path, prerequisite, type ApiClient, type ApiResponse, type CheckContext } from '../../harness/check/index.js';
import type { Reading } from '../../harness/views/index.js';
import { expectViewsAgree, viewsAgreeInPassing } from './views.js';

export interface Identity {
  id: string;
  name?: string | null;
  [field: string]: unknown;
}

export interface Contact {
  id: string;
  name: string | null;
  tags: string[];
  identities: Identity[];
  merged_into?: string | null;
  [field: string]: unknown;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
  pagination?: { limit: number; offset: number; total: number };
}

export type IdentityValue = { kind: 'phone' | 'email'; value: string };

type Shape = (identity: IdentityValue) => Record<string, unknown>;

/** Request shapes of an identity, most likely first (field names are not shown in the description). */
const identityShapes: { label: string; body: Shape }[] = [
  { label: '{phone|email}', body: (i) => ({ [i.kind]: i.value }) },
  { label: '{phone|email, channel_type: native}', body: (i) => ({ [i.kind]: i.value, channel_type: 'native' }) },
  { label: '{identifier}', body: (i) => ({ identifier: i.value }) },
  { label: '{type, value}', body: (i) => ({ type: i.kind, value: i.value }) },
];

/** Where the identity goes in a contact creation body: beside `name`, or nested under `identity`. */
const placements: { label: string; body: (identity: Record<string, unknown>) => Record<string, unknown> }[] = [
  { label: 'top level', body: (identity) => identity },
  { label: 'nested under identity', body: (identity) => ({ identity }) },
];

interface CreateForm {
  shape: number;
  placement: number;
}
// Learnt once per worker (one target per run): the first form the target took.
let createForm: CreateForm | undefined;
let attachShape: number | undefined;

export interface NewContact {
  name?: string | null;
  tags?: readonly string[];
  identity?: IdentityValue;
}

/** True when the JSON of `value` mentions `text` (ignoring case): how an identity's value is recognised. */
export function mentions(value: unknown, text: string): boolean {
  return JSON.stringify(value ?? null).toLowerCase().includes(text.toLowerCase());
}

export function dataOf<T>(response: ApiResponse): T {
  return (response.body as { data: T }).data;
}

function accepted(response: ApiResponse, identity: IdentityValue | undefined): boolean {
  if (response.status !== 201) return false;
  const data = (response.body as { data?: { identities?: unknown } } | undefined)?.data;
  return identity === undefined || mentions(data?.identities, identity.value);
}

export class Contacts {
  constructor(
    readonly client: ApiClient,
    private readonly t: CheckContext,
  ) {}

  /** POST /contacts in the form learnt for this target (or the first form, before anything is learnt). */
  createRaw(input: NewContact): Promise<ApiResponse> {
    const form = createForm ?? { shape: 0, placement: 0 };
    return this.client.post('/contacts', { json: this.createBody(input, form) });
  }

  /**
   * Creates a contact and answers its `data`; fails on anything but 201, not verifiable when no identity form
   * is taken. `refusal`, when given, is why a 400 or 422 answer makes the check not verifiable instead. A step
   * the check stands on: a failure is createContact's (harness/check/attribution.ts).
   */
  create(input: NewContact = {}, refusal?: string): Promise<Contact> {
    return prerequisite('createContact', () => this.createOrFail(input, refusal));
  }

  private async createOrFail(input: NewContact, refusal: string | undefined): Promise<Contact> {
    const response = input.identity === undefined || createForm !== undefined ? await this.createRaw(input) : await this.discoverCreate(input);
    if ([400, 422].includes(response.status)) {
      // The description names no creation field beyond the identity and `name`: a target may refuse `tags`.
      if ((input.tags?.length ?? 0) > 0) this.t.notVerifiable(`POST /contacts with tags answered ${response.status}; setting tags on creation is not shown in the description`);
      if (refusal !== undefined) this.t.notVerifiable(`POST /contacts answered ${response.status}: ${refusal}`);
    }
    this.t.expect.hasStatus(response, 201);
    const contact = dataOf<Contact>(response);
    if (input.identity !== undefined && !mentions(contact.identities, input.identity.value)) {
      this.t.notVerifiable(`POST /contacts answered 201 but the contact does not carry the identity ${input.identity.value}; the identity request fields are not shown in the description`);
    }
    for (const tag of input.tags ?? []) {
      if (!contact.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) {
        this.t.notVerifiable(`POST /contacts with tags answered a contact without the tag '${tag}'; how tags are set is not shown in the description`);
      }
    }
    // Every view of the new contact agrees with what was sent and answered (for the first contacts of a check).
    const model: Record<string, unknown> = { id: contact.id, merged_into: null, ...(typeof input.name === 'string' ? { name: input.name } : {}) };
    await this.viewsAgree(model, { object: contact, exchange: response.exchange }, { inPassing: true });
    return contact;
  }

  /**
   * Every view of a contact (its item, its list row, its identities endpoint, and v2's list where `v2` is given)
   * agrees with `model`, what the check's writes determine, and with `answer`, the last write's answer
   * (spec/fields/views.yaml Contact). In passing (a shared helper), for the first contacts of a check only.
   */
  async viewsAgree(model: Record<string, unknown>, answer?: { object: Contact; exchange?: Reading['exchange'] }, options: { inPassing?: boolean; v2?: { client: ApiClient; search: string } } = {}): Promise<Reading[]> {
    const given: Reading[] = [{ view: 'model', object: model }];
    if (answer !== undefined) given.push({ view: 'answer', object: answer.object, ...(answer.exchange === undefined ? {} : { exchange: answer.exchange }) });
    const clients = { key: this.client, ...(options.v2 === undefined ? {} : { v2: options.v2.client }) };
    if (!options.inPassing) return expectViewsAgree(this.t, clients, 'Contact', { given, known: { search: options.v2?.search } });
    await viewsAgreeInPassing(this.t, clients, 'Contact', { given });
    return given;
  }

  /** POST /contacts/{id}/identities in the shape learnt for this target. */
  attachRaw(contactId: string, identity: IdentityValue, extra: Record<string, unknown> = {}): Promise<ApiResponse> {
    const shape = identityShapes[attachShape ?? 0] ?? identityShapes[0]!;
    return this.client.post(path`/contacts/${contactId}/identities`, { json: { ...shape.body(identity), ...extra } });
  }

  /** Attaches an identity and answers its `data`; fails on anything but 201 (a step: addContactIdentity's failure). */
  attach(contactId: string, identity: IdentityValue): Promise<Identity> {
    return prerequisite('addContactIdentity', () => this.attachOrFail(contactId, identity));
  }

  private async attachOrFail(contactId: string, identity: IdentityValue): Promise<Identity> {
    let response: ApiResponse | undefined;
    if (attachShape !== undefined) response = await this.attachRaw(contactId, identity);
    else {
      for (let shape = 0; shape < identityShapes.length; shape++) {
        response = await this.client.post(path`/contacts/${contactId}/identities`, { json: identityShapes[shape]!.body(identity) });
        this.t.expect.noServerError(response);
        if (response.status === 201 && mentions(response.body, identity.value)) {
          attachShape = shape;
          break;
        }
        if (![400, 422].includes(response.status)) break;
      }
      if (attachShape === undefined && response !== undefined && [400, 422].includes(response.status)) {
        this.t.notVerifiable(`POST /contacts/{id}/identities refused every identity shape tried (${identityShapes.map((s) => s.label).join(', ')}); the request fields are not shown in the description`);
      }
    }
    if (!response) throw new Error('unreachable: no identity request was sent');
    this.t.expect.hasStatus(response, 201);
    return dataOf<Identity>(response);
  }

  get(contactId: string): Promise<ApiResponse> {
    return this.client.get(path`/contacts/${contactId}`);
  }

  async read(contactId: string): Promise<Contact> {
    const response = await this.get(contactId);
    this.t.expect.hasStatus(response, 200);
    return dataOf<Contact>(response);
  }

  list(query: Record<string, string | number | undefined>): Promise<ApiResponse<Page<Contact>>> {
    return this.client.get<Page<Contact>>('/contacts', { query });
  }

  /**
   * The page of a list request that must succeed. A cursor page whose `limit` the target refuses is not
   * verifiable: page sizes are not shown (spec/AMBIGUITIES.md v4 71).
   */
  async page(query: Record<string, string | number | undefined>): Promise<Page<Contact>> {
    const response = await this.list(query);
    const onlyPaging = Object.keys(query).every((name) => name === 'limit' || name === 'cursor');
    if (onlyPaging && query.limit !== undefined && (response.status === 400 || response.status === 422)) {
      this.t.notVerifiable(`GET /contacts refused limit=${query.limit} (${response.status}): the page sizes are not shown, so the suite cannot ask for that many`);
    }
    this.t.expect.hasStatus(response, 200);
    return response.body as Page<Contact>;
  }

  merge(survivorId: string, sourceId: unknown): Promise<ApiResponse> {
    return this.client.post(path`/contacts/${survivorId}/merge`, { json: { source_contact_id: sourceId } });
  }

  identities(contactId: string): Promise<ApiResponse<Page<Identity>>> {
    return this.client.get<Page<Identity>>(path`/contacts/${contactId}/identities`);
  }

  private createBody(input: NewContact, form: CreateForm): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    if (input.name !== undefined) body.name = input.name;
    if (input.tags !== undefined) body.tags = [...input.tags];
    if (input.identity !== undefined) {
      const identity = (identityShapes[form.shape] ?? identityShapes[0]!).body(input.identity);
      Object.assign(body, (placements[form.placement] ?? placements[0]!).body(identity));
    }
    return body;
  }

  private async discoverCreate(input: NewContact): Promise<ApiResponse> {
    let last: ApiResponse | undefined;
    for (let placement = 0; placement < placements.length; placement++) {
      for (let shape = 0; shape < identityShapes.length; shape++) {
        const form = { shape, placement };
        last = await this.client.post('/contacts', { json: this.createBody(input, form) });
        this.t.expect.noServerError(last);
        if (accepted(last, input.identity)) {
          createForm = form;
          return last;
        }
        // 201 without the identity: the identity field was ignored, so the stray contact goes (it would
        // otherwise count in the check's lists); a conflict or other error is a real answer.
        if (last.status === 201) await this.client.delete(path`/contacts/${dataOf<Contact>(last).id}`);
        else if (![400, 422].includes(last.status)) return last;
      }
    }
    const tried = placements.flatMap((p) => identityShapes.map((s) => `${s.label} ${p.label}`)).join('; ');
    return this.t.notVerifiable(`POST /contacts took none of the identity forms tried (${tried}); the request fields of an identity are not shown in the description`);
  }
}

/** Fails unless `response` is a list page (the schema checks the rest afterwards). */
export function pageOf<T>(response: ApiResponse): Page<T> {
  const body = response.body as Page<T> | undefined;
  if (response.status !== 200 || !body || !Array.isArray(body.data)) {
    throw new CheckFailure(`${response.method} ${response.path} did not answer a page`, '200 {data: [...], has_more, next_cursor}', `${response.status} ${response.text.slice(0, 300)}`);
  }
  return body;
}

/**
 * Lets time pass between two writes whose order a check judges: the organization's clock moves a second where
 * the control API offers advanceClock, else the check waits a little over a second (a measure kept in whole
 * seconds then still sees the writes apart).
 */
export async function letTimePass(t: CheckContext, waitMs = 1_100): Promise<void> {
  const fx = await t.fixtures();
  if (fx.controlOffers('advanceClock')) await fx.control().advanceClock(1_000);
  else await new Promise((resolve) => setTimeout(resolve, waitMs));
}
