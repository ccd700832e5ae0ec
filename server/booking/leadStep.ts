/**
 * A booked call is its lead's next step, due at its start (decision 082); a cancelled call is no step any more
 * (decision 087). Only a step that is still that call is cleared: one the staff wrote since is theirs.
 */
import type { Queryable } from '../db';
import type { Booking } from './store';

/** The step a booking writes on its lead. */
export const CALL_STEP = 'Intro call';

export const clearCallStep = (tx: Queryable, booking: Booking) =>
  tx.run(
    `UPDATE leads SET next_step = '', next_step_due_at = NULL WHERE id = ? AND next_step = ? AND next_step_due_at = ?`,
    booking.leadId,
    CALL_STEP,
    booking.startAt,
  );
