import { describe, expect, it } from 'vitest';
import { findOperation, readOperations } from './openapi.js';
import { checkResponse, validateResponse } from './validator.js';

describe('validateResponse against the control API spec', () => {
  it('accepts a conforming body', () => {
    expect(validateResponse({ api: 'control', operationId: 'getControlInfo', status: 200, body: { data: { version: '1' } } })).toEqual([]);
  });

  it('lists readable errors with the field path', () => {
    const errors = validateResponse({ api: 'control', method: 'POST', path: '/organizations/org_1/clock/advance', status: 200, body: { data: { now: 'soon' } } });
    expect(errors).toEqual(['advanceClock 200: body.data.now must be integer']);
    expect(validateResponse({ api: 'control', operationId: 'getControlInfo', status: 200, body: { data: { version: '2' } } })).toEqual([
      `getControlInfo 200: body.data.version must be "1"`,
    ]);
  });

  it('reports a status the spec does not document as an error of its own', () => {
    const result = checkResponse({ api: 'control', operationId: 'advanceClock', status: 418, body: {} });
    expect(result.undocumentedStatus).toBe(true);
    expect(result.errors).toEqual(['undocumented status 418 for advanceClock (documented: 200, 400, 404)']);
  });

  it('refuses a non-JSON body where JSON is documented, and says which operation is unknown', () => {
    expect(validateResponse({ api: 'control', operationId: 'getControlInfo', status: 200, body: undefined, isJson: false, text: '<html>' })).toEqual([
      'getControlInfo 200: body is not JSON, the spec documents a JSON body',
    ]);
    expect(validateResponse({ api: 'control', method: 'GET', path: '/nowhere', status: 200, body: {} })).toEqual(['no operation GET /nowhere in the control spec']);
  });

  it('accepts any body for a documented status without a body schema', () => {
    expect(validateResponse({ api: 'control', operationId: 'getControlInfo', status: 404, body: undefined, isJson: false, text: '' })).toEqual([]);
  });
});

describe('validateResponse where the description shows no success status (v2)', () => {
  it('takes any 2xx as the success whose status is not shown, not as the error body of default', () => {
    expect(checkResponse({ api: 'v2', operationId: 'createContact', status: 201, body: { id: 'ct_1' } })).toMatchObject({ undocumentedStatus: false, errors: [] });
    expect(validateResponse({ api: 'v2', operationId: 'sendReaction', status: 202, body: {} })).toEqual([]);
    expect(validateResponse({ api: 'v2', operationId: 'createContact', status: 500, body: {} })[0]).toMatch(/lacks required field 'error'/);
  });

  it('accepts no body, or one that is not JSON, where none is shown, but not where one is', () => {
    expect(validateResponse({ api: 'v2', operationId: 'markChatRead', status: 204, body: undefined, isJson: false, text: '' })).toEqual([]);
    expect(validateResponse({ api: 'v2', operationId: 'startTyping', status: 200, body: undefined, isJson: false, text: 'OK' })).toEqual([]);
    expect(validateResponse({ api: 'v2', operationId: 'getMessageStatus', status: 200, body: undefined, isJson: false, text: '' })).toEqual([
      'getMessageStatus 200: body is empty, the spec documents a JSON body',
    ]);
  });

  it('accepts no body on a v4 success whose body is not shown (typing), and requires code where section 4 lists it', () => {
    expect(validateResponse({ api: 'v4', operationId: 'startTyping', status: 202, body: undefined, isJson: false, text: '' })).toEqual([]);
    expect(validateResponse({ api: 'v4', operationId: 'getWebhook', status: 404, body: { error: 'Not Found', message: 'x', status: 404 } })[0]).toMatch(/lacks required field 'code'/);
  });

  it('keeps a shown success status exact: the v2 send is 202', () => {
    expect(validateResponse({ api: 'v2', operationId: 'sendChatMessage', status: 201, body: { message_id: 'msg_1', status: 'queued' } })[0]).toMatch(/lacks required field 'error'/);
  });
});

describe('operations of a document', () => {
  const doc = {
    openapi: '3.1.0',
    security: [{ apiKey: [] }],
    paths: {
      '/contacts/{contactId}': {
        parameters: [{ $ref: '#/components/parameters/ContactId' }],
        get: { operationId: 'getContact', responses: { '200': { $ref: '#/components/responses/Ok' }, '4XX': { description: 'client error' } } },
      },
      '/contacts/merged': { get: { operationId: 'listMerged', security: [{ appToken: ['apikeys:read'] }], responses: { '200': { description: 'ok' } } } },
    },
    components: {
      parameters: { ContactId: { name: 'contactId', in: 'path', required: true } },
      responses: { Ok: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };
  const operations = readOperations('v4', doc);

  it('follows references and inherits path parameters and root security', () => {
    const get = operations.find((op) => op.operationId === 'getContact');
    expect(get?.parameters).toEqual([{ name: 'contactId', in: 'path', required: true }]);
    expect(get?.responses['200']).toMatchObject({ description: 'ok' });
    expect(get?.security).toEqual([{ scheme: 'apiKey', scopes: [] }]);
    expect(operations.find((op) => op.operationId === 'listMerged')?.security).toEqual([{ scheme: 'appToken', scopes: ['apikeys:read'] }]);
  });

  it('matches concrete paths to templates, literal segments first', () => {
    expect(findOperation('control', 'POST', '/organizations/org_abc/app-tokens')?.operationId).toBe('createAppToken');
    expect(findOperation('control', 'post', '/organizations/org_abc/app-tokens?x=1')?.operationId).toBe('createAppToken');
    expect(findOperation('control', 'GET', '/organizations/org_abc/app-tokens')).toBeUndefined();
  });
});
