import type { ModuleLook } from '../facets.js';

/** The River's look: the river, a blue band wider than a road. */
export const look = {
  module: 'river',
  features: { river: { fill: '#5b9bd5', line: '#2f6596', area: { band: 0.085 } } },
} satisfies ModuleLook;
