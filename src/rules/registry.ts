import type { RuleModule } from './module.js';
import { abbot } from './abbot/index.js';
import { base } from './base/index.js';
import { innsCathedrals } from './inns-cathedrals/index.js';
import { river } from './river/index.js';
import { tradersBuilders } from './traders-builders/index.js';
import { incomplete } from './incomplete-none/index.js';
import { table } from './table/index.js';
import { tableEdge } from './table-edge/index.js';
import { firstPlayer } from './first-player/index.js';
import { fillingHole } from './filling-hole/index.js';
import { unplaceable } from './unplaceable/index.js';
import { startTile } from './start-tile/index.js';
import { hand } from './hand/index.js';
import { tower } from './tower/index.js';

/**
 * Every rule module, in the order games list them; the base game first (always active). Figure
 * kinds, attributes, tokens, slots and hooks are numbered in this order. A new module is one line
 * here.
 */
export const RULE_MODULES: readonly RuleModule[] = [
  base,
  river,
  abbot,
  innsCathedrals,
  tradersBuilders,
  tower,
  incomplete,
  table,
  tableEdge,
  firstPlayer,
  fillingHole,
  unplaceable,
  startTile,
  hand,
];

/**
 * The names of the registered expansions (every module but the base game and the house rules), in registry order: what
 * options accept and the order states list them in. The public `EXPANSIONS` is generated from the
 * same registry (core/vocabulary.ts).
 */
export const expansionNames = (): readonly string[] =>
  RULE_MODULES.slice(1)
    .filter((m) => m.activeWhen === undefined)
    .map((m) => m.name);
