// The control operations the reference implements: all of spec/control.openapi.yaml (GET /__control announces
// them; reference/control/control.test.ts keeps the list equal to the spec's).
import type { operations } from '../../spec/types/control.js';

export const referenceControlOperations: ReadonlyArray<keyof operations> = [
  'getControlInfo',
  'createOrganization',
  'setPlanFacts',
  'createFixtureApiKey',
  'createAppToken',
  'createFixtureChannel',
  'seedInventory',
  'seedLocationContact',
  'advanceClock',
  'simulateInboundMessage',
  'simulateReaction',
  'simulateTyping',
  'simulatePoll',
  'simulatePollVote',
  'simulateGroupChange',
  'simulateContactShare',
  'simulateAmbOptIn',
  'approveAmbInvitation',
  'listSentMessages',
  'driveMessageStatus',
  'drivePurchase',
  'listCharges',
  'listEmittedEvents',
];
