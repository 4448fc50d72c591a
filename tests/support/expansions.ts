import { allExpansions, useExpansions } from '../../src/index.js';

// Every test plays with every expansion registered, as an app that imports them all
// (tests/api/expansions.test.ts checks a process that registers none or some).
useExpansions(...allExpansions);
