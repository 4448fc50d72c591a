import type { FeatureDef, TileDef } from '../tiles/types.js';

// The parts of a module that light bundles read without its rules: its tile types (for the
// catalogue of every tile), their names (`tileDefinition`) and its look (pictures). Each lives in
// its module's folder (`tiles.ts`, `names.ts`, `look.ts`); `catalogue.ts`, `names.ts` and
// `looks.ts` list them, one line a module, so that a bundle that draws tiles carries no rules, one
// that plays carries neither pictures nor names, and one that names tiles carries no pictures.

/** A module's tile types, as the catalogue of every tile knows them. */
export interface TileTypes {
  /** The module's name (its `RuleModule.name`). */
  readonly module: string;
  /** The module's own tile types, each in its printed orientation. */
  readonly types?: () => readonly TileDef[];
  /**
   * Tile types the module makes from other modules' (e.g. garden copies), from `known`, which
   * looks up every module's own types.
   */
  readonly derived?: (known: (id: string) => TileDef | undefined) => readonly TileDef[];
}

/** The names of a module's tile types (`tileDefinition`'s `name`). */
export interface TileNames {
  /** The module's name (its `RuleModule.name`). */
  readonly module: string;
  /**
   * The name of a tile type the module brings or derives (`tileDefinition`'s `name`), or
   * undefined for another's; `nameOf` names any other type.
   */
  readonly name: (id: string, nameOf: (id: string) => string) => string | undefined;
}

/** How pictures draw a module's figures and the symbols on its tiles. */
export interface ModuleLook {
  /** The module's name (its `RuleModule.name`). */
  readonly module: string;
  /** Each of its figure kinds' picture, by the kind's name. */
  readonly figures?: Readonly<Record<string, FigurePicture>>;
  /** Symbols printed on its tiles' features (`tileGeometry`, `renderSvg`). */
  readonly symbols?: readonly TileSymbolDef[];
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
