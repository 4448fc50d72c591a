import { type FigureTable, type ModuleAction, type ModuleStep, type Ruleset, kindCode, MAXF, type TileTables } from '../kernel/index.js';
import { ACTION_MODULE, MOVE_ACTION_LIMIT, MOVE_FIGURE_LIMIT, MOVE_STEP_LIMIT, STEP_MODULE } from '../core/move-code.js';
import type { FigureDef, ModuleContext, ModuleHooks, RuleModule } from './module.js';
import { type AttributePlace, rememberRoster, rosterFor } from './roster.js';

const compiled = new WeakMap<TileTables, Map<string, Ruleset>>();

/**
 * Compiles a game's active modules (the base game first) for its tile tables and rules into the
 * kernel's Ruleset, numbered as their roster numbers them (roster.ts): the figure tables, the
 * feature attributes packed in two words, the module state slots, and the hooks. Once per combination of modules and of the values of their options;
 * shared by every game of it.
 */
export function compileRuleset(modules: readonly RuleModule[], tables: TileTables, rules: Readonly<Record<string, unknown>> = {}): Ruleset {
  const read = modules.flatMap((m) => (m.options ?? []).map((o) => JSON.stringify(rules[o.key] ?? null)));
  const key = `${modules.map((m) => m.name).join()}|${read.join()}`;
  let byKey = compiled.get(tables);
  if (byKey === undefined) {
    byKey = new Map();
    compiled.set(tables, byKey);
  }
  let ruleset = byKey.get(key);
  if (ruleset === undefined) {
    ruleset = compile(modules, tables, rules);
    byKey.set(key, ruleset);
    rememberRoster(ruleset, rosterFor(modules));
  }
  return ruleset;
}

function compile(modules: readonly RuleModule[], tables: TileTables, rules: Readonly<Record<string, unknown>>): Ruleset {
  const roster = rosterFor(modules);
  const all = roster.figures;
  const figures = figureTable(all, tables);
  const places = roster.places;
  const attrs = new Int32Array(tables.types * MAXF * 2);
  for (const a of modules.flatMap((m) => m.attributes ?? [])) {
    const { word, shift } = places.get(a.name) as AttributePlace;
    tables.defs.forEach((def, t) => {
      def.features.forEach((f, i) => {
        const at = (t * MAXF + i) * 2 + word;
        attrs[at] = (attrs[at] as number) | (a.of(f) << shift);
      });
    });
  }
  const names = roster.names;
  // Figures without an owner, numbered over the game's modules in their order.
  const neutrals = modules.flatMap((m) => (m.neutrals ?? []).map((n) => n.name));
  if (new Set(neutrals).size !== neutrals.length) throw new Error('rule modules: two figures without an owner have one name');
  let slot = 0;
  // Action kinds and step kinds are numbered over the game's own modules.
  const actionOwners = roster.actions;
  const stepNames = roster.steps;
  if (actionOwners.length > MOVE_ACTION_LIMIT - ACTION_MODULE)
    throw new Error('rule modules: more module actions than a move code can name');
  if (stepNames.length > MOVE_STEP_LIMIT - STEP_MODULE) throw new Error('rule modules: more module steps than a move code can name');
  const actions: (ModuleAction | null)[] = actionOwners.map(() => null);
  const steps: (ModuleStep | null)[] = stepNames.map(() => null);
  const tokens = roster.tokens;
  // The hooks of each module by its index in `modules` (undefined: none).
  const hooksOf: (ModuleHooks | undefined)[] = [];
  const explain: Ruleset['explainPlacement'][number][] = [];
  for (const m of modules) {
    const ctx: ModuleContext = {
      tables,
      rules,
      slot,
      tokens: tokens.find((tk) => tk.key === m.tokens?.key)?.first ?? -1,
      figure: (name) => names.indexOf(name),
      neutral: (name) => neutrals.indexOf(name),
      index: modules.indexOf(m),
      line(name) {
        const j = roster.lines.findIndex((l) => l.module === m && l.name === name);
        if (j < 0) throw new Error(`rule module ${m.name}: no scoring line ${name}`);
        return j;
      },
      action: m.action === undefined ? -1 : ACTION_MODULE + actionOwners.indexOf(m),
      step(name) {
        const j = stepNames.findIndex((st) => st.module === m && st.name === name);
        if (j < 0) throw new Error(`rule module ${m.name}: no step ${name}`);
        return STEP_MODULE + j;
      },
      attribute(name) {
        const at = places.get(name);
        if (at === undefined) throw new Error(`rule module ${m.name}: no attribute ${name}`);
        return at;
      },
    };
    slot += typeof m.slots === 'function' ? m.slots({ tables, kinds: all.length }) : (m.slots ?? 0);
    if (m.hooks === undefined) {
      hooksOf.push(undefined);
      continue;
    }
    const h = m.hooks(ctx);
    hooksOf.push(h);
    if ((h.action === undefined) !== (m.action === undefined))
      throw new Error(`rule module ${m.name}: action and hooks.action go together`);
    if (h.action !== undefined) actions[ctx.action - ACTION_MODULE] = h.action;
    (m.steps ?? []).forEach((st, i) => {
      const play = h.steps?.[i];
      if (play === undefined) throw new Error(`rule module ${m.name}: step ${st.name} has no hooks`);
      steps[ctx.step(st.name) - STEP_MODULE] = { free: st.free === true, most: play.most, list: play.list, play: play.play };
    });
    if (h.placement !== undefined) {
      const words = m.explainPlacement;
      if (words === undefined) throw new Error(`rule module ${m.name}: a placement constraint needs explainPlacement`);
      explain.push((k, reason) => {
        const why = words(k, reason, ctx);
        if (!(m.errors ?? []).includes(why.code)) throw new Error(`rule module ${m.name}: error code ${why.code} is not in its errors`);
        return why;
      });
    }
  }
  const hooks = hooksOf.filter((h): h is ModuleHooks => h !== undefined);
  const placement = hooks.flatMap((h) => (h.placement === undefined ? [] : [h.placement]));
  const constrained = new Uint8Array(tables.types);
  for (const rule of placement)
    for (let t = 0; t < tables.types; t++) constrained[t] = (constrained[t] as number) | (rule.applies[t] as number);
  const values = hooks.flatMap((h) => (h.value === undefined ? [] : [h.value]));
  const keeps = hooks.flatMap((h) => (h.keepsTurn === undefined ? [] : [h.keepsTurn]));
  const extraTurns = modules.flatMap((m, i) => {
    if (hooksOf[i]?.keepsTurn === undefined) return [];
    if (m.extraTurn === undefined) throw new Error(`rule module ${m.name}: a keepsTurn hook needs extraTurn, the word for its extra tile`);
    return [m.extraTurn];
  });
  const putBack = hooks.flatMap((h) => (h.putBack === undefined ? [] : [h.putBack]));
  if (putBack.length > 1) throw new Error('rule modules: only one module may put unplaceable tiles back (putBack)');
  // The largest hand counts, and whether the module that gives it hides it.
  let handSize = 0;
  let handsHidden = false;
  for (const m of modules) {
    const n = m.handSize?.(rules) ?? 0;
    if (n > handSize) [handSize, handsHidden] = [n, m.handsHidden?.(rules) === true];
  }
  const hand = hooks.flatMap((h) => (h.hand === undefined ? [] : [h.hand]));
  if (hand.length !== (handSize > 0 ? 1 : 0))
    throw new Error('rule modules: hands of tiles (handSize) need one module to deal them (hooks.hand)');
  return {
    figures,
    neutrals,
    slots: slot,
    actions,
    steps,
    freeSteps: steps.some((st) => st?.free === true),
    turnPassed: hooks.flatMap((h) => (h.turnPassed === undefined ? [] : [h.turnPassed])),
    words: modules.flatMap((m, i) => {
      const api = hooksOf[i]?.words;
      return api === undefined ? [] : [{ module: m.name, index: i, api }];
    }),
    tokenKinds: tokens.reduce((n, tk) => n + tk.kinds.length, 0),
    attrs,
    placement,
    constrained,
    keepsTurn: keeps,
    putBack: putBack[0] ?? null,
    reseed: hooks.flatMap((h) => (h.reseed === undefined ? [] : [h.reseed])),
    extraTurns,
    placed: hooks.flatMap((h) => (h.placed === undefined ? [] : [h.placed])),
    start: hooks.flatMap((h) => (h.start === undefined ? [] : [h.start])),
    completed: hooks.flatMap((h) => (h.completed === undefined ? [] : [h.completed])),
    value:
      values.length === 0
        ? null
        : (k, r, kind, tiles, extra, complete, base) => values.reduce((v, f) => f(k, r, kind, tiles, extra, complete, v), base),
    final: hooks.flatMap((h) => (h.final === undefined ? [] : [h.final])),
    handSize,
    hand: hand[0] ?? null,
    handsHidden,
    incompleteScores: !modules.some((m) => m.incompleteScores === false),
    notes: modules.flatMap((m) => (m.note === undefined ? [] : [m.note])),
    explainPlacement: explain,
  };
}

