import { FEATURE_KINDS } from '../../core/vocabulary.js';
import { SPOTS } from '../../core/geometry.js';
import {
  type Kernel,
  winnersOf,
  type FeatureRef,
  K_TOKENS,
  K_MODULE,
  type KernelEvent,
  type ScoreRecord,
  isCentreKind,
  K_CITY,
  K_ROAD,
  roadEnds,
  type Ruleset,
} from '../../kernel/index.js';
import { readAttribute, rosterOf } from '../../rules/roster.js';
import type { ModuleApi, RuleModule } from '../../rules/module.js';
import type { FeatureKind } from '../../tiles/tile-types.js';
import { figureNames, figureWord, tokenKinds } from '../options/figure-kinds.js';
import type { FarmerScore, FeatureId, GameEvent, MeepleKind, MeepleOnBoard, ScoredFeature } from '../types.js';
import type { Rotation } from '../../core/geometry.js';

// The words of the game: the events and scorings of the API, written from what the kernel recorded.

/** How the first player was chosen, by the kernel's number (see KernelEvent 'first-chosen'). */
const FIRST_PLAYER_HOW = ['given', 'random', 'draw-roads'] as const;

/** A feature's id: the position and canonical spot of its oldest segment, `"x,y:SPOT"`. */
export function featureIdOf(ref: FeatureRef): FeatureId {
  return `${ref.x},${ref.y}:${SPOTS[ref.spot]}`;
}

/** The token record of token kind g: its key, its kind's name. */
function tokenKind(k: Kernel, g: number): { key: string; name: string; first: number; kinds: readonly string[] } {
  const tk = tokenKinds(k).find((t) => g >= t.first && g < t.first + t.kinds.length) as ReturnType<typeof tokenKinds>[number];
  return { key: tk.key, name: tk.kinds[g - tk.first] as string, first: tk.first, kinds: tk.kinds };
}

/** The events of what kernel `k` recorded in `log` (read right after it was recorded). */
export function describeEvents(k: Kernel, log: readonly KernelEvent[]): GameEvent[] {
  const out: GameEvent[] = [];
  const at = (seg: number) => k.spotOf(seg);
  for (const e of log) {
    switch (e.type) {
      case 'placed':
        out.push({
          type: 'tile-placed',
          player: e.player,
          tile: k.tables.ids[e.tile] as string,
          x: e.x,
          y: e.y,
          rotation: (e.q * 90) as Rotation,
        });
        break;
      case 'deployed':
        out.push({ type: 'meeple-placed', player: e.player, ...figureOf(k, e.figure, e.seg) });
        break;
      case 'scored':
        out.push({ type: 'feature-scored', score: scoredFeature(k, e.score) });
        break;
      case 'returned': {
        const { x, y, at: spot } = at(e.seg);
        out.push({ type: 'meeple-returned', owner: e.owner, kind: figureNames()[e.figure] as MeepleKind, x, y, at: spot });
        break;
      }
      case 'drew':
        break;
      case 'discarded':
        out.push({ type: 'tile-discarded', player: e.player, tile: k.tables.ids[e.tile] as string });
        break;
      case 'put-back':
        out.push({ type: 'tile-returned', player: e.player, tile: k.tables.ids[e.tile] as string });
        break;
      case 'tokens-taken': {
        const { key, kinds } = tokenKind(k, e.first);
        const counts = Object.fromEntries(kinds.map((name, i) => [name, e.counts[i] as number]));
        out.push({ type: `${key}-taken`, player: e.player, city: featureIdOf(e.feature), ...counts } as unknown as GameEvent);
        break;
      }
      case 'lines':
        for (const line of e.lines as readonly FarmerScore[]) out.push({ type: 'feature-scored', score: fieldLine(line, k.turn) });
        break;
      case 'first-chosen':
        out.push({
          type: 'first-player-chosen',
          player: e.player,
          by: FIRST_PLAYER_HOW[e.how] as (typeof FIRST_PLAYER_HOW)[number],
          draws: e.rounds.map((round) => {
            const draws: { player: number; tile: string; roads: number }[] = [];
            for (let i = 0; i < round.length; i += 2) {
              const t = round[i + 1] as number;
              draws.push({ player: round[i] as number, tile: k.tables.ids[t] as string, roads: roadEnds(k.tables, t) });
            }
            return draws;
          }),
        });
        break;
      case 'module': {
        const m = rosterOf(k).modules[e.module] as RuleModule;
        const api = k.rules.ruleset.words.find((w) => w.module === m.name)?.api as ModuleApi;
        const { name, ...fields } = api.event(k, e.name, e.values);
        out.push({ type: 'module', module: m.name, name, ...fields });
        break;
      }
      case 'finished': {
        const scores = Array.from(k.score);
        out.push({ type: 'game-finished', scores, winners: winnersOf(scores) });
        break;
      }
    }
  }
  return out;
}

