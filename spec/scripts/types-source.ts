// The TypeScript declarations openapi-typescript makes from one of the OpenAPI files. Shared by the
// generator (which writes spec/types/) and the freshness test (which compares against what is committed).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { specFiles, type OpenApiName } from '../index.js';

export const openApiNames: readonly OpenApiName[] = ['v4', 'v2', 'control'];

export const typesDir = join(specFiles.clauses, '..', 'types');

export function typesFile(name: OpenApiName): string {
  return join(typesDir, `${name}.d.ts`);
}

export async function generateTypesSource(name: OpenApiName): Promise<string> {
  const ast = await openapiTS(pathToFileURL(specFiles[name]), { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}
