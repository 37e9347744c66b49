import { describe, expect, it } from 'vitest';
import { usNumberPattern } from '../generators/domain.js';
import { messageText, recipientFor, sendBody } from './bodies.js';

describe('send bodies', () => {
  it('are deterministic per index, with valid US recipients and non-empty text', () => {
    for (let g = 0; g < 500; g++) {
      const body = sendBody(g);
      expect(sendBody(g)).toEqual(body);
      expect(body.to).toMatch(usNumberPattern);
      expect(body.text.length).toBeGreaterThan(0);
    }
  });

  it('vary: many recipients, many texts, some beyond ASCII', () => {
    const bodies = Array.from({ length: 500 }, (_, g) => sendBody(g));
    expect(new Set(bodies.map((b) => b.to)).size).toBeGreaterThan(300);
    expect(new Set(bodies.map((b) => b.text)).size).toBeGreaterThan(200);
    expect(bodies.some((b) => /[^\x20-\x7e]/.test(b.text))).toBe(true);
  });

  it('derive senders and texts from the index alone', () => {
    expect(recipientFor(12)).toBe(recipientFor(12));
    expect(recipientFor(12)).not.toBe(recipientFor(13));
    expect(recipientFor(5)).toMatch(usNumberPattern);
    expect(messageText(3)).toBe(messageText(3));
  });
});
