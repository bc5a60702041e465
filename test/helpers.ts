// The one import of a test file: the app under test, its factories and Redis helpers.
export * from './context.js';
export * from './demo-data.js';
export * from './factories.js';
export { deleteRedisKeys } from './helpers-redis.js';
export * from './multipart.js';
export * from './quiz-factories.js';
export * from './readers.js';
export * from './sockets.js';
