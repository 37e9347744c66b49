// OpenAPI 3.0 schemas are not JSON Schema 2020-12: `nullable: true` and boolean `exclusiveMinimum` /
// `exclusiveMaximum` mean something else there. This converts a 3.0 document's schemas (a deep copy) into
// 2020-12 so that one Ajv2020 instance validates v4 (3.1) and v2 (3.0) alike, for the judges and the
// generators both.

type Json = Record<string, unknown>;

/** Whether the document is OpenAPI 3.0 (its schemas need converting); 3.1 schemas are 2020-12 already. */
export function isOpenApi30(doc: Json): boolean {
  return typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0');
}

export function convert30To2020<T>(value: T): T {
  return convert(structuredClone(value)) as T;
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (typeof value !== 'object' || value === null) return value;
  const node = value as Json;
  for (const [key, child] of Object.entries(node)) node[key] = convert(child);
  convertExclusiveBound(node, 'exclusiveMinimum', 'minimum');
  convertExclusiveBound(node, 'exclusiveMaximum', 'maximum');
  if (node.nullable === true) return makeNullable(node);
  if (node.nullable === false) delete node.nullable;
  return node;
}

function makeNullable(node: Json): Json {
  delete node.nullable;
  if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  if (typeof node.type === 'string') {
    node.type = [node.type, 'null'];
    return node;
  }
  if (Array.isArray(node.type)) {
    if (!node.type.includes('null')) node.type = [...node.type, 'null'];
    return node;
  }
  // No type of its own (a $ref, an allOf...): null or whatever the schema allows.
  return { anyOf: [node, { type: 'null' }] };
}

function convertExclusiveBound(node: Json, exclusive: 'exclusiveMinimum' | 'exclusiveMaximum', bound: 'minimum' | 'maximum'): void {
  if (node[exclusive] === true && typeof node[bound] === 'number') {
    node[exclusive] = node[bound];
    delete node[bound];
  } else if (node[exclusive] === false) {
    delete node[exclusive];
  }
}
