// What the workers process needs of integrity (package export "@riyazi/api/integrity").

export { computePlaySignals, runPhaseSignals } from './integrity.service.js';
export type { RunProgress } from './integrity-admin.service.js';
