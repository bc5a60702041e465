// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export * as playQuizRepository from './play-quiz.repository.js';
export {
  findFinishedPlay,
  type PlayRescore,
  previewRescore,
  rescoreChanges,
  rescorePlay,
} from './play-rescore.js';
