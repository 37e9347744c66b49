// MESSAGING's v4 routes (registered by reference/routes.ts).
import type { App } from '../server/app.js';
import { postChannelMessages, postChatMessages, postChatTyping, postMessages } from './handlers.js';

export function registerMessagingRoutes(app: App): void {
  const v4 = { auth: 'either', version: 'v4' } as const;
  app.route('POST', '/v4/messages', postMessages, v4);
  app.route('POST', '/v4/channels/:channel/messages', postChannelMessages, v4);
  app.route('POST', '/v4/chats/:chatId/messages', postChatMessages, v4);
  app.route('POST', '/v4/chats/:chatId/typing', postChatTyping, { ...v4, bodyKind: 'any' });
}
