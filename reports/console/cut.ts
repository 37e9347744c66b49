// How much of a long thing the console shows: a CI log holds the first few items of a list and a few hundred
// characters of a body or a reason; report.html has all of them.

/** How a long list is shown on the console: its first few items and the count of the rest, or all of it. */
export interface ListOptions {
  /** --verbose: every item. */
  verbose?: boolean;
}

/** Items of a long list the console shows before it counts the rest (report.html has them all). */
export const itemsShown = 5;

/**
 * A list cut to what a CI log holds: the first `itemsShown` lines, then one saying how many more and where they
 * are; every line under --verbose, and a list one line longer than the cut whole (the count would take that line).
 */
export function cutList(lines: readonly string[], indent: string, options: ListOptions = {}): string[] {
  if (options.verbose === true || lines.length <= itemsShown + 1) return [...lines];
  return [...lines.slice(0, itemsShown), `${indent}… and ${lines.length - itemsShown} more (report.html lists every one; --verbose prints them here)`];
}

/** A body or a reason cut to what a log line holds. */
export function clip(text: string): string {
  return text.length > 800 ? `${text.slice(0, 800)}…` : text;
}
