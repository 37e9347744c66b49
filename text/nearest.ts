// "Did you mean": the known names closest to a mistyped one, for the one-line errors of bad input (an
// unknown --only entry, claim or expected-failures id).

/** Edit distance (insert, delete, substitute: 1 each). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Up to `count` candidates nearest to `name`, nearest first; a candidate containing the name is nearest. */
export function nearestNames(name: string, candidates: Iterable<string>, count = 3): string[] {
  const lower = name.toLowerCase();
  const scored = [...new Set(candidates)].map((candidate) => {
    const c = candidate.toLowerCase();
    // A name that contains the typed one is nearer than any edit; shorter ones first.
    const distance = c.includes(lower) ? (c.length - lower.length) / (c.length + lower.length + 1) : editDistance(lower, c);
    return { candidate, distance };
  });
  return scored
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map((s) => s.candidate);
}

/** `unknown claim 'whatsap' (nearest: whatsapp, rcs)`. */
export function unknownNameMessage(what: string, name: string, candidates: Iterable<string>): string {
  const nearest = nearestNames(name, candidates);
  return `unknown ${what} '${name}'${nearest.length > 0 ? ` (nearest: ${nearest.join(', ')})` : ''}`;
}

/** The one candidate within a typo's distance of `name` (about a third of its letters), if any: a flag, a command, a config key. */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (best === undefined || distance < best.distance) best = { candidate, distance };
  }
  return best !== undefined && best.distance > 0 && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.candidate : undefined;
}
