#!/usr/bin/env node
// The `mcs` command. The project is written in TypeScript and run through tsx's
// loader, so there is no build step between a fresh clone and a working command.
import { register } from 'tsx/esm/api';

// Vite's bundler binding (rolldown, loaded by vitest) allocates through mimalloc, which by default commits its
// 1 GiB arena eagerly; with transparent huge pages that put ~100 MB of untouched memory in this process's RSS.
// Read when the binding loads, so it is set before anything imports it (issue 18: certify's peak memory).
process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';
// The commands that run or list the suites load vitest's node API (vitest, vite, rolldown): a large graph of plain
// JavaScript. Through tsx's hooks each of its files is read and rewritten for its dynamic imports, some 1.5 s of
// CPU on every start of such a command; imported here, before the hooks are registered, Node's own loader takes
// it, and the project's imports of it later find it loaded. A production install without it fails later, where
// it always has.
// Help needs none of it.
const suiteCommands = new Set(['certify', 'coverage', 'doctor', 'init']);
const wantsHelp = process.argv.includes('--help') || process.argv.includes('-h');
if (suiteCommands.has(process.argv[2] ?? '') && !wantsHelp) await import('vitest/node').catch(() => undefined);
register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
