// The semantic oracle: every field of every delivery and answer judged against the action that caused it
// (spec/fields/*.yaml). Checks declare what they did (declareAction); answers are judged from their request.
export { declareAction, derive, underived, type EventAction } from './action.js';
export { actionOf, deliveryType, judgeDelivery, type DeliveryContext, type DeliveryVerdict } from './deliveries.js';
export type { Contradiction, Unjudged } from './judges.js';
export { clockSkewMs, noteClockAdvance } from './time.js';
export { describeContradiction, contradictionFailure } from './report.js';
