import type { HandPolicy, Kernel, KernelEvent, ModuleAction, ModuleStep, ScoreRecord, PlacementRule, TileTables } from '../kernel/index.js';
import type { FeatureDef, FeatureKind, TilePile, TileSetDef, TileSetName } from '../tiles/tile-types.js';

/**
 * A rule module: the base game, an expansion, or a house rule. It declares its data (figures,
 * feature attributes, tokens, tiles, options, words) and hooks at rare points; `compile.ts` turns
 * the active modules into the flat tables the kernel reads. Register a module with one line in
 * `registry.ts`. See docs/architecture.md, "Adding a rule module".
 */
export interface RuleModule {
  /**
   * The name a game's `expansions` list uses (the base game's module is always active). A house
   * rule is not listed there: it is active when `activeWhen` says so.
   */
  readonly name: string;
  /**
   * For a house rule: whether a game's rules (options included) turn it on. A module with this is
   * not an expansion: its options turn it on, and `expansions` never names it.
   */
  readonly activeWhen?: (rules: Readonly<Record<string, unknown>>) => boolean;
  /** The name as messages write it. */
  readonly title: string;
  /** Most players with this module (the largest among the active modules counts). */
  readonly maxPlayers?: number;
  readonly figures?: readonly FigureDef[];
  /**
   * The kinds of feature its tiles print (the base game's road, city, cloister and field; a
   * garden, a river): the kernel numbers them in registry order (`FEATURE_KINDS`).
   */
  readonly featureKinds?: readonly FeatureKindDef[];
  /** The kinds of tile edge its tiles print (two touching edges show the same), in registry order (`EDGE_KINDS`). */
  readonly edgeKinds?: readonly EdgeKindDef[];
  /**
   * Figures that belong to no player (a dragon, a fairy): each stands on a tile of the board, or
   * beside one of the figures there, or off the board. The kernel keeps where (see
   * `Kernel.neutralTile`) and copies it with itself; the module moves them with its hooks.
   */
  readonly neutrals?: readonly NeutralDef[];
  readonly attributes?: readonly AttributeDef[];
  readonly tokens?: TokensDef;
  /** Its tiles and how they join a game's tile set. */
  readonly tiles?: TilesDef;
  /**
   * What a state calls the extra tile this module's `keepsTurn` gives (`GameState.extraTurn`), e.g.
   * `'builder'`; every module with `keepsTurn` names it.
   */
  readonly extraTurn?: string;
  /** Whether incomplete features with figures score at the end (`false`: they score nothing). */
  readonly incompleteScores?: false;
  /**
   * The tiles each player holds in hand, from the game's rules (a house rule); the largest among
   * the active modules counts, 0 (no module with it) meaning none: each turn draws its tile.
   */
  readonly handSize?: (rules: Readonly<Record<string, unknown>>) => number;
  /** With `handSize`: whether the game's rules hide each hand from the other players (views and searches deal them anew). */
  readonly handsHidden?: (rules: Readonly<Record<string, unknown>>) => boolean;
  /**
   * Words of module state the kernel keeps for this module (its `slot` in the hooks' context), or
   * how many a game needs, from its tile tables, player count and figure kinds.
   */
  readonly slots?: number | ((shape: SlotShape) => number);
  /**
   * The move type of the module's action at the action step (`hooks.action` plays it), e.g.
   * `'tower'`: action kinds are numbered over the game's modules that have one.
   */
  readonly action?: string;
  /**
   * The module's steps, by the move type of their moves (`hooks.steps` plays them, in this order):
   * step kinds are numbered over the game's modules. `free`: a move besides those of the tile and action
   * steps, which does not end them (The Tower's ransom).
   */
  readonly steps?: readonly { readonly name: string; readonly free?: boolean }[];
  /** The kinds of scoring line the module writes itself (kernel kind K_MODULE), e.g. `'ransom'`. */
  readonly lines?: readonly string[];
  /** The module's kernel hooks, made once per game combination from its compiled context. */
  readonly hooks?: (ctx: ModuleContext) => ModuleHooks;
  /** Why a placement is refused, for a reason its placement rule returned. */
  readonly explainPlacement?: (k: Kernel, reason: number, ctx: ModuleContext) => { readonly code: string; readonly message: string };
  /** Options the module reads from `rules`, with their choices. */
  readonly options?: readonly OptionDef[];
  /** The error codes `explainPlacement` gives (they join `MoveErrorCode`). */
  readonly errors?: readonly string[];
  /**
   * The sentence of a scoring line of a road, city or cloister when this module changed its value
   * (`attribute` reads the feature's attributes by name), or null to leave it to the base game.
   */
  readonly note?: (r: ScoreRecord, attribute: (name: string) => number) => string | null;
  /**
   * The fields this module adds to a feature of kind `kind` in `features()` (`attribute` reads the
   * feature's attributes by name), or null for none. Its folder's `api.ts` declares them as
   * `FeatureFacts`, which `BoardFeature` extends.
   */
  readonly facts?: (kind: string, attribute: (name: string) => number) => Readonly<Record<string, unknown>> | null;
}

