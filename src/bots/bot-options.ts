import { OptionsError } from '../core/errors.js';
import { show } from '../core/guards.js';
import { LIMITS } from '../core/limits.js';
import { readShallow } from '../core/plain.js';

/** The options of the bots and the analysis that are numbers (each bot checks their ranges). */
const NUMBERS = [
  'iterations',
  'timeMs',
  'exploration',
  'figureRate',
  'candidates',
  'depth',
  'prior',
  'playoutSamples',
  'widen',
  'expandSamples',
  'plies',
  'sliceMs',
  'level',
];

/**
 * A bot's options as data: the object's own properties copied without calling a getter (and its
 * `weights` likewise), or {@link OptionsError} `invalid-bot-option`. Each bot then checks the values.
 */
export function readBotOptions<T extends object>(options: T | undefined): T | undefined {
  const read = readShallow(options, 'bot options');
  if (!read.ok) throw new OptionsError([{ code: 'invalid-bot-option', message: read.message }]);
  const value = read.value as Record<string, unknown> | undefined;
  for (const key of NUMBERS) {
    const v = value?.[key];
    if (v !== undefined && typeof v !== 'number') {
      throw new OptionsError([{ code: 'invalid-bot-option', message: `${key} must be a number, not ${show(v)}` }]);
    }
  }
  const seed = value?.seed;
  if (
    seed !== undefined &&
    !((typeof seed === 'number' && Number.isFinite(seed)) || (typeof seed === 'string' && seed.length <= LIMITS.seedLength))
  ) {
    throw new OptionsError([
      {
        code: 'invalid-bot-option',
        message: `seed must be a finite number or a string of at most ${LIMITS.seedLength} characters, not ${show(seed)}`,
      },
    ]);
  }
  if (value !== undefined && value.weights !== undefined) {
    const weights = readShallow(value.weights, 'weights');
    if (!weights.ok) throw new OptionsError([{ code: 'invalid-bot-option', message: weights.message }]);
    value.weights = weights.value;
  }
  return value as T | undefined;
}
