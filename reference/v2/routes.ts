// v2 quick-reference endpoints (webhooks are in events/routes.ts). Flat errors come from the layer.
import type { App } from '../server/app.js';
import { chatActionV2, reactV2, sendV2, statusV2 } from './chats.js';
import { capabilitiesV2, createContactV2, createGroupV2, listContactsV2, listGroupsV2, numbersV2 } from './directory.js';

export function registerV2Routes(app: App): void {
  // Fault: v2 errors rendered in the v4 standard shape.
  const version = app.fault('v2.errors.standard-shape') ? 'v4' : 'v2';
  const opts = { auth: 'either', version } as const;
  const noBody = { ...opts, bodyKind: 'any' } as const;
  app.route('POST', '/v2/chats/:chatId/messages', sendV2, opts);
  app.route('GET', '/v2/chats/:chatId/messages/:messageId/status', statusV2, opts);
  app.route('POST', '/v2/chats/:chatId/messages/:messageId/reactions', reactV2, opts);
  app.route('POST', '/v2/chats/:chatId/typing', chatActionV2('typing'), noBody);
  app.route('POST', '/v2/chats/:chatId/read', chatActionV2('read'), noBody);
  app.route('GET', '/v2/contacts', listContactsV2, opts);
  app.route('POST', '/v2/contacts', createContactV2, opts);
  app.route('GET', '/v2/contacts/:contactId/capabilities', capabilitiesV2, opts);
  app.route('GET', '/v2/groups', listGroupsV2, opts);
  app.route('POST', '/v2/groups', createGroupV2, opts);
  app.route('GET', '/v2/me/numbers', numbersV2, opts);
}