function figureTable(defs: readonly (FigureDef | undefined)[], tables: TileTables): FigureTable {
  // Every kind has its row; a kind the game's modules do not have is in no supply and stands nowhere.
  const kinds = defs.length;
  if (kinds > MOVE_FIGURE_LIMIT) throw new Error(`rule modules: more than ${MOVE_FIGURE_LIMIT} figure kinds`);
  const spots = new Uint16Array(kinds * tables.types);
  defs.forEach((d, f) => {
    if (d === undefined) return;
    // A move takes a figure back by naming its kind: there must be one of it per player.
    if (d.recall === true && d.perPlayer !== 1)
      throw new Error(`rule modules: ${d.name} may be taken back, so each player has exactly one`);
    for (let t = 0; t < tables.types; t++) {
      let mask = 0;
      for (const kind of d.stands) mask |= tables.kindMask[t * 8 + kindCode(kind)] as number;
      spots[f * tables.types + t] = mask;
    }
  });
  const flag = (test: (d: FigureDef) => boolean) => Uint8Array.from(defs, (d) => (d !== undefined && test(d) ? 1 : 0));
  return {
    kinds,
    weight: Int8Array.from(defs, (d) => d?.weight ?? 0),
    perPlayer: Int16Array.from({ length: kinds * 8 }, (_, i) => {
      const d = defs[i >> 3];
      if (d === undefined) return 0;
      return typeof d.perPlayer === 'number' ? d.perPlayer : (d.perPlayer[i & 7] ?? 0);
    }),
    joinsOwn: flag((d) => d.joins === 'own'),
    recall: flag((d) => d.recall === true),
    marksField: flag((d) => d.marksField === true),
    stands: Uint8Array.from(defs, (d) => (d?.stands ?? []).reduce((mask, kind) => mask | (1 << kindCode(kind)), 0)),
    spots,
  };
}
