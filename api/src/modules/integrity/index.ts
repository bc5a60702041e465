export { DEVICE_ID_HEADER, DEVICE_ID_PATTERN, type OriginHashes, originHashes } from './origin-hash.js';
