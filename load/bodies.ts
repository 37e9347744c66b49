// Realistic send bodies, deterministic per global request index (a rerun with the same run id sends the
// same bytes, and shards never repeat each other): varied lengths, punctuation, emoji and non-Latin
// scripts, and a spread of recipients. Only fields the description names (`to`, `text`) are used.
// Recipients and one text in five come from the suite's generators (fast-check arbitraries sampled once
// with a fixed seed into a pool, so the hot path only indexes arrays).
import fc from 'fast-check';
import { unicodeText, usNumber } from '../generators/domain.js';

/** mulberry32: a tiny, well-mixed PRNG; enough to vary bodies, not for anything secret. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PHRASES = [
  'Your order has shipped and will arrive tomorrow.',
  'Reminder: your appointment is at 3:30 pm on Thursday.',
  'Thanks for reaching out! A specialist will reply shortly.',
  'Your verification code is 482913. It expires in 10 minutes.',
  'Can you confirm the delivery address?',
  '¿Podemos cambiar la cita al viernes?',
  'Merci pour votre message — nous revenons vers vous.',
  'ご予約ありがとうございます。',
  'Table for 4 is ready 🍽️',
  'Great news 🎉 your refund was processed.',
  'Please reply STOP to unsubscribe.',
  'Der Techniker kommt zwischen 8 und 12 Uhr.',
];

/** A US E.164 number (area and exchange codes start with 2-9). */
export function recipientFor(index: number, spread = 10_000): string {
  const n = index % spread;
  const area = 200 + (Math.floor(n / 1000) % 800);
  const exchange = 200 + (n % 800);
  const line = String((n * 7919) % 10_000).padStart(4, '0');
  return `+1${area}${exchange}${line}`;
}

export function messageText(index: number): string {
  const random = prng(index * 2654435761);
  const count = 1 + Math.floor(random() * 4);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(PHRASES[Math.floor(random() * PHRASES.length)] ?? '');
  return parts.join(' ');
}

const POOL_SIZE = 1024;
let pool: { recipients: string[]; texts: string[] } | undefined;

/** Samples the pools; call it during setup so the first requests do not pay for it. */
export function prepareBodies(): void {
  generated();
}

function generated(): { recipients: string[]; texts: string[] } {
  pool ??= {
    recipients: fc.sample(usNumber(), { seed: 7, numRuns: POOL_SIZE }),
    texts: fc.sample(unicodeText({ maxLength: 160 }), { seed: 11, numRuns: POOL_SIZE }),
  };
  return pool;
}

export function sendBody(index: number): { to: string; text: string } {
  const { recipients, texts } = generated();
  const slot = Math.imul(index, 2654435761) >>> 0;
  const to = recipients[slot % POOL_SIZE] ?? recipientFor(index);
  const text = index % 5 === 4 ? (texts[(slot >>> 10) % POOL_SIZE] ?? messageText(index)) : messageText(index);
  return { to, text };
}
