export {
  type DispatchDeps,
  dispatchAfterCommit,
  dispatchOutboxEvent,
  insertOutboxEvent,
  isOutboxEventType,
  type OutboxEvent,
} from './outbox.js';
export { bullPrefix, closeQueues, createQueues, enqueue, type Queues } from './queues.js';
