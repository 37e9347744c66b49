// The one dereference of the OpenAPI documents: a local `$ref` (`#/components/...`) to the value it names, and
// a chain of them followed to the object at its end. Shared by the harness (operations, responses) and the
// generators (request bodies, parameters, schemas).

type Json = Record<string, unknown>;

const isContainer = (value: unknown): value is Json | unknown[] => typeof value === 'object' && value !== null;

/** The value a document-local reference (`#/components/schemas/X`) names; throws on anything else. */
export function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`only document-local $refs are supported, found ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isContainer(node)) throw new Error(`$ref ${ref} does not resolve`);
    node = (node as Json)[segment];
    if (node === undefined) throw new Error(`$ref ${ref} does not resolve`);
  }
  return node;
}

/** Follows a chain of local `$ref`s to the object they name (the value itself when it is no reference). */
export function deref(doc: Json, value: Json): Json {
  let node: unknown = value;
  for (let hops = 0; isContainer(node) && !Array.isArray(node) && typeof node.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error('$ref chain too long');
    node = resolvePointer(doc, node.$ref);
  }
  if (!isContainer(node) || Array.isArray(node)) throw new Error(`unresolvable $ref ${String(value.$ref)}`);
  return node;
}
