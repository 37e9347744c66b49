// npm run spec:types — regenerates spec/types/{v4,v2,control}.d.ts from the OpenAPI files.
// A file that cannot be generated is reported by name (exit 1); the others are still written.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { specFiles } from '../index.js';
import { generateTypesSource, openApiNames, typesDir, typesFile } from './types-source.js';

mkdirSync(typesDir, { recursive: true });
for (const name of openApiNames) {
  const source = relative(process.cwd(), specFiles[name]);
  if (!existsSync(specFiles[name])) {
    console.error(`skipped ${source}: file not found`);
    process.exitCode = 1;
    continue;
  }
  try {
    const file = typesFile(name);
    writeFileSync(file, await generateTypesSource(name));
    console.log(`wrote ${relative(process.cwd(), file)}`);
  } catch (error) {
    console.error(`failed ${source}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
