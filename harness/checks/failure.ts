// A failed expectation with what was expected and what came back, in words a vendor can act on.
// vitest carries `expected`/`actual` of a thrown error to the reporter; the runner puts them in the report.

export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
  readonly expected: string;
  readonly actual: string;
  constructor(message: string, expected: string, actual: string) {
    super(message);
    this.expected = expected;
    this.actual = actual;
  }
}

/** A short text of a response for `actual`: status and (clipped) body. */
export function describeResponse(response: { status: number; text: string }): string {
  const body = response.text.length > 500 ? `${response.text.slice(0, 500)}…` : response.text;
  return `${response.status} ${body === '' ? '(empty body)' : body}`;
}

export function requestLine(response: { api: string; method: string; path: string }): string {
  return `${response.api} ${response.method} ${response.path}`;
}
