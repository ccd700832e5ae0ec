/** The alerts' words: what the console's top bar says of each, and the e-mail to ALERT_TO. No lead's or subscriber's details. */
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Every alert e-mail ends alike: where to look, and where the runbook says what to do. */
const footer = (siteUrl: string) => [
  '',
  `The console shows every alert still active at the top of each page: ${siteUrl}/staff/leads`,
  'What each alert means and what to do: docs/operations.md, "Alerts".',
  '',
];

export const alertTexts = {
  outboxFailing: {
    title: (count: number) => `${plural(count, 'message')} failing to go out`,
    meaning: (count: number, tried: number) =>
      `${count} of the ${plural(tried, 'message')} the site tried to send within the hour ${count === 1 ? 'is' : 'are'} failing: the mail server or the webhook may be down.`,
    link: 'Show failed messages',
    subject: (count: number) => `Alert: ${plural(count, 'message')} failing to go out`,
    text: ({ count, tried, minutes, siteUrl }: { count: number; tried: number; minutes: number; siteUrl: string }) =>
      [
        `${count} of the ${plural(tried, 'message')} the site tried to send within the hour (lead notifications, webhooks,`,
        `confirmations, campaigns) ${count === 1 ? 'has' : 'have'} failed for more than ${minutes} minutes, or gave up. The failed ones, their`,
        'reasons, and a button to send each again or drop it:',
        `  ${siteUrl}/staff/outbox`,
        'An address that does not exist is no failure: it is counted as a bounce and raises no alert.',
        ...footer(siteUrl),
      ].join('\n'),
  },
  outboxBouncing: {
    title: (count: number) => `${plural(count, 'address', 'addresses')} refused by the mail server within the hour`,
    meaning:
      'One refused address is a typo and needs nothing. This many at once means the mail server refuses the site’s mail: its replies are in the log (“outbox message bounced”).',
    subject: (count: number) =>
      `Alert: ${plural(count, 'address', 'addresses')} refused by the mail server within the hour`,
    text: ({ count, siteUrl }: { count: number; siteUrl: string }) =>
      [
        `The mail server refused the site's e-mails (newsletter confirmations) to ${plural(count, 'address', 'addresses')} for good within`,
        'the last hour. One such refusal is an address that does not exist: it is counted as a bounce and not',
        'written to again. This many at once usually means the mail server refuses the site itself (its account,',
        'its sending domain, a block list). Its replies are in the site\'s log ("outbox message bounced"); the counts:',
        '  npm run --silent outbox -- status',
        ...footer(siteUrl),
      ].join('\n'),
  },
  staffLocked: {
    title: (email: string) => `Staff sign-in locked for ${email}`,
    meaning: (minutes: number) =>
      `Wrong passwords locked this account for one client, for ${minutes} minutes. If it was not its owner, someone is guessing the password.`,
    subject: (email: string) => `Staff sign-in locked for ${email}`,
    text: ({
      email,
      client,
      siteUrl,
      failures,
      minutes,
    }: {
      email: string;
      client: string;
      siteUrl: string;
      failures: number;
      minutes: number;
    }) =>
      [
        `${failures} wrong passwords in a row were typed for the staff account ${email} on ${siteUrl}, from ${client}`,
        '(a client address: IPv4, or an IPv6 /56).',
        '',
        `Sign-in to this account from there is locked for ${minutes} minutes, and again after each further wrong`,
        'password. From anywhere else the account still signs in as usual.',
        '',
        'If it was the owner, they can wait, or an administrator can lift the lock now:',
        `  npm run --silent staff -- unlock ${email}`,
        `If it was not, someone is guessing the password: consider a new one (staff -- reset ${email}).`,
        ...footer(siteUrl),
      ].join('\n'),
  },
  diskFull: {
    title: (percent: number) => `Disk ${percent}% full`,
    meaning: (limit: number) =>
      `The disk holding the site’s data is above ${limit}%. When it is full, leads can no longer be stored: free space or grow the disk.`,
    subject: (percent: number) => `Alert: the data disk is ${percent}% full`,
    text: ({ percent, limit, siteUrl }: { percent: number; limit: number; siteUrl: string }) =>
      [
        `The disk holding the site's data folder (DATA_DIR) is ${percent}% full; the alert is above ${limit}%.`,
        'When it is full, the database can store no more leads or sign-ups, and backups fail.',
        'Free space (old backups in BACKUP_DIR, logs) or grow the disk.',
        ...footer(siteUrl),
      ].join('\n'),
  },
} as const;
