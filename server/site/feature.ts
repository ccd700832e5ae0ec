import type { Router } from 'express';

import type { ConsoleSection } from '../console/console';
import type { Role } from '../console/roles';
import type { Metrics } from '../http/metrics';
import type { JobPlace } from '../lib/workers';
import type { OutboxKind } from '../outbox/kinds';
import type { KindHooks, SendOutcome } from '../outbox/worker';

/** What a scheduled job returns: main.ts stops it when the server drains. */
interface Running {
  stop(): void | Promise<void>;
}

/** A scheduled job of a feature: what it does (for a reader of main.ts's log), where it runs, how it starts. */
export interface Job {
  what: string;
  place: JobPlace;
  start: () => Running | undefined;
}

/** What the outbox worker (main.ts) does for a feature's messages beside sending them (decision 043). */
interface OutboxPart {
  kinds: readonly OutboxKind[];
  hooks?: Readonly<Record<string, KindHooks>>;
  /** At most this many of a kind a minute, over every process. */
  throttles?: Readonly<Record<string, number>>;
  /** Told of each attempt's outcome, by the message's kind: the feature's own metrics. */
  attempted?: (kind: string, outcome: SendOutcome) => void;
  /**
   * Besides the owner, the console roles that may retry or drop its failed messages: the roles of its own
   * console section (decision 077). None: the owner's alone.
   */
  handledBy?: readonly Role[];
}

/** What the outbox worker (main.ts) is given for every feature together. */
export type OutboxSending = Required<Omit<OutboxPart, 'handledBy'>>;

/**
 * What a feature brings to the site through its one front door (server/<feature>/index.ts); app.ts lists the
 * features in order and mounts what each brings.
 */
export interface Feature {
  /** Paths it answers before the pages: the early not-found answer leaves them to the app (decision 054). */
  paths?: readonly string[];
  /** Its public routes, mounted where app.ts lists the feature. */
  routes?: Router;
  /** Its sections of the staff console, in the header's order. */
  console?: readonly ConsoleSection[];
  /** The messages it queues in the outbox. */
  outbox?: OutboxPart;
  /** Its scheduled jobs, started by main.ts. */
  jobs?: readonly Job[];
}

/**
 * What the outbox worker sends for all the features together: their kinds, hooks and throttles, and each
 * attempt counted by kind in the metrics, then told to the feature that counts its own.
 */
export function outboxOf(features: readonly Feature[], metrics: Metrics): OutboxSending {
  const parts = features.flatMap((feature) => (feature.outbox ? [feature.outbox] : []));
  return {
    kinds: parts.flatMap((part) => part.kinds),
    hooks: Object.assign({}, ...parts.map((part) => part.hooks)),
    throttles: Object.assign({}, ...parts.map((part) => part.throttles)),
    attempted: (kind, outcome) => {
      metrics.outboxSends.inc({ kind, outcome });
      for (const part of parts) part.attempted?.(kind, outcome);
    },
  };
}

/** The roles that may retry or drop a failed message of each kind, the owner's included (decision 077). */
export function outboxHandlers(features: readonly Feature[]): (kind: string) => readonly Role[] {
  const byKind = new Map<string, readonly Role[]>();
  for (const { outbox } of features)
    for (const { name } of outbox?.kinds ?? []) byKind.set(name, ['owner', ...(outbox?.handledBy ?? [])]);
  return (kind) => byKind.get(kind) ?? ['owner'];
}
