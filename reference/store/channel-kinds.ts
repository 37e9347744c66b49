// What each fixture kind of channel is: type, plan, numbering, and capabilities.
import type { ChannelKind, ChannelType, LinePlan } from './types.js';

export interface KindFacts {
  type: ChannelType;
  plan: LinePlan | null;
  numbered: boolean;
  hasContactCard: boolean;
  protocols: string[];
  content: string[];
  actions: string[];
  interactive: string[];
}

const nativeCaps = {
  protocols: ['imessage', 'sms'],
  content: ['text', 'media'],
  actions: ['typing', 'reactions', 'read_receipts', 'polls', 'groups'],
  interactive: [],
};

export const kindFacts: Record<ChannelKind, KindFacts> = {
  'native-shared': { type: 'native', plan: 'shared', numbered: true, hasContactCard: false, ...nativeCaps },
  'native-dedicated': { type: 'native', plan: 'dedicated', numbered: true, hasContactCard: true, ...nativeCaps },
  'native-dedicated-nocard': { type: 'native', plan: 'dedicated', numbered: true, hasContactCard: false, ...nativeCaps },
  'native-inbound': { type: 'native', plan: 'inbound', numbered: true, hasContactCard: false, ...nativeCaps },
  sms_provider: {
    type: 'sms_provider', plan: null, numbered: true, hasContactCard: false,
    protocols: ['sms'], content: ['text', 'media'], actions: [], interactive: [],
  },
  whatsapp: {
    type: 'whatsapp', plan: null, numbered: false, hasContactCard: false,
    protocols: ['whatsapp'], content: ['text', 'media'], actions: ['reactions', 'groups'], interactive: ['quick_reply', 'list_picker'],
  },
  rcs: {
    type: 'rcs', plan: null, numbered: false, hasContactCard: false,
    protocols: ['rcs'], content: ['text', 'media'], actions: ['typing', 'read_receipts'], interactive: ['quick_reply', 'rich_link'],
  },
  amb: {
    type: 'amb', plan: null, numbered: false, hasContactCard: false,
    protocols: ['amb'], content: ['text', 'media'], actions: ['typing'],
    interactive: ['quick_reply', 'list_picker', 'time_picker', 'form', 'apple_pay', 'authenticate', 'rich_link'],
  },
};

export const channelKinds = Object.keys(kindFacts) as ChannelKind[];

export function isChannelKind(value: unknown): value is ChannelKind {
  return typeof value === 'string' && value in kindFacts;
}

/** Whether the address of this kind is an E.164 number (whatsapp numbers are phone numbers but not key-ownable). */
export function hasPhoneAddress(kind: ChannelKind): boolean {
  return kind !== 'rcs' && kind !== 'amb';
}
