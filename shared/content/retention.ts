/**
 * How long the site keeps what it collects: the privacy policy quotes these
 * numbers and the data retention job deletes by them, so both say the same.
 */
export const retention = {
  /** Contact-form leads, counted from their last status change. */
  leadsMonths: 24,
  /** Newsletter sign-ups never confirmed; also how long the confirmation link works. */
  pendingDays: 7,
  /** Web-vitals counts per day. */
  vitalsDays: 90,
  /** Visitor counts per day (page views, visitors, conversions): 13 months, to compare a month with last year's. */
  analyticsDays: 396,
  /** Failed staff sign-ins (the typed address, the client address), counted from the last attempt. */
  signInFailuresDays: 1,
  /**
   * The site's copy of its e-mails to the team about no lead or subscriber: alerts (a staff sign-in lock names
   * the account and the client address) and campaign tests.
   */
  teamMailDays: 30,
  /** A staff member's two-factor set-up never finished: its secret, counted from its start (decision 071). */
  twoFactorSetUpDays: 1,
  /**
   * The proof of a consent (which notice, when, how; the address only as a keyed hash), counted from the end of
   * the subscription or inquiry it was given for: the SIC's power to sanction lapses 3 years after the facts.
   */
  consentRecordYears: 3,
  /**
   * A subscription bounced out (suppressed after NEWSLETTER_BOUNCE_LIMIT hard bounces), counted from its last
   * bounce: nothing is sent to it, so after this only its suppression hash stays.
   */
  bouncedMonths: 6,
  /** The console's audit log: who on the staff did what, when, to what (decision 072). */
  auditLogYears: 1,
  /** An invitation's link to set a password works this long (decision 070)… */
  staffInviteHours: 72,
  /** …and a reset's link this long; each is kept only as a hash, until used, replaced or out of time. */
  staffResetMinutes: 30,
  /** Form posts held back as likely robots (decision 073), counted from their arrival, unless staff act sooner. */
  quarantineDays: 30,
  /** Back-ups, at most: BACKUP_KEEP × BACKUP_INTERVAL_HOURS may not exceed it (7 daily ones by default). */
  backupDays: 7,
} as const;
