// An answer no JSON API gives, whatever the spec shows of its body: cut by the harness (too long), an HTML
// page, or a body declared JSON (content-type) that does not parse. Shared by documentedStatusOnly (such an
// answer is no documented answer) and the check wrapper (such an answer shows a broken API, not a clause).

export interface AnswerShape {
  headers?: Record<string, string>;
  contentType?: string;
  text: string;
  isJson: boolean;
  truncated?: boolean;
  /** Why it was cut, when not for its length. */
  cut?: string;
}

export function garbageOf(answer: AnswerShape): string | undefined {
  if (answer.truncated) return answer.cut === undefined ? "the answer's body is longer than the harness reads (cut)" : `the answer's body is ${answer.cut} (cut)`;
  const type = answer.contentType ?? Object.entries(answer.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (/text\/html/i.test(type) || /^\s*<(!doctype|html)/i.test(answer.text.slice(0, 100))) return 'the answer is an HTML page';
  if (/json/i.test(type) && !answer.isJson && answer.text.trim() !== '') return 'the body is declared JSON (content-type) and does not parse';
  return undefined;
}
