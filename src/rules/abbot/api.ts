import type { CentreDef } from '../../tiles/tile-types.js';

// The Abbot's words for the pure API.

/** A garden (The Abbot): only an abbot may stand on it; it does not split the field around it. */
export interface GardenDef extends CentreDef {
  readonly kind: 'garden';
}
