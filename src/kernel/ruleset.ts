import type { Kernel } from './index.js';
import type { KernelEvent, ScoreRecord } from './log.js';

/**
 * The figure kinds of a game, compiled into flat tables (see `rules/compile.ts`). Kind 0 is the
 * follower; every kind has its place in one order for every game (`FIGURE_KINDS`), a kind the
 * game's modules do not have an empty row. Index: `k` kind,
 * `t` tile type.
 */
export interface FigureTable {
  readonly kinds: number;
  /** [k] how much the figure counts toward a majority (0: not at all). */
  readonly weight: Int8Array;
  /**
   * [k*8+n] figures of this kind each of n players starts with (1 ≤ n ≤ 7); kind 0 takes the game's
   * follower count instead.
   */
  readonly perPlayer: Int16Array;
  /** [k] 1: joins a feature holding a figure of its owner that counts for majority; 0: needs a free feature. */
  readonly joinsOwn: Uint8Array;
  /**
   * [k] 1: instead of deploying, its owner may take it back from a cloister-like feature (one scored
   * by its neighbours), which scores at once as in the final scoring, while the feature is incomplete.
   */
  readonly recall: Uint8Array;
  /** [k] 1: marks its owner on the field it stands on, for the farmer rules. */
  readonly marksField: Uint8Array;
  /** [k] bit mask of the feature kind codes this kind stands on. */
  readonly stands: Uint8Array;
  /** [k*types+t] bit mask of the local features of tile type t where this kind may stand. */
  readonly spots: Uint16Array;
}

/**
 * A placement constraint on some tile types, asked only for those types (`applies[t]` = 1): the
 * hot loop of move generation reads `applies` and calls `rotations` for constrained tiles alone.
 */
export interface PlacementRule {
  /** [t] 1 when this rule constrains tile type t. */
  readonly applies: Uint8Array;
  /** Bit mask of the rotations of tile type t allowed at frontier cell `cell` (see Kernel.frontierCell). */
  rotations(k: Kernel, t: number, cell: number): number;
  /** Why tile type t turned q may not go to frontier cell `cell`: 0 when it may, else a reason of the module (1…). */
  check(k: Kernel, t: number, q: number, cell: number): number;
  /**
   * When the rule allows tile type t at one frontier cell at most: that cell, or -2 when it allows
   * none; -1 (or no such method) when it may allow several. Lets a listing skip the other cells.
   */
  cell?(k: Kernel, t: number): number;
  /** Called after a constrained tile is placed (placement index p), to update the module's state. */
  placed(k: Kernel, p: number): void;
}

/**
 * A module's action at the action step, instead of deploying on the tile just placed (The Tower:
 * a floor on any tower, a follower on top of one). Its codes carry action kind ACTION_MODULE + its
 * index in Ruleset.actions (numbered over the game's modules; see core/move-code.ts), with the figure,
 * spot and target fields as the module uses them.
 */
export interface ModuleAction {
  /** Most codes `list` writes in one call (the kernel sizes its buffers by it). */
  readonly most: number;
  /**
   * Writes the current player's codes of this action into `out` from index n and returns the new
   * count; with `enough` > 0, may stop once the count reaches it.
   */
  list(k: Kernel, out: Int32Array, n: number, enough: number): number;
  /**
   * Whether the current player might have this action this turn whatever tile is placed where
   * (false only when surely not): a listing of whole turns skips placing a tile when no figure
   * and no module action may follow it.
   */
  may(k: Kernel): boolean;
  /**
   * Plays one of its codes. It ends the turn, unless it opens one of its module's steps
   * (`k.openStep`); that step's `play` then ends it (`k.endTurn`).
   */
  play(k: Kernel, code: number, log: KernelEvent[] | null): void;
}

/**
 * A module's step (step kind STEP_MODULE + its index in Ruleset.steps, numbered over the
 * registry): a step of its own after an action (The Tower's capture), or with `free`, a move the
 * player may make at the action step besides its actions, which does not end it (The Tower's
 * ransom); the action step is then played when a free move is all there is besides the pass.
 */
export interface ModuleStep {
  readonly free: boolean;
  /** Most codes `list` writes in one call (the kernel sizes its buffers by it). */
  readonly most: number;
  /** Writes the current player's codes of this step into `out` from n; returns the new count. */
  list(k: Kernel, out: Int32Array, n: number): number;
  /** Plays one of its codes (a step that is not free ends with `k.endTurn` or opens another step). */
  play(k: Kernel, code: number, log: KernelEvent[] | null): void;
}

/**
 * What the active rule modules add to the kernel, compiled once per combination. Every hook is
 * called at a rare point (a constrained tile, a completed feature, the end); none in the loops
 * that list moves.
 */
/**
 * When a module's hands of tiles (Ruleset.handSize) are dealt and drawn: the kernel keeps the
 * hands and calls these at the start and at each draw; they play with the kernel's hand
 * primitives (drawIntoHand, drawFittingIntoHand, giveUpHand, settleAside) and setCurrentTile, setPlayer.
 */
export interface HandPolicy {
  /** Deals every hand at the start of a game (after the start hooks), or of a set-up that gives none. */
  readonly deal: (k: Kernel, log: KernelEvent[] | null) => void;
  /** Readies the hand of the player to move (the game's first draw): its first tile is the current tile, or the game ends. */
  readonly ready: (k: Kernel, log: KernelEvent[] | null) => void;
  /** A turn is over (PHASE_DRAW; the turn passed, or an extra tile follows): hands are drawn up and the next readied. */
  readonly turnOver: (k: Kernel, log: KernelEvent[] | null) => void;
  /**
   * Whether the hands are drawn back up to the hand size after each turn while the bag lasts, and
   * a hand none of whose tiles fits is given up: what the check of a state without its draws (a
   * player view) may expect of the hands it shows. Without it, only a replay of the draws checks them.
   */
  readonly drawsUp?: boolean;
}

