// Generic checks of the robustness area, each a named function reused across operations (the harness's
// noServerError and documentedStatusOnly, plus the 5xx rule with the description's two documented 5xx).
import { checks, CheckFailure, type ApiResponse, type Operation } from '../../harness/check/index.js';
import { describeResponse, requestLine } from '../../harness/checks/failure.js';

/**
 * The only 5xx the description documents: 501 "(not implemented) send not supported" (section 7's table,
 * for a send, whatever its endpoint: POST /messages and the chat send list no statuses of their own) and
 * 503 "no active number available (v2)", where the v2 operation lists it.
 */
const sendOperations = new Set(['v4 sendMessage', 'v4 sendChatMessage', 'v4 sendChannelMessage']);

function isDocumentedServerError(status: number, operation: Operation): boolean {
  if (operation.responses[String(status)] !== undefined && (status === 501 || status === 503)) return true;
  return status === 501 && sendOperations.has(`${operation.api} ${operation.operationId}`);
}

/** Not a 5xx, except a 501/503 the description documents for the operation. */
export function noUndocumentedServerError(response: ApiResponse, operation: Operation): void {
  if (isDocumentedServerError(response.status, operation)) return;
  checks.noServerError(response);
}

/** A generated request with input valid by the spec: no undocumented 5xx, and a status the spec documents. */
export function answersWithinDocumentedStatuses(response: ApiResponse, operation: Operation): void {
  noUndocumentedServerError(response, operation);
  checks.documentedStatusOnly(response);
}

/** A generated request with invalid input: never accepted (2xx), never a 5xx, a 4xx with the layer's error body. */
export function refusesInvalidInput(response: ApiResponse, operation: Operation, violation: string): void {
  if (response.status >= 200 && response.status < 300) {
    throw new CheckFailure(`${requestLine(response)} accepted an invalid body (${violation})`, 'a 4xx refusal with an error body', describeResponse(response));
  }
  checks.noServerError(response);
  checks.errorShape(response, undefined, operation.api === 'v2' ? 'flat' : 'either');
  checks.documentedStatusOnly(response);
}
