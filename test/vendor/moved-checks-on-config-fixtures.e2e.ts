// The checks that judge without the control API, each shown failing with its fault on a vendor target whose
// config gives its fixtures, and passing without it (the checks and their faults: moved-checks.ts); those of
// numbers, keys and listing walks: moved-checks-numbers-and-keys.e2e.ts.
import { describeMovedOnConfigFixtures, moved, numbersAndKeys } from './moved-checks.js';

describeMovedOnConfigFixtures('of messages, events, account and the rest', moved.filter((row) => !numbersAndKeys(row)));