/**
 * The words of a module for the documentation of the public types (`npm run vocabulary` writes
 * them into src/core/vocabulary.ts). A module folder exports them as `docs`, beside the module:
 * they are not part of the module, so that no bundle carries them. Markdown.
 */
export interface ModuleDocs {
  /** What the module brings, in a phrase after its title (the documentation of its name). */
  readonly about: string;
  /** Per figure kind (by name): what it is (`MeepleKind`), and its supply field in a player's record. */
  readonly figures?: Readonly<Record<string, { readonly about: string; readonly supply: string }>>;
  /** Per option (by key): what it decides (`rules`). */
  readonly options?: Readonly<Record<string, string>>;
  /**
   * For a module that keeps a part of the state (`ModuleApi.state`): the name of its type, exported
   * by its folder's `api.ts` (`GameState.modules[name]`, and in part `Setup.modules[name]`), and
   * what it holds.
   */
  readonly state?: { readonly type: string; readonly about: string };
  /**
   * For a module with tokens (`RuleModule.tokens`): the name of their record's type, exported by
   * its folder's `api.ts` (a player's tokens, `PlayerState[key]`), and what they are.
   */
  readonly tokens?: { readonly type: string; readonly about: string };
  /** Other public types its folder's `api.ts` exports, which the main entry exports too. */
  readonly types?: readonly string[];
  /** Per feature kind it declares (by name): what it is (`FeatureKind`). */
  readonly featureKinds?: Readonly<Record<string, string>>;
  /**
   * The fields it prints on the base game's roads and cities in tile definitions (`RoadFields`,
   * `CityFields`), by feature kind and key: their TypeScript type (always optional) and what they say.
   */
  readonly featureFields?: Readonly<
    Partial<Record<'road' | 'city', Readonly<Record<string, { readonly type: string; readonly about: string }>>>>
  >;
}

/**
 * A kind of feature. `shape`: `'edges'`, a segment along edges of its tile (a road, a river);
 * `'halves'`, along half-edges (a field); `'centre'`, in the middle of its tile, named by the spot
 * `spot`, complete when the eight cells around it hold tiles and scored by them (the cloister; The
 * Abbot's garden is "scored like a cloister").
 */
export type FeatureKindDef =
  | { readonly name: string; readonly shape: 'edges' | 'halves' }
  | { readonly name: string; readonly shape: 'centre'; readonly spot: string };

/** A kind of tile edge, and the letter tile definitions write it with (`tiles/define.ts`). */
export interface EdgeKindDef {
  readonly name: string;
  readonly letter: string;
}

/**
 * An option of `createGame`'s `rules` that a module reads: one of `choices` (the first is the
 * default), or any value `check` accepts (`default` when not given; `type` is its TypeScript type
 * for the public types). A state records every option of every module, active or not.
 */
export type OptionDef =
  | { readonly key: string; readonly choices: readonly (string | boolean | number)[] }
  | {
      readonly key: string;
      readonly default: unknown;
      /**
       * Why a value is refused, as the end of "rules.<key> must be …", or null when it is fine;
       * `game` tells what the value may depend on.
       */
      readonly check: (value: unknown, game: OptionGame) => string | null;
      readonly type: string;
    };

/** What an option's check may read of the game besides the option's value. */
export interface OptionGame {
  /** The number of players. */
  readonly players: number;
}

/** The default of an option. */
export const optionDefault = (o: OptionDef): unknown => ('choices' in o ? o.choices[0] : o.default);

