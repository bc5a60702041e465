export * from './auth.js';
export * from './flags.js';
export * from './jobs.js';
export * from './permissions.js';
export * from './socket.js';
