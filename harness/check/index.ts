// The API suites are written against: `check()` and what its body receives. See suites/README.md.
export { check, type CheckMeta, type CheckBody } from './check.js';
export { carryBrokenAnswer } from './outcome.js';
export { deliveryFindings } from './judges.js';
export { currentJudging } from './judging.js';
export { prerequisite } from './attribution.js';
export { isPhoneHandle, tokenNeed, type Need, type FixtureNeed } from './needs.js';
export { CheckContext, type PropertyOptions } from './context.js';
export type { McsTaskMeta, RunContext } from './meta.js';
export { NotVerifiable } from '../fixtures/not-verifiable.js';
export { Fixtures, type KeyRole, type TokenWanted } from '../fixtures/fixtures.js';
export { path, type ApiClient, type ApiResponse } from '../http/api-client.js';
export { checks, CheckFailure, errorCodeOf, isNothingArrived, NothingArrived, type Finding } from '../checks/index.js';
export { operationsOf, type Operation } from '../schema/openapi.js';
export { validateResponse, checkResponse } from '../schema/validator.js';
export { scopes, channelKinds, type Scope, type ChannelKind } from '../config/types.js';
export { sampleRequest, samplePath, pathParameterNames, hasJsonBody, hasIdempotencyKey, type SampleRequest } from './sample-request.js';
