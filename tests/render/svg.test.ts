import {
  applyMove,
  createGame,
  features,
  type GameState,
  legalTurns,
  loadState,
  legalPlacements,
  OptionsError,
  playerView,
  tileIds,
} from 'carcassonne-engine';
import { greedyBot } from 'carcassonne-engine/bots';
import { renderSvg, renderTileSvg } from 'carcassonne-engine/render';
import { describe, expect, it } from 'vitest';

/** A game played by the greedy bot for some moves. */
function played(moves: number, expansions: string[] = [], players = 3): GameState {
  let s = createGame({ players, seed: 'hidden-seed-91', expansions: expansions as never });
  for (let i = 0; i < moves && s.status === 'playing'; i++) s = applyMove(s, greedyBot(s));
  return s;
}

const count = (svg: string, re: RegExp): number => svg.match(re)?.length ?? 0;

describe('renderTileSvg', () => {
  it('draws every tile type in every rotation as a titled SVG document', () => {
    for (const id of tileIds()) {
      for (const r of [0, 90, 180, 270] as const) {
        const svg = renderTileSvg(id, r, { size: 40 });
        expect(svg).toMatch(
          /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 100 100" width="40" height="40" role="img"><title>[^<]+<\/title>/,
        );
        expect(svg.endsWith('</svg>')).toBe(true);
      }
    }
  });

  it('draws one area a feature, and the symbols: pennants, inns, cathedrals, goods', () => {
    expect(count(renderTileSvg('D'), /data-feature=/g)).toBe(4);
    expect(renderTileSvg('C')).toContain('fill="#2f5fa8"'); // a pennant
    expect(renderTileSvg('IC-K')).toContain('fill="#b9b4a8"'); // a cathedral
    expect(renderTileSvg('IC-B')).toContain('fill="#f0e0b0"'); // an inn
    expect(renderTileSvg('TB-Q')).toContain('fill="#7b2d6b"'); // wine
    expect(renderTileSvg('TB-E')).toContain('fill="#e3b23c"'); // grain
    expect(renderTileSvg('TB-K')).toContain('fill="#3f7fbf"'); // cloth
  });

  it('refuses what is not a tile, a rotation or a size, listing every problem', () => {
    try {
      renderTileSvg('Z', 45 as 0, { size: -1 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(OptionsError);
      expect((e as OptionsError).code).toBe('invalid-render-option');
      expect((e as OptionsError).problems).toHaveLength(3);
    }
  });
});

describe('renderSvg', () => {
  it('is deterministic: the same state gives the same text', () => {
    const s = played(20, ['inns-cathedrals']);
    expect(renderSvg(s, { scores: true })).toBe(renderSvg(loadState(JSON.parse(JSON.stringify(s))), { scores: true }));
  });

  it('draws every tile, every figure, and the cells where the current tile may go', () => {
    const s = played(25, ['traders-builders', 'abbot']);
    const svg = renderSvg(s);
    expect(count(svg, /<use href="#cc-t-\d+" transform="[^"]*" data-x=/g)).toBe(s.placements.length);
    expect(count(svg, /class="figure"/g)).toBe(s.meeples.length);
    const cells = new Set(legalPlacements(s).map((p) => `${p.x},${p.y}`));
    expect(count(svg, /class="legal"/g)).toBe(cells.size);
    for (const c of cells) {
      const [x, y] = c.split(',');
      expect(svg).toContain(`class="legal" data-x="${x}" data-y="${y}"`);
    }
    expect(count(renderSvg(s, { legal: false }), /class="legal"/g)).toBe(0);
  });

  it('gives each figure kind its own shape and lays farmers down', () => {
    let s = createGame({ players: 2, seed: 3, expansions: ['inns-cathedrals'], drawOrder: ['V', 'U'] });
    s = applyMove(s, legalTurns(s).find((m) => m.meeple?.kind === 'large' && m.meeple.at.length === 3) ?? legalTurns(s)[0]!);
    const svg = renderSvg(s);
    expect(svg).toContain('data-kind="large"');
    expect(svg).toMatch(
      /class="figure" data-kind="large" data-owner="0" transform="translate\([\d.]+ [\d.]+\) rotate\(-90\) scale\(1.35\)"/,
    );
    expect(svg).toContain('>1</text>'); // the owner's number: readable without colour
  });

  it('hatches every segment of every completed road, city and cloister', () => {
    const s = played(60);
    const segments = features(s)
      .filter((f) => f.complete && f.kind !== 'field')
      .reduce((n, f) => n + f.segments.length, 0);
    expect(segments).toBeGreaterThan(0);
    expect(count(renderSvg(s), /fill="url\(#cc-done\)"/g)).toBe(segments);
    expect(count(renderSvg(s, { completed: false }), /url\(#cc-done\)/g)).toBe(0);
  });

  it('frames the last move, and can show scores, coordinates, a ghost tile and spots', () => {
    const s = played(5);
    const last = s.placements[s.placements.length - 1]!;
    const svg = renderSvg(s, {
      scores: true,
      coordinates: true,
      ghost: { tile: 'X', x: 5, y: 5, rotation: 0 },
      spots: [{ x: 5, y: 5, at: 'N' }],
    });
    expect(svg).toContain('class="last-move"');
    expect(count(svg, /class="player"/g)).toBe(3);
    for (const p of s.players) expect(svg).toContain(`>${p.score}</text>`);
    expect(svg).toContain('class="coordinates"');
    expect(svg).toContain(`>${last.x}</text>`);
    expect(svg).toContain('class="ghost"');
    expect(svg).toContain('data-spot="N"');
    expect(renderSvg(s, { lastMove: false })).not.toContain('class="last-move"');
  });

  it('escapes player names and titles', () => {
    const s = createGame({ players: ['<b>&"Ann"', 'Bob'], seed: 1 });
    const svg = renderSvg(s, { scores: true, title: 'a < b' });
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&#60;b&#62;&#38;&#34;Ann&#34;');
    expect(svg).toContain('<title>a &#60; b</title>');
  });

  it('draws a view as it draws the state, and nothing of the bag order', () => {
    const s = played(10);
    const view = playerView(s, 1);
    expect(renderSvg(view)).toBe(renderSvg(s));
    const text = renderSvg(view, { scores: true });
    expect(text).not.toContain(String(s.seed));
    expect(text).toContain(`${s.tilesLeft.length} tiles in the bag`);
  });

  it('refuses bad options with invalid-render-option, listing every problem', () => {
    const s = createGame({ players: 2, seed: 1 });
    try {
      renderSvg(s, { tileSize: 0, colours: ['red'], idPrefix: '1x', spots: [{ x: 0.5, y: 0, at: 'N' }], bogus: 1 } as never);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(OptionsError);
      expect((e as OptionsError).problems.map((p) => p.code)).toEqual(Array(5).fill('invalid-render-option'));
    }
    expect(() => renderSvg(s, 'big' as never)).toThrow(OptionsError);
    expect(() => renderSvg({} as GameState)).toThrow();
  });
});
