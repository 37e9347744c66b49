import { describe, expect, it } from 'vitest';
import { MessageLog } from './message-log.js';
import type { MessageRecord } from './state.js';

function message(id: string): MessageRecord {
  return { id, chatId: 'chat_x', channelId: 'ch_x', direction: 'outbound', sender: '+14155550100', to: ['+12025550143'], text: 'hi', attachments: [], interactive: null, richLink: null, status: 'queued', createdAt: 0, idempotencyKey: null, apiKeyName: null, metadata: null };
}

describe('MessageLog', () => {
  it('finds every filed message by its id, and nothing by an id it did not file', () => {
    const log = new MessageLog();
    const filed = Array.from({ length: 50 }, () => {
      const m = message(log.nextId());
      log.add(m);
      return m;
    });
    for (const m of filed) expect(log.get(m.id)).toBe(m);
    const other = new MessageLog();
    const foreign = message(other.nextId());
    other.add(foreign);
    expect(log.get(foreign.id)).toBeUndefined();
    expect(log.get(`${filed[3]!.id.slice(0, -1)}z`)).toBeUndefined();
    for (const id of ['', 'msg_', 'msg_abc', 'chat_abcdefghijklmnop1', filed[0]!.id.toUpperCase(), `${filed[0]!.id}!`]) expect(log.get(id)).toBeUndefined();
  });

  it('ids are the message prefix followed by letters and digits only', () => {
    const log = new MessageLog();
    for (let i = 0; i < 40; i++) {
      const id = log.nextId();
      expect(id).toMatch(/^msg_[A-Za-z0-9]+$/);
      log.add(message(id));
    }
  });

  it('refuses a message whose id was not minted for the next position', () => {
    const log = new MessageLog();
    const early = log.nextId();
    log.add(message(log.nextId()));
    expect(() => log.add(message(early))).toThrow(/not minted/);
  });
});