export interface Ruleset {
  readonly figures: FigureTable;
  /** The names of the figures without an owner (RuleModule.neutrals), by their index (`Kernel.neutralTile`). */
  readonly neutrals: readonly string[];
  /** Words of module state the kernel keeps and copies with itself (`Kernel.slots`). */
  readonly slots: number;
  /** [j] the module action of action kind ACTION_MODULE + j, or null when its module is not in the game. */
  readonly actions: readonly (ModuleAction | null)[];
  /** [j] the module step of step kind STEP_MODULE + j, or null when its module is not in the game. */
  readonly steps: readonly (ModuleStep | null)[];
  /** Whether some active module has a free step (then its moves are listed at the tile and action steps). */
  readonly freeSteps: boolean;
  /**
   * The active modules' words for the API layer (their moves, state and events), by module name,
   * in module order: read by the API layer, never by the kernel.
   */
  readonly words: readonly { readonly module: string; readonly index: number; readonly api: unknown }[];
  /** When the turn passes to the next player (not for an extra tile of the same turn). */
  readonly turnPassed: readonly ((k: Kernel) => void)[];
  readonly placement: readonly PlacementRule[];
  /** [t] 1 when some placement rule applies to tile type t. */
  readonly constrained: Uint8Array;
  /**
   * After any tile is placed (placement p; its features merged, the placement rules told), before
   * anything is deployed or scored. Called for every placement, the start tile's included.
   */
  readonly placed: readonly ((k: Kernel, p: number) => void)[];
  /**
   * At the start of a game, once the bag is filled and before the first tile is drawn, with a
   * source of random 32-bit integers from the game's seed (another than the bag's): e.g. who moves
   * first.
   */
  readonly start: readonly ((k: Kernel, random: () => number, log: KernelEvent[] | null) => void)[];
  /**
   * After the current player's tile (placement p) is placed and before deploying: whether the
   * same player plays another tile this turn. Never asked during such an extra tile.
   */
  readonly keepsTurn: readonly ((k: Kernel, p: number) => boolean)[];
  /**
   * Null: a drawn tile that fits nowhere leaves the game. Otherwise such tiles are set aside until
   * a tile that fits is drawn, then go back among the tiles not drawn (`k.bag` from `k.bagPos`),
   * and this hook deals those again; tiles still set aside when the bag is empty leave the game.
   */
  readonly putBack: ((k: Kernel) => void) | null;
  /**
   * Search deals the hidden tiles anew (Engine.shuffleTilesLeft): each hook draws anew, from
   * `random` (32-bit integers), whatever randomness of the game's seed it keeps for later draws.
   */
  readonly reseed: readonly ((k: Kernel, random: () => number) => void)[];
  /**
   * [j] what the state calls the extra tile `keepsTurn[j]` gives (e.g. `'builder'`): read by the
   * API layer, never by the kernel.
   */
  readonly extraTurns: readonly string[];
  /** A feature (root r, feature kind code) was just completed and scored. */
  readonly completed: readonly ((k: Kernel, r: number, kind: number, log: KernelEvent[] | null) => void)[];
  /**
   * [(t*MAXF+f)*2+w] word w of the attributes modules give feature f of tile type t (inns, goods…),
   * packed in bit fields so that the sum of two packed words is the packed sum: merging features
   * adds them.
   */
  readonly attrs: Int32Array;
  /**
   * The value of the feature rooted at r when its attributes are not all zero, given the base
   * game's value (`tiles`: distinct tiles; `extra`: pennants, or neighbours of a cloister).
   */
  readonly value: ((k: Kernel, r: number, kind: number, tiles: number, extra: number, complete: boolean, base: number) => number) | null;
  /**
   * The sentences the active modules give a scoring line they changed (`attribute` reads the
   * feature's attributes by name), in module order; the first that is not null is the line's. Read
   * by the API layer's descriptions, never by the kernel.
   */
  readonly notes: readonly ((r: ScoreRecord, attribute: (name: string) => number) => string | null)[];
  /**
   * Tiles each player holds in hand (1–3), or 0: each turn draws its tile. With hands the kernel
   * deals them after `start`, lists the moves of every distinct tile in hand (the move code's slot
   * names it) and refills a hand at the end of its player's turn.
   */
  readonly handSize: number;
  /** With hands, the rule that deals them and draws them up (the module's), else null. */
  readonly hand: HandPolicy | null;
  /** With hands, whether each is hidden from the other players (RuleModule.handsHidden): read by searches that deal them anew. */
  readonly handsHidden: boolean;
  /** Whether features still incomplete at the end score (a house rule says they score nothing). */
  readonly incompleteScores: boolean;
  /** Adds end-of-game scorings to `into` after fields, with a log when not null. */
  readonly final: readonly ((k: Kernel, into: Int32Array, log: KernelEvent[] | null) => void)[];
  /** Token kinds per player (e.g. goods), kept in `Kernel.tokens`. */
  readonly tokenKinds: number;
  /**
   * For each placement rule, why it refused a placement (its reason), as an error code and a
   * sentence: read by the API layer's diagnosis, never by the kernel.
   */
  readonly explainPlacement: readonly ((k: Kernel, reason: number) => { readonly code: string; readonly message: string })[];
}
