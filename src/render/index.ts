/**
 * carcassonne-engine/render: pictures of tiles and boards. Tile geometry as data (areas, walls,
 * figure anchors, symbols) derived from the tile definitions, and SVG renderers that return strings:
 * pure, deterministic, usable in Node and in the browser.
 *
 * @packageDocumentation
 * @module carcassonne-engine/render
 */
export { tileGeometry } from './tile-geometry.js';
export type { Point, TileArea, TileGeometry, TileSymbol, TileSymbolKind } from './tile-geometry.js';
export { renderSvg, renderTileSvg } from './svg.js';
export type { SvgGhost, SvgOptions, SvgSpot } from './svg-options.js';
export { figurePicture, PLAYER_COLOURS } from './figure-shapes.js';
export { renderAscii } from './ascii.js';
