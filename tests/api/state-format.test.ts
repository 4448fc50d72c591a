import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame, loadState } from '../../src/index.js';

// docs/state-format.md shows a state as JSON: it must be the state the library makes.
const page = readFileSync(new URL('../../docs/state-format.md', import.meta.url), 'utf8');
const shown = JSON.parse(/```json\n([\s\S]*?)```/.exec(page)?.[1] ?? 'null');

describe('docs/state-format.md', () => {
  it('shows the state createGame makes, tilesLeft cut to three tiles', () => {
    const state = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E'] });
    expect(state.tilesLeft).toHaveLength(70);
    expect(shown).toEqual({ ...JSON.parse(JSON.stringify(state)), tilesLeft: state.tilesLeft.slice(0, 3) });
  });

  it('lists every field of a state, and the version', () => {
    const state = createGame({ players: 2, seed: 1 });
    for (const key of Object.keys(state)) expect(page, key).toContain(`\`${key}\``);
    expect(state.version).toBe(2);
    expect(page).toContain('format version 2');
  });

  it('a state of a newer version is refused, as the page says', () => {
    const newer = { ...JSON.parse(JSON.stringify(createGame({ players: 2, seed: 1 }))), version: 3 };
    expect(() => loadState(newer)).toThrow('unsupported state version 3');
  });
});
