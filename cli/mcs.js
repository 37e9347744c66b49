#!/usr/bin/env node
// The `mcs` command. The project is written in TypeScript and run through tsx's
// loader, so there is no build step between a fresh clone and a working command.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
