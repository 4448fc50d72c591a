import { describe, expect, it } from 'vitest';
import { type createGame, loadState, scoreFinal } from 'carcassonne-engine';
// @ts-expect-error: a plain JavaScript example, without types
import { clientMove, createServer, playOnline } from '../../examples/server-client.mjs';

// examples/server-client.mjs: the server holds the state, clients hold views and send moves.

interface Server {
  views(): string[];
  receive(player: number, text: string): { ok: boolean; code?: string; message?: string };
  readonly state: ReturnType<typeof createGame>;
}

describe('examples/server-client.mjs', () => {
  it('plays whole games whose every view hides the seed and the bag order; the end is the pure API’s', () => {
    for (const options of [
      { players: 2, seed: 1 },
      { players: 3, seed: 'x', expansions: ['traders-builders'] },
      { players: 2, seed: 5, rules: { hand: { size: 3, visible: false } } },
    ]) {
      const answers: unknown[] = [];
      const end = playOnline(options, (what: string, answer: unknown) => answers.push([what, answer]));
      expect(end.status).toBe('finished');
      expect(loadState(JSON.parse(JSON.stringify(end)))).toEqual(end);
      expect(end.players.map((p: { score: number }) => p.score)).toEqual(scoreFinal(end).scores);
      // The two refusals at the start, with their codes.
      expect(answers.map((a) => (a as [string, { code: string }])[1].code)).toEqual(['not-your-turn', 'malformed-move']);
    }
  });

  it('what the server sends never holds the seed, the bag order or a hidden hand', () => {
    const server: Server = createServer({ players: 2, seed: 'secret-seed', rules: { hand: { size: 2, visible: false } } });
    for (let i = 0; i < 10; i++) {
      const sent = server.views();
      const state = server.state;
      for (const [p, text] of sent.entries()) {
        expect(text).not.toContain('secret-seed');
        const view = JSON.parse(text);
        expect(view.tilesLeft).toEqual([...view.tilesLeft].sort());
        // Each player sees their own hand only; the spectator (last) none.
        view.hands.forEach((h: (string | null)[], q: number) => {
          expect(h).toEqual(q === p ? state.hands?.[q] : h.map(() => null));
        });
      }
      const mover = state.currentPlayer;
      expect(server.receive(mover, clientMove(sent[mover] as string, mover)).ok).toBe(true);
    }
  });

  it('a forged or illegal move gets a typed answer and the game goes on', () => {
    const server: Server = createServer({ players: 2, seed: 1, drawOrder: ['E'] });
    expect(server.receive(0, JSON.stringify({ x: 5, y: 5, rotation: 0 }))).toMatchObject({ ok: false, code: 'not-adjacent' });
    expect(server.receive(0, JSON.stringify({ x: 0, y: -1, rotation: 0 }))).toMatchObject({ ok: false, code: 'edge-mismatch' });
    expect(server.receive(0, JSON.stringify({ tile: 'X', x: 0, y: -1, rotation: 180 }))).toMatchObject({ ok: false, code: 'wrong-tile' });
    expect(server.state.turn).toBe(0);
    expect(server.receive(0, JSON.stringify({ x: 0, y: -1, rotation: 180 }))).toEqual({ ok: true });
    expect(server.state.turn).toBe(1);
  });
});
