import type { NotationErrorCode, NotationProblem } from '../core/errors.js';

// Reading notation: words with their place in the text, and problems that name it.

/** A word of a text and where it starts (1-based). */
export interface Word {
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

/** The words of one line (split at spaces), from `column` on. */
export function wordsOf(line: string, lineNo: number, column = 1): Word[] {
  const out: Word[] = [];
  for (const m of line.matchAll(/\S+/g)) out.push({ text: m[0], line: lineNo, column: column + (m.index as number) });
  return out;
}

/** A problem at a word (or at the end of `after`, for something missing). */
export function problemAt(
  at: { line: number; column: number },
  move: number | null,
  message: string,
  code: NotationErrorCode = 'invalid-notation',
): NotationProblem {
  return { code, message, line: at.line, column: at.column, move };
}

/** Where the text after a word begins: for "missing …" problems. */
export const after = (w: Word): { line: number; column: number } => ({ line: w.line, column: w.column + w.text.length });
