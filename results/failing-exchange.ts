// Which exchange of a check is the one that failed it: what the console, the HTML report and its
// reproduction all show as "the failing request".
import type { CheckResult } from './model.js';

/**
 * Index of the exchange that failed the check: the one the failure named (`failedExchange`), else the last
 * exchange that is not to the control API (set-up and read-backs there are not what was judged), else the
 * last one. Undefined when the check recorded no exchange.
 */
export function failingExchangeIndex(check: Pick<CheckResult, 'exchanges' | 'failedExchange'>, controlUrl?: string): number | undefined {
  const { exchanges } = check;
  if (exchanges.length === 0) return undefined;
  if (check.failedExchange !== undefined && Number.isInteger(check.failedExchange) && exchanges[check.failedExchange] !== undefined) return check.failedExchange;
  if (controlUrl !== undefined && controlUrl !== '') {
    for (let i = exchanges.length - 1; i >= 0; i--) if (!exchanges[i]!.request.url.startsWith(controlUrl)) return i;
  }
  return exchanges.length - 1;
}
