import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as api from 'carcassonne-engine';
import * as bots from 'carcassonne-engine/bots';
import * as element from 'carcassonne-engine/element';
import * as engine from 'carcassonne-engine/engine';
import * as notation from 'carcassonne-engine/notation';
import * as render from 'carcassonne-engine/render';
// @ts-expect-error: plain JavaScript shared with scripts/fuzz.mjs
import { createAttack, describe as show } from './attack.mjs';

// Every export of every entry point, attacked with generated junk (tests/fuzz/attack.mjs): each
// call returns a value or throws a typed error, changes none of its inputs, leaves
// Object.prototype alone, returns JSON that round-trips, and answers in bounded time. A short
// budget here (FUZZ_RUNS, default 20 calls an export); `npm run fuzz -- --calls 1000000` soaks
// the built package.

interface Target {
  name: string;
  async?: boolean;
  args: fc.Arbitrary<unknown[]>;
  call: (...args: unknown[]) => unknown;
}
type Verdict = { ok: true; outcome: string } | { ok: false; why: string };
interface Attack {
  targets: Target[];
  judge(target: Target, args: unknown[]): Verdict | Promise<Verdict>;
  agree(state: unknown): boolean;
  state: fc.Arbitrary<unknown>;
}

const attack: Attack = createAttack({ api, engine, bots, notation, render, element }, fc);
const runs = Number(process.env.FUZZ_RUNS ?? 20);

describe('fuzz: every export answers junk with a value or a typed error', () => {
  it('attacks every exported function of the six entry points', () => {
    const exported = [api, engine, bots, notation, render, element].flatMap((m) =>
      Object.entries(m)
        .filter(([name, v]) => typeof v === 'function' && !/Error$/.test(name))
        .map(([name]) => name),
    );
    const attacked = attack.targets.map((t) => t.name);
    const missing = exported.filter(
      (name) =>
        !attacked.some(
          (a) => a === name || a.startsWith(`${name}.`) || a.endsWith(`.${name}`) || (name === 'Engine' && a.startsWith('engine')),
        ),
    );
    expect(missing).toEqual([]);
  });

  it.each(attack.targets.map((t) => [t.name, t] as const))('%s', async (_, target) => {
    await fc.assert(
      fc.asyncProperty(target.args, async (args) => {
        const verdict = await attack.judge(target, args);
        if (!verdict.ok) throw new Error(`${target.name}(${args.map(show).join(', ')}): ${verdict.why}`);
      }),
      { numRuns: runs },
    );
  });

  it('texts of the notation cut at every position get a value or a typed error from every parser', () => {
    let state = api.createGame({ players: 2, seed: 'cut', expansions: ['traders-builders'] });
    for (let i = 0; i < 12; i++) state = api.applyMove(state, api.legalMoves(state)[i % 3] as api.Move);
    const texts = [
      notation.makeRecord(state),
      notation.makePosition(state),
      notation.makePosition(state, { oneLine: true }),
      notation.makeMove(state, api.legalMoves(state).at(-1) as api.Move),
    ];
    let calls = 0;
    for (const text of texts) {
      for (let cut = 0; cut <= text.length; cut++) {
        const part = text.slice(0, cut);
        for (const parse of [
          notation.parseRecord,
          notation.replayRecord,
          notation.parsePosition,
          (t: string) => notation.parseMove(t, state),
        ]) {
          calls++;
          try {
            const value = parse(part);
            expect(JSON.parse(JSON.stringify(value))).toEqual(value);
          } catch (error) {
            expect(error).toBeInstanceOf(api.CarcassonneError);
            expect((error as Error).message.length).toBeGreaterThan(0);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
  });

  it('the engine and the pure API agree on every state both accept', () => {
    fc.assert(
      fc.property(attack.state, (s) => attack.agree(s)),
      { numRuns: runs * 5 },
    );
  });
});
