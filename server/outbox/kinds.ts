/**
 * The ways a message goes out: an e-mail through SMTP, a signed post to the lead webhook, or a signed post to the
 * lab's CRM (decision 081).
 */
export type Channel = 'mail' | 'webhook' | 'crm';

/**
 * One kind of message a feature sends: the name its rows carry and the
 * channel it goes out through. Each feature exports its kinds; the
 * composition root hands them to the worker, which claims no other kind.
 */
export interface OutboxKind {
  readonly name: string;
  readonly channel: Channel;
}
