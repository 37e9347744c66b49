// The v4 error shape as a strict certifier reads it: section 7 allows "some v4 responses" in the flat shape
// without saying which, so a flat v4 error passes; but a careful implementer answers coded v4 errors in the
// v4 standard shape `{error: {code, message, details}}` the description names first, so a flat one warns.
import type { ApiResponse, CheckContext } from '../../harness/check/index.js';
import { errorShapeVerdict } from '../../harness/checks/error-body.js';
import { requestLine } from '../../harness/checks/failure.js';

/** After `errorShape(response, …, 'either')` passed: a warning when the v4 error came back flat. */
export function warnIfFlatV4Error(t: CheckContext, response: ApiResponse): void {
  if (response.api !== 'v4' || response.status < 400 || response.status === 401) return;
  if (errorShapeVerdict(response.body, response.status, 'either').shape !== 'flat') return;
  t.warn(`${requestLine(response)} answered ${response.status} in the flat error shape; the v4 standard shape is {error: {code, message, details}} (section 7)`);
}
