// What the workers process needs of integrity (package export "@riyazi/api/integrity").
export type { RunProgress } from './integrity-admin.service.js';
export { computePlaySignals, runPhaseSignals } from './integrity.service.js';
