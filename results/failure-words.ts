// A failed raw matcher (vitest's `expect`) says "label: expected false to be true // Object.is equality":
// matcher jargon a vendor cannot act on. This turns such a message into what was expected and what was
// found, in plain words; the label a check gave its matcher (`t.expect.that(value, 'label')`) leads, and
// the clause sentence is shown beside it by every report. Any other message is returned unchanged, so
// applying it twice, or to a report written before, is harmless.

const matcher =
  /^(?:(?<label>.+?): )?expected (?<actual>.+?) to (?<negated>not )?(?<verb>be greater than or equal to|be less than or equal to|be greater than|be less than|be above|be below|be at least|be at most|deeply equal|strictly equal|equal|be|include|contain|match|have length|have a length of|have property)(?: (?<expected>.+?))?(?: \/\/ [A-Za-z.]+ equality)?$/s;

const comparisons: Record<string, string> = {
  'be greater than or equal to': 'at least',
  'be at least': 'at least',
  'be less than or equal to': 'at most',
  'be at most': 'at most',
  'be greater than': 'more than',
  'be above': 'more than',
  'be less than': 'less than',
  'be below': 'less than',
};

/** How chai prints a value: a literal, a quoted string, an array, an object, a regex, a class instance. */
const printedValue = /^(?:'.*'|".*"|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?n?|true|false|null|undefined|NaN|-?Infinity|\[.*\]|\{.*\}|\/.*\/[a-z]*|[A-Z]\w*(?:<\w+>)?\s?[[{].*[\]}]|\[Function.*\])$/s;

/** The message of a failed raw matcher in plain words; any other message unchanged. */
export function inPlainWords(message: string): string {
  const match = matcher.exec(message);
  const groups = match?.groups;
  // Only a matcher's own text: the value it found printed as chai prints values (not a suite's sentence).
  if (groups === undefined || !printedValue.test(groups['actual'] ?? '')) return message;
  const { label, actual = '', negated, verb = '', expected } = groups;
  const lead = label ?? 'Not as the clause says';
  const not = negated !== undefined;
  const wanted = expected ?? '';
  let said: string;
  if (verb === 'include' || verb === 'contain') {
    said = not ? `expected no ${wanted}, found it in ${actual}` : `expected ${wanted} among ${actual}, found it missing`;
  } else if (verb === 'match') {
    said = `expected text ${not ? 'not ' : ''}matching ${wanted}, found ${actual}`;
  } else if (comparisons[verb] !== undefined) {
    said = `expected ${not ? 'not ' : ''}${comparisons[verb]} ${wanted}, found ${actual}`;
  } else if (verb.includes('equal') || verb === 'be') {
    said = not ? `expected anything but ${wanted}, found ${actual}` : `expected ${wanted}, found ${actual}`;
  } else {
    said = `expected ${not ? 'not to ' : ''}${verb}${wanted === '' ? '' : ` ${wanted}`}, found ${actual}`;
  }
  return `${lead}: ${said}`;
}
