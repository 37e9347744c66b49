// The checks of numbers, keys and listing walks that judge without the control API, each shown failing with its
// fault on a vendor target whose config gives its fixtures, and passing without it (moved-checks.ts).
import { describeMovedOnConfigFixtures, moved, numbersAndKeys } from './moved-checks.js';

describeMovedOnConfigFixtures('of numbers, keys and listing walks', moved.filter(numbersAndKeys));
