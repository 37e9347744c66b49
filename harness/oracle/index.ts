// The semantic oracle: every field of every delivery and answer judged against the action that caused it
// (spec/fields/*.yaml), by the registry of field judges. Checks declare what they did (declareAction); answers
// are judged from their request. It returns findings as data; harness/check turns them into outcomes.
export { declareAction, derive, underived, type EventAction } from './action.js';
export { actionOf, deliveryType, judgeDelivery, type DeliveryContext, type DeliveryVerdict } from './deliveries.js';
export { fieldJudges, type FieldJudge, type Unjudged } from './field-judges.js';
export { clockSkewMs, noteClockAdvance } from './time.js';
