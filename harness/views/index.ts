// Every view agrees, every replay follows its original (issue 39 items 1 and 4): judges that return findings as
// data. `judgeViews` reads an object through every view of spec/fields/views.yaml the target offers and compares
// the shared fields; `compareReplay` and `comparePurchase` compare a replay (or a later read) with the first
// answer, letting only the fields the state tables move move. Turning findings into a check's failure is the
// caller's (suites/_shared/views.ts).
export type { Finding, Reading, Json } from './finding.js';
export { describeFindings } from './finding.js';
export { compareViews, agree, sharedValue, valueAt } from './compare.js';
export { judgeViews, readThroughViews, readView, knownValues, settlePausesMs, type ReadThrough, type ViewClients } from './read.js';
export { compareReplay, comparePurchase, purchaseMayMove, purchaseProgress, type ReplayRules } from './replay.js';
