export {
  type DispatchDeps,
  dispatchAfterCommit,
  dispatchOutboxEvent,
  insertOutboxEvent,
  isOutboxEventType,
  type OutboxEvent,
  outboxEventOf,
  outboxRow,
} from './outbox.js';
export * as outboxRepository from './outbox.repository.js';
export {
  bullPrefix,
  closeQueues,
  createQueues,
  enqueue,
  oldestUnfinishedJobAt,
  oldestWaitingMs,
  type Queues,
} from './queues.js';
