/// <reference lib="dom" />
import { figureWord } from '../api/options/figure-kinds.js';
import { applyMove } from '../api/play/apply.js';
import { legalMoves, legalPlacements } from '../api/play/list.js';
import { isTurn, readMove } from '../api/play/legality.js';
import { movesAt } from '../api/play/cell.js';
import { setupGame } from '../api/setup/setup.js';
import { playerView } from '../api/state/view.js';
import type { GameState, Move, PlayerView, TurnMove } from '../api/types.js';
import { IllegalMoveError, OptionsError } from '../core/errors.js';
import { describeMove } from '../notation/describe.js';
import { makeMove, parseMove } from '../notation/move.js';
import { parsePosition } from '../notation/position.js';
import { renderSvg } from '../render/svg.js';
import type { SvgOptions } from '../render/svg-options.js';

/** What a `<carcassonne-board>` tells with its `move` event. */
export interface BoardMoveDetail {
  /** The move the reader made. */
  readonly move: TurnMove;
  /** The steps a rule module added to the turn, in order (The Tower's capture after a floor); often none. */
  readonly steps: readonly Move[];
  /** The move in the move notation, its steps after ` & ` as a game record writes them. */
  readonly notation: string;
  /** Whether it is one of the element's `solution` moves (`null` when the element has none). */
  readonly solved: boolean | null;
  /** The game after the move. */
  readonly state: GameState;
}

/**
 * Whether two whole turns of a position are the same turn: the same tile on the same cell, turned to
 * give the same board (a crossroads turned 90° is the crossroads unturned), with the same figure on
 * the same spot (or none), or the same recall.
 *
 * @example
 * ```ts
 * import { createGame } from 'carcassonne-engine';
 * import { sameMove } from 'carcassonne-engine/element';
 *
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['U'] });
 * const a = { tile: 'U', x: -1, y: 0, rotation: 0 } as const;
 * console.log(sameMove(state, a, { ...a, rotation: 180 }), sameMove(state, a, { ...a, rotation: 90 })); // → true false
 * ```
 */
export function sameMove(state: GameState | PlayerView, first: TurnMove, second: TurnMove): boolean {
  return same(state, readTurn(first), readTurn(second));
}

/** A whole turn read as plain data, or the move's error (a step's move is not one). */
function readTurn(move: TurnMove): TurnMove {
  const read = readMove(move);
  if (read.error !== null) throw read.error;
  if (!isTurn(read.move)) throw new IllegalMoveError('malformed-move', 'a whole turn is compared: { x, y, rotation, meeple?, recall? }');
  return read.move;
}

function same(state: GameState | PlayerView, a: TurnMove, b: TurnMove): boolean {
  if (a.tile !== b.tile || a.x !== b.x || a.y !== b.y) return false;
  if ((a.meeple?.at ?? null) !== (b.meeple?.at ?? null) || (a.meeple?.kind ?? 'follower') !== (b.meeple?.kind ?? 'follower')) return false;
  if ((a.recall ?? null) !== (b.recall ?? null)) return false;
  if (a.rotation === b.rotation) return true;
  // Rotations that give the same board list the same moves, each with the rotation asked for.
  const turned = (m: TurnMove) =>
    JSON.stringify(
      movesAt(state, { x: m.x, y: m.y, rotation: m.rotation, ...(m.tile === undefined ? {} : { tile: m.tile }) }).map((x) => ({
        ...x,
        rotation: 0,
      })),
    );
  const first = turned(a);
  return first !== '[]' && first === turned(b);
}

const ATTRIBUTES = ['position', 'solution', 'interactive', 'tile-size', 'coordinates', 'scores'];
const STYLE = `:host{display:inline-block;font-family:system-ui,sans-serif}
.bar{display:flex;gap:.4rem;align-items:center;margin-top:.3rem;flex-wrap:wrap}
.message{margin:.3rem 0 0}.message[data-solved=true]{color:#176b2c;font-weight:bold}.message[data-solved=false]{color:#a3241a}
.legal,.ghost,.spot{cursor:pointer}`;

