#!/usr/bin/env node
// The `mcs` command. The project is written in TypeScript and run through tsx's
// loader, so there is no build step between a fresh clone and a working command.
import { register } from 'tsx/esm/api';

// Vite's bundler binding (rolldown, loaded by vitest) allocates through mimalloc, which by default commits its
// 1 GiB arena eagerly; with transparent huge pages that put ~100 MB of untouched memory in this process's RSS.
// Read when the binding loads, so it is set before anything imports it (issue 18: certify's peak memory).
process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';
register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
