// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).

export {
  contestNotYet,
  contestStageOf,
  endContest,
  lifecycleOfEdit,
  listPhaseContests,
  type PhaseContest,
  phaseContest,
  phaseContestChanged,
  phaseContestState,
  setResultsRelease,
} from './contest-lifecycle.service.js';
export { activeContestPhaseSchema, phaseSchema } from './phases.schemas.js';
export { activeContestPhase, findActiveContestPhase } from './phases.service.js';