/**
 * Registers the custom element `<carcassonne-board>` (or another name) in this page, once; a second
 * call with the same name does nothing. Attributes:
 * - `position`: the position, in the position notation (docs/notation.md);
 * - `interactive`: the reader may make one move (click a dashed cell, click the tile to turn it,
 *   click a numbered ring, "no figure" or a rule module's action such as The Tower's floor; then
 *   the buttons of any step a module adds to the turn, such as The Tower's capture);
 * - `solution`: the moves that solve the puzzle, in the move notation, separated by `|`; a
 *   module's steps after the turn follow it after ` & `, as in a game record;
 * - `tile-size` (pixels a tile, default 64), `coordinates`, `scores`.
 * After a move the element fires `move` (a `CustomEvent` whose `detail` is a {@link BoardMoveDetail})
 * and says whether it solved the puzzle; "Try again" puts the position back. A position or solution
 * that cannot be read is shown as its error message and fires `error`. Throws
 * `invalid-render-option` where there are no custom elements (outside a browser) or for a name
 * that is not a valid custom element name.
 *
 * @example
 * ```ts
 * import { defineBoardElement } from 'carcassonne-engine/element';
 *
 * // In a page: then <carcassonne-board position="board D 0,0 / turn p0 E" interactive
 * //                   solution="E 0,-1 r180 knight S"></carcassonne-board>
 * if (typeof customElements !== 'undefined') defineBoardElement();
 * console.log(typeof defineBoardElement); // → function
 * ```
 */
export function defineBoardElement(name = 'carcassonne-board'): void {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined') {
    throw new OptionsError([{ code: 'invalid-render-option', message: 'custom elements need a browser: there is no customElements here' }]);
  }
  if (typeof name !== 'string' || !/^[a-z][a-z0-9._]*-[a-z0-9._-]*$/.test(name)) {
    throw new OptionsError([
      { code: 'invalid-render-option', message: 'an element name is lower case with a hyphen, such as carcassonne-board' },
    ]);
  }
  if (customElements.get(name) !== undefined) return;
  customElements.define(name, boardClass());
}

