// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { type DisplaySettings, displayName, publicText } from './display-names.js';
export { dropFromFrozenBoard } from './frozen-boards.js';
export { freezeBoard } from './leaderboards.service.js';
export { getDisplaySettings } from './public-display.service.js';
export {
  findPhaseName,
  previewPhaseRebuild,
  publishLeaderboards,
  rebuildPhase,
  recomputeStandings,
  type StudentStandings,
  standingsOfStudents,
} from './rankings.service.js';
export { markStudentStandingsStale } from './stale-standings.js';