/** Why a value of an option is refused (the end of "rules.<key> must be …"), or null. */
export function optionProblem(o: OptionDef, value: unknown, game: OptionGame): string | null {
  if (!('choices' in o)) return o.check(value, game);
  if (o.choices.includes(value as string | boolean | number)) return null;
  return o.choices.every((c) => typeof c === 'boolean') ? 'true or false' : `one of ${o.choices.join(', ')}`;
}

/** A figure kind a module brings. */
export interface FigureDef {
  /** The kind as moves and states name it (`meeple.kind`). */
  readonly name: string;
  /** The field of a player's record counting it in supply. */
  readonly supplyKey: string;
  /** How messages name it. */
  readonly word: string;
  /** Where it may stand, as messages say it. */
  readonly places: string;
  /**
   * Figures of this kind each player starts with (the base game's follower: the tile set's count),
   * or by the number of players (index n: with n players).
   */
  readonly perPlayer: number | readonly number[];
  /** How much it counts toward a majority (0: not at all). */
  readonly weight: number;
  /** The feature kinds it may stand on. */
  readonly stands: readonly FeatureKind[];
  /** `'free'`: on a feature nobody holds; `'own'`: joining a feature that holds a figure of its owner counting for majority. */
  readonly joins: 'free' | 'own';
  /** Its owner may take it back instead of deploying, while its cloister-like feature is incomplete. */
  readonly recall?: boolean;
  /** Marks its owner on its field for the farmer rules. */
  readonly marksField?: boolean;
  /**
   * What the reference bots' estimate counts it for (`greedyBot`'s weights override it by the
   * kind's name): points per figure in supply, or with `onBoard` per figure on the board.
   */
  readonly bot?: { readonly weight: number; readonly onBoard?: boolean };
}

/**
 * A number a module attaches to features of tiles (inns, goods symbols…), summed when features
 * merge. `bits` bounds the sum a game can reach.
 */
export interface AttributeDef {
  readonly name: string;
  readonly bits: number;
  /** The value of a feature of a tile definition (0 for most). */
  readonly of: (f: FeatureDef) => number;
}

/** Tokens players collect (e.g. goods): a record key and the kinds, in order. */
export interface TokensDef {
  readonly key: string;
  readonly kinds: readonly string[];
}

/** A tile set as modules compose it: land counts by id, tiles drawn before the land, the start. */
export interface TileDraft {
  readonly base: TileSetDef;
  /** Land tile counts by id, in insertion order. */
  readonly land: Map<string, number>;
  /** Tiles that come before the land in the set's order (counts), e.g. a river's course. */
  readonly before: [id: string, count: number][];
  startTile: string;
  firstLand: string | undefined;
  /** Piles drawn before the land, in order (see TileSetDef.piles). */
  readonly piles: TilePile[];
  /** Whether a start tile drawn comes first of all (see TileSetDef.startFirst). */
  startFirst: boolean;
  /** Whether the start tile's copy is drawn instead of starting the board. */
  startDrawn: boolean;
}

/** What decides a game's tiles, as modules read it. */
export interface TileOptions {
  readonly tileSet: TileSetName;
  /** Module options by name (e.g. `riverStartTile`, `gardens`). */
  readonly rules: Readonly<Record<string, unknown>>;
  /** Names of the active modules. */
  readonly active: readonly string[];
}

export interface TilesDef {
  /** Adds the module's tiles to a game's set. */
  readonly add?: (draft: TileDraft, options: TileOptions) => void;
  /** Changes the composed set after every module added its tiles (e.g. garden copies). */
  readonly finish?: (draft: TileDraft, options: TileOptions) => void;
}

/** What decides the number of a module's state words (RuleModule.slots). */
export interface SlotShape {
  readonly tables: TileTables;
  /** Figure kinds of the registry. */
  readonly kinds: number;
}

/** Where the compile step put a module's data, for its hooks. */
/** A figure that belongs to no player (see RuleModule.neutrals). */
export interface NeutralDef {
  readonly name: string;
  /** How sentences name it. */
  readonly word: string;
}