/** A figure of kernel `k` (its kind code, on segment `seg`) as the API names it: kind, place, feature. */
export function figureOf(k: Kernel, figure: number, seg: number): Omit<MeepleOnBoard, 'owner'> {
  const { x, y, at } = k.spotOf(seg);
  return { kind: figureNames()[figure] as MeepleKind, x, y, at, feature: FEATURE_KINDS[k.kindOf(seg)] as FeatureKind };
}

/** The scorings among events. */
export function scoringsOf(events: readonly GameEvent[]): ScoredFeature[] {
  const out: ScoredFeature[] = [];
  for (const e of events) if (e.type === 'feature-scored') out.push(e.score);
  return out;
}

/** A line of a farmer rule as a scoring of the final scoring. */
function fieldLine(line: FarmerScore, turn: number): ScoredFeature {
  return {
    phase: 'final',
    turn: Math.max(0, turn - 1),
    kind: 'field',
    id: line.id,
    complete: false,
    tiles: line.tiles,
    pennants: 0,
    meeples: line.meeples,
    holders: line.holders,
    points: line.points,
    awarded: line.awarded,
    fields: line.fields,
    cities: line.cities,
    note: line.note,
  };
}

/** A scoring record as the API's scoring line, with its sentence. */
function scoredFeature(k: Kernel, r: ScoreRecord): ScoredFeature {
  if (r.kind === K_MODULE) return moduleLine(k, r);
  const smallCity = k.rules.smallCity;
  const notes = k.rules.ruleset.notes;
  const tokens = r.kind === K_TOKENS;
  const note = tokens ? tokenNote(k, r) : featureNote(k, r, smallCity, notes);
  return lineOf(
    r,
    tokens ? (tokenKind(k, r.ref.spot).key as ScoredFeature['kind']) : (FEATURE_KINDS[r.kind] as FeatureKind),
    tokens ? tokenKind(k, r.ref.spot).name : featureIdOf(r.ref),
    r.recall >= 0 ? `${figureWord(figureNames()[r.recall] as MeepleKind)} taken back: ${note}` : note,
  );
}

/** A scoring record as a scoring line of kind `kind` about `id`, with its sentence. */
function lineOf(r: ScoreRecord, kind: ScoredFeature['kind'], id: string, note: string): ScoredFeature {
  return {
    phase: r.final ? 'final' : 'play',
    turn: r.turn,
    kind,
    id,
    complete: r.complete,
    tiles: r.tiles,
    pennants: r.pennants,
    meeples: r.strengths,
    holders: r.holders,
    points: r.points,
    awarded: r.awarded,
    fields: [],
    cities: [],
    note,
  };
}

/** A line a rule module wrote itself (The Tower's ransom), in its module's words. */
function moduleLine(k: Kernel, r: ScoreRecord): ScoredFeature {
  const line = rosterOf(k).lines[r.ref.spot] as ReturnType<typeof rosterOf>['lines'][number];
  const api = k.rules.ruleset.words.find((w) => w.module === line.module.name)?.api as ModuleApi;
  const { id, note } = api.line(k, r);
  return lineOf(r, line.name, id, note);
}

/** A token majority line: every player tied for the most tokens of the kind scores its points. */
function tokenNote(k: Kernel, r: ScoreRecord): string {
  const { name } = tokenKind(k, r.ref.spot);
  const best = Math.max(0, ...r.strengths);
  if (best === 0) return `${name}: nobody has a token`;
  return `most ${name} tokens (${best}): ${r.points}${r.holders.length > 1 ? ' to each tied player' : ''}`;
}

function featureNote(k: Kernel, r: ScoreRecord, smallCity: 2 | 4, notes: Ruleset['notes']): string {
  const places = rosterOf(k).places;
  const attribute = (name: string) => readAttribute(places.get(name) as NonNullable<ReturnType<typeof places.get>>, r.attrs);
  for (const note of notes) {
    const said = note(r, attribute);
    if (said !== null) return said;
  }
  const tiles = r.tiles.length;
  const { complete, pennants, points } = r;
  const tileWord = tiles === 1 ? 'tile' : 'tiles';
  const pennantPart = pennants > 0 ? ` and ${pennants} pennant${pennants === 1 ? '' : 's'}` : '';
  switch (r.kind) {
    case K_ROAD:
      return `${complete ? 'completed' : 'incomplete'} road of ${tiles} ${tileWord}: 1×${tiles}`;
    case K_CITY:
      if (!complete) return `incomplete city of ${tiles} ${tileWord}${pennantPart}: 1×${tiles}${pennants ? ` + 1×${pennants}` : ''}`;
      if (tiles === 2 && smallCity === 2) {
        return `completed two-tile city${pennantPart} (first-edition rule): 1×2${pennants ? ` + 1×${pennants}` : ''}`;
      }
      return `completed city of ${tiles} ${tileWord}${pennantPart}: 2×${tiles}${pennants ? ` + 2×${pennants}` : ''}`;
    default: {
      if (!isCentreKind(r.kind)) return `${points}`;
      const name = FEATURE_KINDS[r.kind] as string;
      if (complete) return `completed ${name}: 9`;
      const around = r.neighbours;
      return `incomplete ${name} with ${around} neighbour${around === 1 ? '' : 's'}: 1 + ${around}`;
    }
  }
}
