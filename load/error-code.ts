// The machine-readable code of an error body. Clients switch on `code`, never on `message`
// (service description section 7): v4 bodies carry it as error.code, flat bodies may carry a top-level
// `code`. A body without one is reported as NO_CODE rather than falling back to the message text.
export const NO_CODE = '(no code)';

export function errorCodeOf(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return NO_CODE;
  }
  if (parsed === null || typeof parsed !== 'object') return NO_CODE;
  const record = parsed as { error?: unknown; code?: unknown };
  if (record.error !== null && typeof record.error === 'object') {
    const code = (record.error as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
  }
  if (typeof record.code === 'string' && record.code !== '') return record.code;
  return NO_CODE;
}
