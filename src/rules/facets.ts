import type { TileView } from '../tiles/spots.js';
import type { FeatureDef, TileDef } from '../tiles/tile-types.js';

// The parts of a module apart from its rules: its tile types (for the catalogue of every tile),
// its words (tile names for `tileDefinition`, the text board) and its look (pictures). Each lives
// in its module's folder (`tiles.ts`, `words.ts`, `look.ts`), and an expansion's `expansion.ts`
// puts them together with its rules; `catalogue.ts`, `words.ts` and `looks.ts` read them from the
// registered expansions (the base game's own look and the house rules' words aside).

/** A module's tile types, as the catalogue of every tile knows them. */
export interface TileTypes {
  /** The module's name (its `RuleModule.name`). */
  readonly module: string;
  /** The module's own tile types, each in its printed orientation. */
  readonly types?: () => readonly TileDef[];
  /** Tile types the module makes from other modules' (e.g. garden copies), from every module's own types. */
  readonly derived?: (known: readonly TileDef[]) => readonly TileDef[];
}

/** A module's words: its tile types' names (`tileDefinition`'s `name`) and its text board (`renderAscii`). */
export interface ModuleWords {
  /** The module's name (its `RuleModule.name`). */
  readonly module: string;
  /** Legend entries of the text board (`renderAscii`): symbol and meaning, or what the game's rules make of it. */
  readonly legend?: readonly string[] | ((rules: Readonly<Record<string, unknown>>) => readonly string[]);
  /**
   * Draws what the module's tile features add to a tile of the text board (`renderAscii`):
   * changes `block`, 3 rows of 5 characters, after the base game drew the tile.
   */
  readonly draw?: (view: TileView, block: string[][]) => void;

  /**
   * The name of a tile type the module brings or derives (`tileDefinition`'s `name`), or
   * undefined for another's; `nameOf` names any other type.
   */
  readonly name?: (id: string, nameOf: (id: string) => string) => string | undefined;
}

/** How pictures draw a module's figures and the symbols on its tiles. */
export interface ModuleLook {
  /** The module's name (its `RuleModule.name`). */
  readonly module: string;
  /** Each of its figure kinds' picture, by the kind's name. */
  readonly figures?: Readonly<Record<string, FigurePicture>>;
  /** Symbols printed on its tiles' features (`tileGeometry`, `renderSvg`). */
  readonly symbols?: readonly TileSymbolDef[];
  /** How its kinds of feature are drawn, by kind (`'river'`, `'garden'`). */
  readonly features?: Readonly<Record<string, FeatureLook>>;
  /**
   * Draws the module's part of a state (`GameState.modules[module]`) over the board (The Tower's
   * towers), as SVG in board units: `pen` places cells and draws figures.
   */
  readonly board?: (part: unknown, pen: BoardPen) => string;
}

/** What a module's board drawing may use (see ModuleLook.board). */
export interface BoardPen {
  /** A tile's size in board units. */
  readonly tile: number;
  /** The top left corner of cell (x, y), in board units. */
  cell(x: number, y: number): readonly [number, number];
  /** A figure of `owner` of kind `kind` standing at (x, y), in board units, in its owner's colour. */
  figure(kind: string, owner: number, x: number, y: number): string;
}

/**
 * How pictures draw a figure kind: its outline as SVG path data about its foot point, in a box
 * about 22 units high (a tile is 100), so that kinds tell apart without colour.
 */
export interface FigurePicture {
  readonly path: string;
  /** How much bigger than a follower it is drawn. Default 1. */
  readonly scale?: number;
  /** Stroke width of its outline. Default 1.2. */
  readonly outline?: number;
  /** Where its owner's number sits below its foot point. Default 2.5. */
  readonly label?: number;
  /** It stands on a field as anywhere else (a follower on a field, a farmer, lies down). */
  readonly upright?: boolean;
}

/** A point of a tile, from (0, 0) at its north-west corner to (1, 1). */
export type TilePoint = readonly [number, number];

/** How pictures draw a kind of feature a module brings. */
export interface FeatureLook {
  /** Fill and outline of its areas. */
  readonly fill: string;
  readonly line: string;
  /**
   * Its area: `band`, this many tile units each side of the line between its edges' midpoints (a
   * river), ending in a pool in the middle when it has one edge, and pushing a cloister to a bank
   * no road ends at when it crosses the tile; or `patch`, a round patch up to this radius in the
   * tile's largest field, where that field is widest (a garden, which does not split the field).
   */
  readonly area: { readonly band: number } | { readonly patch: number };
  /** More SVG drawn over each of its areas' rings (a garden's bushes), in tile units (a tile is 100). */
  readonly decorate?: (ring: readonly TilePoint[]) => string;
}

/** A symbol printed on features of tiles (a pennant, an inn, a goods symbol…). */
export interface TileSymbolDef {
  /** Its name (`TileSymbol.kind`). */
  readonly name: string;
  /** How many of it a feature of a tile definition carries (0 for most). */
  readonly count: (f: FeatureDef) => number;
  /** Drawn inside its feature's area (a pennant), or beside it, in an open field (an inn beside its road). */
  readonly place: 'inside' | 'beside';
  /** Its picture: SVG drawn about (0, 0), in tile units (a tile is 100); shapes differ, not only colours. */
  readonly svg: string;
}
