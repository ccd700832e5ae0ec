import type { NewOutboxMessage, OutboxStore } from './store';

/** How a feature's store queues what one of its records sends, in the transaction that stores the record. */
export interface Delivery<Subject> {
  outbox: OutboxStore;
  /** The messages the record sends, each of a kind its feature registers. */
  messagesFor(subject: Subject): readonly NewOutboxMessage[];
  /** Called once the record and its messages are committed: the worker sends them now. */
  committed(): void;
}
