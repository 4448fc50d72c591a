import { describe, expect, it } from 'vitest';
import { applyMove, createGame, renderAscii } from 'carcassonne-engine';

describe('renderAscii', () => {
  it("draws the rule modules' features: an inn beside its road, a cathedral and goods at the centre, with their legend", () => {
    // IC-B (a road east–west with an inn) east of the start tile D; TB-M (a city on four sides,
    // with cloth) north of D; IC-K (a city on four sides with a cathedral) north of TB-M. The inn
    // stands beside the road's first edge, east: row 2, column 4 of its 5×3 block.
    let s = createGame({ players: 2, seed: 1, expansions: ['inns-cathedrals', 'traders-builders'], drawOrder: ['IC-B', 'TB-M', 'IC-K'] });
    s = applyMove(s, { x: 1, y: 0, rotation: 0 });
    s = applyMove(s, { x: 0, y: -1, rotation: 0 });
    s = applyMove(s, { x: 0, y: -2, rotation: 0 });
    expect(renderAscii(s).split('\n')).toEqual([
      '#####',
      '##^##',
      '#####',
      '#####',
      '##$.#',
      '#####',
      '#####.....',
      '--------i-',
      '..........',
      'x 0..1, y -2..0; # city, * pennant, - | + road, C cloister, i inn, ^ cathedral, $ goods, . field, digits: meeples',
    ]);
  });
});

describe('renderAscii with house rules', () => {
  it('names the table and whether its edge closes features in the legend', () => {
    const table = { minX: -2, maxX: 3, minY: -1, maxY: 1 };
    const legend = (rules: object) =>
      renderAscii(createGame({ players: 2, seed: 1, rules }))
        .split('\n')
        .at(-1);
    expect(legend({ table })).toBe(
      'x 0..0, y 0..0; # city, * pennant, - | + road, C cloister, the table x -2..3, y -1..1, . field, digits: meeples',
    );
    expect(legend({ table, tableEdge: 'closes' })).toContain('the table x -2..3, y -1..1 (its edge closes features)');
    expect(legend({})).not.toContain('table');
  });

  it('lists each hand of tiles (house rules #3, #4) after the legend, by player number', () => {
    const rules = { hand: { size: 3 as const, visible: true } };
    const s = createGame({ players: 2, seed: 1, drawOrder: ['E', 'U', 'V', 'X', 'A', 'B'], rules });
    expect(renderAscii(s).split('\n').slice(-2)).toEqual([
      'x 0..0, y 0..0; # city, * pennant, - | + road, C cloister, . field, digits: meeples',
      'hands: 1: E U V; 2: X A B',
    ]);
    // The start tile in the bag: the board is empty, the hands are dealt.
    const bag = createGame({ players: 2, seed: 1, drawOrder: ['E', 'U'], rules: { hand: { size: 1, visible: true }, startTile: 'bag' } });
    expect(renderAscii(bag)).toBe('the board is empty: the first tile goes to (0, 0)\nhands: 1: E; 2: U');
    expect(renderAscii(createGame({ players: 2, seed: 1 }))).not.toContain('hands');
  });
});
