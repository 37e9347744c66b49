// --only / --skip: by area (`contacts`), check id (`contacts/merge-is-idempotent`), clause id
// (`contacts.merge.idempotent-same-pair`) or clause prefix (`contacts.merge`). A bare word is an area
// only: `errors` is the errors suite, not every clause whose id starts with `errors.`. A check id also names
// the family of checks one definition generates per operation (`errors/non-object-body-gets-400` selects
// `errors/non-object-body-gets-400.v4.createContact`).

export interface Selection {
  only: string[];
  skip: string[];
}

export interface Selectable {
  area: string;
  name: string;
  clauses: readonly string[];
}

export function isSelected(selection: Selection, check: Selectable): boolean {
  if (selection.only.length > 0 && !selection.only.some((entry) => matches(entry, check))) return false;
  return !selection.skip.some((entry) => matches(entry, check));
}

export function matches(entry: string, check: Selectable): boolean {
  const id = `${check.area}/${check.name}`;
  if (entry === check.area || entry === id || (entry.includes('/') && id.startsWith(`${entry}.`))) return true;
  if (!entry.includes('.')) return false;
  return check.clauses.some((clause) => clause === entry || clause.startsWith(`${entry}.`));
}

/** `a,b` and repeated flags alike; blanks dropped. */
export function parseSelectionList(values: readonly string[] | undefined): string[] {
  return (values ?? []).flatMap((value) => value.split(',')).map((entry) => entry.trim()).filter((entry) => entry !== '');
}
