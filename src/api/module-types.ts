// Written by `npm run vocabulary` (scripts/vocabulary.mjs) from the rule modules registered in
// src/rules/registry.ts; a test fails when it is out of date. Do not edit it by hand.

import type { FeatureFacts as InnsCathedralsFacts } from '../rules/inns-cathedrals/api.js';
import type { FeatureFacts as TradersBuildersFacts } from '../rules/traders-builders/api.js';

/**
 * What the rule modules show of a feature in `features()` (`BoardFeature`): each module's fields
 * (`RuleModule.facts`), in a game with it.
 *
 * - Inns & Cathedrals: `InnsCathedralsFacts`.
 * - Traders & Builders: `TradersBuildersFacts`.
 */
export interface FeatureFacts extends InnsCathedralsFacts, TradersBuildersFacts {}