/** The element's class, made on demand: nothing runs at import, and Node has no HTMLElement. */
function boardClass(): CustomElementConstructor {
  return class CarcassonneBoard extends HTMLElement {
    static observedAttributes = ATTRIBUTES;
    #root = this.attachShadow({ mode: 'open' });
    #start: GameState | null = null;
    #state: GameState | null = null;
    #move: TurnMove | null = null;
    #steps: Move[] = [];
    #notes: string[] = [];
    #pick: { x: number; y: number; rotations: TurnMove['rotation'][]; r: number } | null = null;

    /** The game shown: the position, or the game after the reader's move. */
    get state(): GameState | null {
      return this.#state;
    }

    /** The reader's move, or null before it. */
    get move(): TurnMove | null {
      return this.#move;
    }

    #connected = false;

    connectedCallback(): void {
      this.#connected = true;
      this.#load();
    }

    attributeChangedCallback(): void {
      // At upgrade this runs for each attribute before connectedCallback, which loads once.
      if (this.#connected) this.#load();
    }

    #load(): void {
      this.#move = null;
      this.#steps = [];
      this.#pick = null;
      try {
        this.#start = setupGame(parsePosition(this.getAttribute('position') ?? ''));
        this.#state = this.#start;
        this.#solutions();
        this.#draw();
      } catch (error) {
        this.#start = null;
        this.#state = null;
        this.#root.innerHTML = `<style>${STYLE}</style><p class="message" role="alert"></p>`;
        (this.#root.querySelector('.message') as HTMLElement).textContent = (error as Error).message;
        this.dispatchEvent(new CustomEvent('error', { detail: error }));
      }
    }

    /** The solutions: each a turn and the steps a rule module adds to it (after ` & `). */
    #solutions(): { turn: TurnMove; steps: Move[] }[] | null {
      const text = this.getAttribute('solution');
      if (text === null || this.#start === null) return null;
      return text
        .split('|')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map((s) => {
          const [turn = '', ...steps] = s.split('&').map((part) => part.trim());
          return { turn: readTurn(parseMove(turn, this.#start as GameState) as TurnMove), steps: steps.map((m) => parseMove(m) as Move) };
        });
    }

    #moves(): TurnMove[] {
      const p = this.#pick;
      const state = this.#state;
      if (p === null || state === null) return [];
      return movesAt(state, { x: p.x, y: p.y, rotation: p.rotations[p.r] as TurnMove['rotation'] });
    }

    #play(move: TurnMove): void {
      const start = this.#start as GameState;
      this.#state = applyMove(start, move);
      this.#move = move;
      this.#steps = [];
      this.#pick = null;
      this.#afterStep();
    }

    /** A step a rule module added to the turn (The Tower's capture): played, then the turn goes on or ends. */
    #step(move: Move): void {
      const before = this.#state as GameState;
      this.#state = applyMove(before, move);
      this.#steps = [...this.#steps, move];
      this.#notes.push(makeMove(before, move));
      this.#afterStep();
    }

    /** Whether the reader's turn goes on with a rule module's step. */
    #stepping(): boolean {
      const state = this.#state;
      return this.#move !== null && state !== null && state.status === 'playing' && state.step !== 'tile' && state.step !== 'action';
    }

    #afterStep(): void {
      if (this.#steps.length === 0) this.#notes = [makeMove(this.#start as GameState, this.#move as TurnMove)];
      if (this.#stepping()) {
        this.#draw();
        return;
      }
      const start = this.#start as GameState;
      const move = this.#move as TurnMove;
      const steps = this.#steps;
      const solutions = this.#solutions();
      const solved =
        solutions === null
          ? null
          : solutions.some((s) => sameMove(start, s.turn, move) && JSON.stringify(s.steps) === JSON.stringify(steps));
      this.#draw(solved);
      const detail: BoardMoveDetail = { move, steps, notation: this.#notes.join(' & '), solved, state: this.#state as GameState };
      this.dispatchEvent(new CustomEvent('move', { detail }));
    }

    #draw(solved: boolean | null = null): void {
      const state = this.#state as GameState;
      const open = this.hasAttribute('interactive') && this.#move === null && state.status === 'playing' && state.currentTile !== null;
      const size = Number(this.getAttribute('tile-size') ?? 64);
      const options: SvgOptions & { ghost?: SvgOptions['ghost']; spots?: SvgOptions['spots'] } = {
        tileSize: size >= 1 && size <= 1000 ? size : 64,
        coordinates: this.hasAttribute('coordinates'),
        scores: this.hasAttribute('scores'),
        legal: open && this.#pick === null,
        lastMove: this.#move !== null,
      };
      const p = this.#pick;
      const extra =
        p === null
          ? {}
          : {
              ghost: { tile: state.currentTile as string, x: p.x, y: p.y, rotation: p.rotations[p.r] as TurnMove['rotation'] },
              spots: [...new Set(this.#moves().flatMap((m) => (m.meeple ? [m.meeple.at] : [])))].map((at) => ({ x: p.x, y: p.y, at })),
            };
      const shown = state.status === 'playing' ? playerView(state, state.currentPlayer) : state;
      const stepping = this.#stepping();
      const message =
        solved === true
          ? 'Solved!'
          : solved === false
            ? 'That is not the solution.'
            : stepping
              ? 'The turn goes on: choose'
              : this.#move !== null
                ? `Played ${this.#notes.join(' & ')}.`
                : open
                  ? p === null
                    ? `Place ${state.currentTile}: click a dashed cell.`
                    : 'Click the tile to turn it, a numbered ring to put a figure there, or:'
                  : '';
      this.#root.innerHTML = `<style>${STYLE}</style><div class="board">${renderSvg(shown, { ...options, ...extra })}</div><p class="message" role="status"></p><div class="bar"></div>`;
      const text = this.#root.querySelector('.message') as HTMLElement;
      text.textContent = message;
      if (solved !== null) text.dataset.solved = String(solved);
      const bar = this.#root.querySelector('.bar') as HTMLElement;
      const button = (label: string, action: () => void) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.addEventListener('click', action);
        bar.append(b);
        return b;
      };
      if (stepping) for (const m of legalMoves(state)) button(describeMove(state, m), () => this.#step(m)).className = 'step';
      if (p !== null) {
        for (const m of this.#moves().filter((m) => m.meeple === undefined)) {
          // Taking a figure back, a rule module's action (The Tower's floor), or nothing.
          const label = m.recall ? `take the ${figureWord(m.recall)} back` : m.action ? describeMove(state, m.action) : 'no figure';
          button(label, () => this.#play(m)).className = m.action ? 'action' : 'none';
        }
        button('back', () => {
          this.#pick = null;
          this.#draw();
        });
      }
      if (this.#move !== null && this.hasAttribute('interactive')) button('Try again', () => this.#load()).className = 'reset';
      (this.#root.querySelector('svg') as SVGElement).addEventListener('click', (event) => this.#click(event));
    }

    #click(event: Event): void {
      const target = event.target as Element;
      const state = this.#state;
      if (state === null || this.#move !== null || !this.hasAttribute('interactive')) return;
      const spot = target.closest('.spot') as HTMLElement | null;
      if (spot !== null && this.#pick !== null) {
        const move = this.#moves().find((m) => m.meeple?.at === spot.dataset.spot);
        if (move !== undefined) this.#play(move);
        return;
      }
      if (target.closest('.ghost') !== null && this.#pick !== null) {
        this.#pick.r = (this.#pick.r + 1) % this.#pick.rotations.length;
        this.#draw();
        return;
      }
      const cell = target.closest('.legal') as HTMLElement | null;
      if (cell === null) return;
      const x = Number(cell.dataset.x);
      const y = Number(cell.dataset.y);
      const rotations = legalPlacements(state)
        .filter((q) => q.x === x && q.y === y)
        .map((q) => q.rotation);
      if (rotations.length > 0) {
        this.#pick = { x, y, rotations, r: 0 };
        this.#draw();
      }
    }
  };
}
