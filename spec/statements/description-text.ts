// The service description as the statement ledger reads it: its sections (the preamble, each `## n.` and each
// `### ` under it), each section's text with whitespace collapsed, and the candidate statements in it (every
// sentence of prose and lists, every row of a table). A ledger row quotes a stretch of one section's text;
// what no quote reaches is a candidate not yet in the ledger (spec/scripts/statements.ts lists them).

export interface DescribedSection {
  /** "<n> <title>" with backticks removed, as spec/scripts/description.ts names sections; 0 is the preamble. */
  title: string;
  /** The section's own text (up to the next heading of any level), whitespace collapsed. */
  text: string;
  candidates: Candidate[];
}

export interface Candidate {
  /** The sentence or table row, whitespace collapsed, as it stands in `text`. */
  text: string;
  /** Where it starts in the section's `text`. */
  at: number;
}

/** Runs of whitespace (newlines included) read as one space; the ledger quotes text in this form. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Every section of the description, in order, with its text and its candidate statements. */
export function describedSections(markdown: string): DescribedSection[] {
  const sections: { title: string; lines: string[] }[] = [];
  let number = '0';
  for (const line of markdown.split('\n')) {
    const top = /^# (.+)$/.exec(line);
    const numbered = /^## (\d+)\. (.+)$/.exec(line);
    const sub = /^### (.+)$/.exec(line);
    if (top) sections.push({ title: `0 ${top[1]}`, lines: [] });
    else if (numbered) {
      number = numbered[1] ?? '';
      sections.push({ title: `${number} ${numbered[2]}`, lines: [] });
    } else if (sub) sections.push({ title: `${number} ${sub[1]}`, lines: [] });
    else sections.at(-1)?.lines.push(line);
  }
  return sections.map(({ title, lines }) => {
    const units = unitsOf(lines);
    const text = collapseWhitespace(lines.join('\n'));
    return { title: collapseWhitespace(title.replaceAll('`', '').trim()), text, candidates: locate(text, units.flatMap(sentencesOf)) };
  });
}

/**
 * The blocks of a section that hold statements: each table row (header and rule rows left out: they name the
 * columns), each list item and each paragraph.
 */
function unitsOf(lines: readonly string[]): string[] {
  const units: string[] = [];
  let paragraph: string[] = [];
  let tableRow = 0;
  const flush = () => {
    if (paragraph.length > 0) units.push(paragraph.join(' '));
    paragraph = [];
  };
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.startsWith('|')) {
      flush();
      tableRow += 1;
      if (tableRow > 2) units.push(trimmed.replace(/^\|/, '').replace(/\|$/, '').trim());
      continue;
    }
    tableRow = 0;
    const item = /^(?:-|\d+\.)\s+(.*)$/.exec(trimmed);
    if (trimmed === '' || item) flush();
    if (item) paragraph.push(item[1] ?? '');
    else if (trimmed !== '') paragraph.push(trimmed);
  }
  flush();
  return units;
}

/** A block cut into sentences: a stop followed by a space and a capital, a backtick or a parenthesis. */
function sentencesOf(unit: string): string[] {
  return collapseWhitespace(unit)
    .split(/(?<=[.!?])\s+(?=[A-Z`(])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[A-Za-z0-9]/.test(sentence));
}

/** Each candidate with its place in the section's text, found in order. */
function locate(text: string, pieces: readonly string[]): Candidate[] {
  const found: Candidate[] = [];
  let from = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, from);
    if (at < 0) continue;
    found.push({ text: piece, at });
    from = at + piece.length;
  }
  return found;
}
