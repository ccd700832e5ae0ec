/**
 * What every way off the list sets (the reader's link, a provider's complaint, the staff's removal): the
 * time it ended, kept from the first time, and no confirmation link left, so an e-mail from before cannot
 * bring the address back; only a new sign-up's link can. Its one parameter is the time.
 */
export const UNSUBSCRIBE_SET =
  'unsubscribed_at = coalesce(unsubscribed_at, ?), confirmation_token_hash = NULL, confirmation_expires_at = NULL';