export interface ModuleContext {
  readonly tables: TileTables;
  /** The game's rules, the modules' options included (resolved: every option has its value). */
  readonly rules: Readonly<Record<string, unknown>>;
  /** The module's first word in `Kernel.slots`. */
  readonly slot: number;
  /** The kernel's figure kind code of a figure the active modules bring, or -1. */
  figure(name: string): number;
  /** The kernel's index of a figure without an owner the active modules bring (RuleModule.neutrals), or -1. */
  neutral(name: string): number;
  /** An attribute's place: word (0 or 1), shift and bits. */
  attribute(name: string): { readonly word: number; readonly shift: number; readonly bits: number };
  /** The kernel's index of the module's first token kind. */
  readonly tokens: number;
  /** The module's index in the registry (KernelEvent 'module'). */
  readonly index: number;
  /** The index of the module's scoring line of this name among the registry's (see RuleModule.lines). */
  line(name: string): number;
  /** The action kind of the module's action (see RuleModule.action), or -1. */
  readonly action: number;
  /** The step kind of the module's step of this name (see RuleModule.steps). */
  step(name: string): number;
}

/** Kernel hooks of one module (see Ruleset for when each is called). */
export interface ModuleHooks {
  readonly placement?: PlacementRule;
  readonly placed?: (k: Kernel, p: number) => void;
  readonly start?: (k: Kernel, random: () => number, log: KernelEvent[] | null) => void;
  readonly keepsTurn?: (k: Kernel, p: number) => boolean;
  readonly putBack?: (k: Kernel) => void;
  /** With `handSize`: when the hands are dealt and drawn (one module at most). */
  readonly hand?: HandPolicy;
  readonly reseed?: (k: Kernel, random: () => number) => void;
  readonly completed?: (k: Kernel, r: number, kind: number, log: KernelEvent[] | null) => void;
  readonly value?: (k: Kernel, r: number, kind: number, tiles: number, extra: number, complete: boolean, base: number) => number;
  readonly final?: (k: Kernel, into: Int32Array, log: KernelEvent[] | null) => void;
  /** The module's words for the API layer (its moves, its state, its events): never read by the kernel. */
  readonly words?: ModuleApi;
  /** The module's action (RuleModule.action). */
  readonly action?: ModuleAction;
  /** The module's steps, in the order RuleModule.steps names them. */
  readonly steps?: readonly Omit<ModuleStep, 'free'>[];
  readonly turnPassed?: (k: Kernel) => void;
}

/** A plain JSON value, as the API writes module moves, state and events. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/**
 * How the pure API reads and writes what a module brings (its moves, its part of a state, its
 * events), from its kernel state: the module's words, never read by the kernel.
 */
export interface ModuleApi {
  /**
   * The code of a move object whose `type` is the module's action or one of its steps (or a
   * `{ type: 'pass' }` at one of its steps) at kernel k, or why it names none: a sentence.
   * Legality is checked apart, against the listed moves.
   */
  read(k: Kernel, move: Readonly<Record<string, unknown>>): number | string;
  /** The move object of one of the module's codes at kernel k (where it is listed). */
  write(k: Kernel, code: number): { readonly type: string; readonly [key: string]: Json };
  /** The module's part of a state (`GameState.modules[name]`), from kernel k. */
  state(k: Kernel): Json;
  /**
   * Sets up the module's part of a position (`Setup.modules[name]`, as `state` writes it) on
   * kernel k, whose board is placed and whose supplies are still full: the figures it holds off
   * the board leave their owners' supplies. Returns a sentence for each problem (nothing is
   * written then); `part` is plain data of any shape.
   */
  setUp(k: Kernel, part: unknown): string[];
  /** The module's part of the position at kernel k as a set-up gives it, in short (what `setUp` takes), or null when there is none. */
  position(k: Kernel): Json;
  /** A module event the kernel logged (KernelEvent 'module'), as the API's event's fields. */
  event(k: Kernel, name: number, values: readonly number[]): { readonly name: string; readonly [key: string]: Json };
  /** One of its scoring lines (kernel kind K_MODULE): what it is about (the line's `id`) and its sentence. */
  line(k: Kernel, r: ScoreRecord): { readonly id: string; readonly note: string };
  /**
   * A person's sentence for one of its moves (its action, or a move of one of its steps, `step`
   * naming the step the game is at: a `{ type: 'pass' }` there is the module's too), or undefined.
   */
  say(move: Readonly<Record<string, unknown>>, step: string): string | undefined;
}
