import { conflict } from './errors.js';

/** A played quiz or question keeps its history: it can be deactivated, not deleted (409). */
export function refuseIfPlayed(noun: string, plays: number): void {
  if (plays > 0) {
    throw conflict(
      `This ${noun} has been played ${plays} time${plays === 1 ? '' : 's'}: deactivate it instead`,
    );
  }
}

export type Usage = [count: number, singular: string, plural: string][];

/** 'This grade is used by 12 questions and 2 quizzes: deactivate it instead', or null when unused. */
export function usageMessage(noun: string, usage: Usage, advice = 'deactivate it instead'): string | null {
  const parts = usage.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0) {
    return null;
  }
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `This ${noun} is used by ${list}: ${advice}`;
}
