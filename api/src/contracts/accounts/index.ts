// Not re-exported by the contracts barrel: zod stays out of pages that do not need it.
export * from './cities.js';
export * from './schemas.js';
export type * from './types.js';
