import { IllegalMoveError } from '../../core/errors.js';
import { ACTION_MODULE, moveAction, moveStep, STEP_MODULE } from '../../core/move-code.js';
import { type Kernel, PHASE_STEP } from '../../kernel/index.js';
import { actionsOf, stepsOf } from '../../rules/declared.js';
import { RULE_MODULES } from '../../rules/registry.js';
import { rosterOf } from '../../rules/roster.js';
import type { ModuleApi, RuleModule } from '../../rules/module.js';
import type { ModuleMove } from '../types.js';

// The rule modules' moves in the pure API: read and written by each module's words (ModuleApi),
// checked against the moves the kernel lists, whatever the module.

/** The registered modules' move types, each with its module (its action, then its steps); read again when the registry changes. */
function typesOf(): ReadonlyMap<string, RuleModule> {
  if (types?.registry !== RULE_MODULES)
    types = {
      registry: RULE_MODULES,
      map: new Map([
        ...actionsOf().map((m): [string, RuleModule] => [m.action as string, m]),
        ...stepsOf().map((st): [string, RuleModule] => [st.name, st.module]),
      ]),
    };
  return types.map;
}
let types: { readonly registry: unknown; readonly map: ReadonlyMap<string, RuleModule> } | undefined;

/** Whether `type` is a rule module's move type. */
export const isModuleType = (type: unknown): boolean => typeof type === 'string' && typesOf().has(type);

/** The words of module `name` in kernel k's game, or undefined when it is not in play. */
function apiOf(k: Kernel, name: string): ModuleApi | undefined {
  return k.rules.ruleset.words.find((w) => w.module === name)?.api as ModuleApi | undefined;
}

/** The module whose move code `code` of kernel k's game is (its action or one of its steps, numbered over the game's modules), or undefined for the base game's. */
function moduleOfCode(k: Kernel, code: number): RuleModule | undefined {
  const roster = rosterOf(k);
  const step = moveStep(code);
  if (step >= STEP_MODULE) return roster.steps[step - STEP_MODULE]?.module;
  const action = moveAction(code);
  return action >= ACTION_MODULE && step === 1 ? roster.actions[action - ACTION_MODULE] : undefined;
}

/** Whether a code is a rule module's move. */
export const isModuleCode = (code: number): boolean => {
  const step = moveStep(code);
  return step >= STEP_MODULE || (step === 1 && moveAction(code) >= ACTION_MODULE);
};

/** The module whose step the kernel is at, or undefined. */
export function stepModule(k: Kernel): { readonly module: RuleModule; readonly name: string } | undefined {
  return k.phase >= PHASE_STEP ? rosterOf(k).steps[k.phase - PHASE_STEP] : undefined;
}

/** The move object of one of a module's codes at k (as it lists it). */
export function moduleMoveOf(k: Kernel, code: number): ModuleMove {
  const m = moduleOfCode(k, code) as RuleModule;
  return (apiOf(k, m.name) as ModuleApi).write(k, code) as unknown as ModuleMove;
}

/**
 * The code of a module's move object (`{ type: 'pass' }` at a module's step is that module's) at
 * kernel k, or the error that says why it names none.
 */
export function moduleCodeOf(k: Kernel, move: ModuleMove | { readonly type: 'pass' }): number | IllegalMoveError {
  const m = move.type === 'pass' ? stepModule(k)?.module : typesOf().get(move.type);
  if (m === undefined) return new IllegalMoveError('malformed-move', `${JSON.stringify(move.type)} is not a move type`);
  const api = apiOf(k, m.name);
  if (api === undefined)
    return new IllegalMoveError('malformed-move', `a ${move.type} move belongs to ${m.title}, which is not in this game`);
  const code = api.read(k, move as unknown as Readonly<Record<string, unknown>>);
  return typeof code === 'string' ? new IllegalMoveError('malformed-move', code) : code;
}

// The listed moves of a step, to look a module's move up among.
let listed: Int32Array | null = null;

/**
 * Why a module's move (or a pass at a module's step) is not legal at kernel k, or null: its code
 * must be one the kernel lists now. The sentence names the moves that are.
 */
export function moduleMoveError(k: Kernel, move: ModuleMove | { readonly type: 'pass' }): IllegalMoveError | null {
  const code = moduleCodeOf(k, move);
  if (typeof code !== 'number') return code;
  if (listed === null || listed.length < k.maxMoves) listed = new Int32Array(k.maxMoves);
  const n = k.legalMoveCodes(listed);
  for (let i = 0; i < n; i++) if (listed[i] === code) return null;
  const step = stepModule(k);
  const allowed: string[] = [];
  for (let i = 0; i < n && allowed.length < 8; i++) {
    const c = listed[i] as number;
    if (isModuleCode(c)) allowed.push(JSON.stringify(moduleMoveOf(k, c)));
  }
  const now = step === undefined ? '' : ` (this is ${step.module.title}'s ${step.name} step)`;
  return new IllegalMoveError(
    'move-not-allowed',
    `${JSON.stringify(move)} is not a move the rules allow now${now}${allowed.length > 0 ? `: the moves of this kind allowed are ${allowed.join(', ')}${n > allowed.length ? '…' : ''}` : ''}`,
  );
}
