import { openPostgres } from './postgres';
import { searchIndexes } from './searchIndexes';
import type { SqliteDatabase } from './sqlite';
import { openSqlite } from './sqlite';
import type { DatabaseConfig } from './types';
import type { Database, Engine, Migration } from './types';

export type { SqliteDatabase } from './sqlite';
export { DATABASE_FILE } from './sqlite';
export { timedDatabase } from './timed';
export type { Database, Queryable, SqlValue } from './types';

/**
 * What is counted per UTC day (decision 034): a series (a web vital, the beacons' samples; page views next,
 * decision 035) by label (a route pattern, or "(other)") and device class ("mobile", "desktop"; "" where
 * unknown). `buckets` is a series' histogram, {"bucket": count}; null for a plain count.
 */
const dailyCounts = (json: string, tableOptions: string, histogram: string) => `
  CREATE TABLE daily_counts (
    day TEXT NOT NULL,
    series TEXT NOT NULL,
    label TEXT NOT NULL,
    device TEXT NOT NULL,
    count INTEGER NOT NULL,
    buckets ${json},
    PRIMARY KEY (day, series, label, device)
  )${tableOptions};
  ${vitalsIntoDailyCounts(histogram)}`;

/** The articles' tables (decision 052) on either engine: its id column and its table options. */
const articleTables = (id: string, tableOptions: string) => `
  CREATE TABLE articles (
    id ${id},
    pair_id INTEGER NOT NULL,
    locale TEXT NOT NULL CHECK (locale IN ('en', 'es')),
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    excerpt TEXT NOT NULL,
    category TEXT NOT NULL,
    author TEXT NOT NULL,
    date TEXT NOT NULL,
    featured INTEGER NOT NULL DEFAULT 0,
    image TEXT NOT NULL DEFAULT '',
    image_alt TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'scheduled', 'published', 'unpublished')),
    publish_at TEXT,
    published_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    updated_by TEXT NOT NULL,
    UNIQUE (locale, slug),
    UNIQUE (pair_id, locale)
  )${tableOptions};
  CREATE INDEX articles_due ON articles (state, publish_at);
  CREATE TABLE article_revisions (
    id ${id},
    article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
    saved_at TEXT NOT NULL,
    saved_by TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    fields TEXT NOT NULL
  )${tableOptions};
  CREATE INDEX article_revisions_article ON article_revisions (article_id, id);
  CREATE TABLE article_redirects (
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
    PRIMARY KEY (locale, slug)
  )${tableOptions};
  CREATE TABLE content_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL)${tableOptions};
  INSERT INTO content_versions (name, version) VALUES ('articles', 1);`;

/**
 * The raw vitals rows carried into daily_counts (decision 034), as the beacon now takes them: one of each
 * metric per beacon (a beacon's rows share their time), a plausible value rated as web-vitals rates it, an
 * article under its route's pattern. The bucket is histogram.ts's, the thresholds web-vitals' at the time.
 * `histogram` is the engine's JSON object aggregate.
 */
const vitalsIntoDailyCounts = (histogram: string) => `
  WITH metrics (metric, good, poor, steps, half_unit, most) AS (VALUES
      ('LCP', 2500.0, 4000.0, 5, 0.5, 60000.0), ('INP', 200.0, 500.0, 10, 0.5, 60000.0),
      ('CLS', 0.1, 0.25, 10, 0.005, 10.0), ('FCP', 1800.0, 3000.0, 5, 0.5, 60000.0),
      ('TTFB', 800.0, 1800.0, 9, 0.5, 60000.0)),
    steps AS (SELECT metric, good, poor, half_unit, most, ln(poor / good) / steps AS step FROM metrics),
    scales AS (SELECT *, CAST(floor(ln(half_unit / good) / step) AS INTEGER) AS floor_bucket FROM steps),
    firsts AS (SELECT min(id) AS id FROM vitals GROUP BY received_at, route, metric),
    buckets AS (
      SELECT substr(v.received_at, 1, 10) AS day,
             v.metric AS series,
             CASE WHEN v.route LIKE '/blog/%' THEN '/blog/:slug' WHEN v.route LIKE '/es/blog/%' THEN '/es/blog/:slug'
                  ELSE v.route END AS label,
             coalesce(v.device_class, '') AS device,
             CASE WHEN v.value <= s.good * exp(s.floor_bucket * s.step) THEN s.floor_bucket
                  ELSE CAST(ceil(ln(v.value / s.good) / s.step - 1e-12) AS INTEGER) END AS bucket,
             count(*) AS n
      FROM vitals AS v JOIN scales AS s ON s.metric = v.metric JOIN firsts AS f ON f.id = v.id
      WHERE v.value <= s.most
        AND v.rating = CASE WHEN v.value <= s.good THEN 'good' WHEN v.value <= s.poor THEN 'needs-improvement'
                            ELSE 'poor' END
      GROUP BY 1, 2, 3, 4, 5)
  INSERT INTO daily_counts (day, series, label, device, count, buckets)
  SELECT day, series, label, device, sum(n), ${histogram}(CAST(bucket AS TEXT), n)
  FROM buckets GROUP BY day, series, label, device;
  DROP TABLE vitals;`;

/**
 * The analytics' weekly roll-up (decision 093): a closed week's counts by series, label and device, summed from
 * daily_counts, and the weeks rolled; both go with the week's first day past the retention period.
 */
const weeklyCounts = (include: string, tableOptions: string) => `
  CREATE TABLE weekly_counts (
    week TEXT NOT NULL,
    series TEXT NOT NULL,
    label TEXT NOT NULL,
    device TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (series, week, label, device)${include}
  )${tableOptions};
  CREATE TABLE weekly_counts_rolled (week TEXT PRIMARY KEY)${tableOptions};`;

/** The campaigns table (decision 044); `id` is each engine's never-reused key (decision 033). */
const campaignsTable = (id: string, tableOptions: string) => `
  CREATE TABLE campaigns (
    id ${id},
    created_at TEXT NOT NULL,
    article_id INTEGER,
    subject_en TEXT NOT NULL, preview_en TEXT NOT NULL, body_en TEXT NOT NULL,
    subject_es TEXT NOT NULL, preview_es TEXT NOT NULL, body_es TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'sending')),
    send_at TEXT,
    started_at TEXT,
    queued_through INTEGER NOT NULL DEFAULT 0,
    queued_at TEXT,
    unsubscribes INTEGER NOT NULL DEFAULT 0
  )${tableOptions};`;

/**
 * Visitor analytics (decision 046): each day's secret salt, shared by the instances and deleted once the day is
 * over, and the hashes of the day's visitors (and of visitor and page), so that a visitor counts once a day;
 * both go with their day, the counts stay in daily_counts. A lead's and a sign-up's source (decision 047): the
 * visit's first and last touch, the form's page and the pages seen before, as JSON, and the first touch's source
 * and campaign as columns to filter and report by; with a lead, personal data.
 */
const analytics = (tableOptions: string) => `
  CREATE TABLE analytics_salts (day TEXT PRIMARY KEY, salt TEXT NOT NULL)${tableOptions};
  CREATE TABLE analytics_visitors (day TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (day, hash))${tableOptions};
  ALTER TABLE leads ADD COLUMN attribution TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE leads ADD COLUMN source TEXT NOT NULL DEFAULT '';
  ALTER TABLE leads ADD COLUMN campaign TEXT NOT NULL DEFAULT '';
  CREATE INDEX leads_source ON leads (source, campaign, received_at);
  ALTER TABLE subscribers ADD COLUMN attribution TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE subscribers ADD COLUMN source TEXT NOT NULL DEFAULT '';`;

const quarantineTables = (id: string, options: string, bigint: string) => `
  CREATE TABLE form_quarantine (
    id ${id},
    form TEXT NOT NULL,
    received_at TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    payload TEXT NOT NULL,
    reasons TEXT NOT NULL,
    score INTEGER NOT NULL
  )${options};
  CREATE INDEX form_quarantine_received ON form_quarantine (received_at);
  CREATE TABLE form_proofs_used (signature TEXT PRIMARY KEY, expires_at ${bigint} NOT NULL)${options};`;

/**
 * Decision 072: a session keeps the browser's user agent (its device and browser, shown to its person) and, once
 * ended, stays a day as a tombstone (ended_at), so a form posted from it can be kept for its person; a kept form
 * is encrypted with the key in its browser's cookie; the audit log is append-only, and only rows past its year
 * (less a day for clocks that differ) may be deleted: the retention job's delete.
 */
const staffAudit = (id: string, tableOptions: string, appendOnly: string) => `
  ALTER TABLE staff_sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
  ALTER TABLE staff_sessions ADD COLUMN ended_at TEXT;
  CREATE TABLE staff_kept_forms (
    id TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
    sealed TEXT NOT NULL,
    expires_at TEXT NOT NULL
  )${tableOptions};
  CREATE TABLE audit_log (
    id ${id},
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    object TEXT NOT NULL,
    detail TEXT NOT NULL
  )${tableOptions};
  CREATE INDEX audit_log_at ON audit_log (at);
  CREATE INDEX audit_log_actor ON audit_log (actor, at);
  ${appendOnly}`;

/**
 * The audit log's rows that may be deleted, by the database's own clock: those older than a year, less a day for
 * clocks that differ (decision 072). The triggers refuse any other delete, and the retention job asks for no other.
 */
export const auditLogDeletable: Record<Engine, string> = {
  sqlite: "at < strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-1 year', '+1 day')",
  postgres: `at < to_char((now() - interval '1 year' + interval '1 day') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

const sqliteAppendOnly = `
  CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
  CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
  WHEN NOT (OLD.${auditLogDeletable.sqlite})
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only: only rows past a year go'); END;`;

const postgresAppendOnly = `
  CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      IF OLD.${auditLogDeletable.postgres} THEN RETURN OLD;
      END IF;
    END IF;
    RAISE EXCEPTION 'the audit log is append-only: only rows past a year go';
  END $$;
  CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
  CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();`;

/**
 * Decision 079: a lead's owner (a staff member's address, copied like a note's author, so the record outlives the
 * account), its next step and when it is due (UTC), and what it came to: won with a plan, a monthly value in whole
 * dollars and a start day, or lost with a reason. A note's earlier wordings are kept, each with who replaced it.
 */
const leadPipeline = (id: string, tableOptions: string) => `
  ALTER TABLE leads ADD COLUMN owner TEXT NOT NULL DEFAULT '';
  ALTER TABLE leads ADD COLUMN next_step TEXT NOT NULL DEFAULT '';
  ALTER TABLE leads ADD COLUMN next_step_due_at TEXT;
  ALTER TABLE leads ADD COLUMN deal_plan TEXT NOT NULL DEFAULT '';
  ALTER TABLE leads ADD COLUMN deal_monthly INTEGER;
  ALTER TABLE leads ADD COLUMN deal_start TEXT;
  ALTER TABLE leads ADD COLUMN lost_reason TEXT NOT NULL DEFAULT '';
  CREATE INDEX leads_owner ON leads (owner, status);
  CREATE INDEX leads_next_step_due ON leads (next_step_due_at);
  CREATE TABLE lead_note_edits (
    id ${id},
    note_id INTEGER NOT NULL REFERENCES lead_notes (id) ON DELETE CASCADE,
    edited_at TEXT NOT NULL,
    staff_email TEXT NOT NULL,
    previous_body TEXT NOT NULL
  )${tableOptions};
  CREATE INDEX lead_note_edits_note ON lead_note_edits (note_id);`;

/** A random UUID (version 4, RFC 9562) in SQLite's SQL, new at each row it is evaluated for. */
const sqliteUuid = `lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
  || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1)
  || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;

/**
 * Decision 082: the intro calls visitors book. A booking holds its person from its start to the end of the buffer
 * after it (block_end_at); times are ISO 8601 UTC text, as everywhere. Held and confirmed bookings of one person
 * never overlap, and the database says so: SQLite checks in the booking's immediate transaction, with triggers as
 * the backstop; PostgreSQL has an exclusion constraint. A booking's manage links are signed with its own secret.
 */
const bookingTables = (id: string, tableOptions: string) => `
  CREATE TABLE bookings (
    id ${id},
    uid TEXT NOT NULL UNIQUE,
    person_id INTEGER NOT NULL,
    person_email TEXT NOT NULL,
    lead_id INTEGER,
    status TEXT NOT NULL CHECK (status IN ('held', 'confirmed', 'cancelled')),
    start_at TEXT NOT NULL,
    end_at TEXT NOT NULL,
    block_end_at TEXT NOT NULL,
    sequence INTEGER NOT NULL DEFAULT 0,
    office TEXT NOT NULL,
    topic TEXT NOT NULL,
    locale TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    company TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )${tableOptions};
  CREATE INDEX bookings_person_start ON bookings (person_id, start_at);
  CREATE INDEX bookings_start ON bookings (start_at);
  CREATE INDEX bookings_email ON bookings (email);`;

const sqliteBookingGuard = `
  CREATE TRIGGER bookings_no_overlap BEFORE INSERT ON bookings
  WHEN NEW.status IN ('held', 'confirmed') AND EXISTS (
    SELECT 1 FROM bookings WHERE person_id = NEW.person_id AND status IN ('held', 'confirmed')
      AND start_at < NEW.block_end_at AND NEW.start_at < block_end_at)
  BEGIN SELECT RAISE(ABORT, 'booking overlaps another'); END;
  CREATE TRIGGER bookings_no_overlap_moved BEFORE UPDATE OF person_id, status, start_at, block_end_at ON bookings
  WHEN NEW.status IN ('held', 'confirmed') AND EXISTS (
    SELECT 1 FROM bookings WHERE id <> NEW.id AND person_id = NEW.person_id AND status IN ('held', 'confirmed')
      AND start_at < NEW.block_end_at AND NEW.start_at < block_end_at)
  BEGIN SELECT RAISE(ABORT, 'booking overlaps another'); END;
  INSERT OR IGNORE INTO settings (key, value) VALUES ('booking_link_secret', lower(hex(randomblob(32))));`;

// The text always ends in "Z", so reading it as a timestamptz depends on no session setting: immutable in fact.
const postgresBookingGuard = `
  CREATE EXTENSION IF NOT EXISTS btree_gist;
  CREATE FUNCTION booking_instant(text) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$ SELECT $1::timestamptz $$;
  ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (
    person_id WITH =, tstzrange(booking_instant(start_at), booking_instant(block_end_at), '[)') WITH &&
  ) WHERE (status IN ('held', 'confirmed'));
  INSERT INTO settings (key, value) VALUES
    ('booking_link_secret', encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex'))
  ON CONFLICT (key) DO NOTHING;`;

const bookingFeeds = `CREATE TABLE booking_feeds (
    person_id INTEGER PRIMARY KEY REFERENCES staff_accounts (id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    busy TEXT NOT NULL DEFAULT '[]',
    read_at TEXT,
    failing_since TEXT,
    problem TEXT NOT NULL DEFAULT '',
    alerted_at TEXT
  )`;

/**
 * Decision 095: a campaign's messages by its id, through an index (its figures, a cancel's withdrawal), rather than
 * by their once-only key's prefix, which neither engine's index serves. The messages queued before take theirs
 * from that key ("campaign:<id>:<subscriber>"). A lead's bookings by its id: the funnel counts each lead's.
 */
export const campaignMessagesById: Migration = {
  sqlite: `ALTER TABLE outbox ADD COLUMN campaign_id INTEGER;
    UPDATE outbox SET campaign_id = CAST(substr(dedupe_key, 10, instr(substr(dedupe_key, 10), ':') - 1) AS INTEGER)
    WHERE dedupe_key LIKE 'campaign:%:%';
    CREATE INDEX outbox_campaign ON outbox (campaign_id, status) WHERE campaign_id IS NOT NULL;
    CREATE INDEX bookings_lead ON bookings (lead_id);`,
  postgres: `ALTER TABLE outbox ADD COLUMN campaign_id INTEGER;
    UPDATE outbox SET campaign_id = split_part(dedupe_key, ':', 2)::integer WHERE dedupe_key LIKE 'campaign:%:%';
    CREATE INDEX outbox_campaign ON outbox (campaign_id, status) WHERE campaign_id IS NOT NULL;
    CREATE INDEX bookings_lead ON bookings (lead_id);`,
};

/**
 * Each entry runs once, in order, inside a transaction; append, never edit.
 * A new entry is one string when the same SQL runs on both engines (ALTER
 * TABLE … ADD COLUMN, CREATE INDEX), or `{ sqlite, postgres }` where they differ.
 * The first POSTGRES_BASELINE entries are SQLite's own: on PostgreSQL, the
 * baseline in postgresSchema.ts stands for them. SQLite runs them
 * with foreign keys off (a rebuilt table keeps its children) and checks the
 * keys before each step commits.
 */
export const migrations: readonly Migration[] = [
  // Contact form leads, and the salt that makes the stored client-address hashes unlinkable elsewhere.
  `CREATE TABLE leads (
     id INTEGER PRIMARY KEY,
     received_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     company TEXT NOT NULL DEFAULT '',
     phone TEXT NOT NULL DEFAULT '',
     service TEXT NOT NULL DEFAULT '',
     message TEXT NOT NULL,
     client_hash TEXT NOT NULL,
     user_agent TEXT NOT NULL DEFAULT ''
   ) STRICT;
   CREATE INDEX leads_received_at ON leads (received_at);
   CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
   INSERT OR IGNORE INTO settings (key, value) VALUES ('client_hash_salt', lower(hex(randomblob(32))));`,
  `-- The newsletter list: one row per address, whatever its case.
  CREATE TABLE subscribers (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(email) <= 254),
    created_at TEXT NOT NULL
  )`,
  `-- Field speed: what visitors' browsers measured, per page. No address, no identifier.
  CREATE TABLE vitals (
    id INTEGER PRIMARY KEY,
    received_at TEXT NOT NULL,
    route TEXT NOT NULL,
    metric TEXT NOT NULL,
    value REAL NOT NULL,
    rating TEXT NOT NULL,
    navigation_type TEXT
  ) STRICT;
  CREATE INDEX vitals_received_at ON vitals (received_at);`,
  `-- The outbox: every message the site sends (lead notifications, webhooks, newsletter
  -- confirmations) is a row written in the same transaction as what it is about, then sent
  -- at least once by a worker that leases it. status: queued, sent or failed.
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    lead_id INTEGER REFERENCES leads (id) ON DELETE CASCADE,
    subscriber_id INTEGER REFERENCES subscribers (id) ON DELETE CASCADE,
    payload TEXT NOT NULL,
    message_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at TEXT NOT NULL,
    next_attempt_at TEXT NOT NULL,
    lease_until TEXT,
    sent_at TEXT
  ) STRICT;
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  CREATE INDEX outbox_lead ON outbox (lead_id);
  -- Newsletter consent: an address is pending until its link is opened (confirmed_at),
  -- and stays on record once unsubscribed (unsubscribed_at), as proof of consent.
  ALTER TABLE subscribers ADD COLUMN confirmed_at TEXT;
  ALTER TABLE subscribers ADD COLUMN unsubscribed_at TEXT;
  ALTER TABLE subscribers ADD COLUMN confirmation_sent_at TEXT;
  -- Addresses that were here before double opt-in signed up under the old single opt-in.
  UPDATE subscribers SET confirmed_at = created_at;`,
  `-- A confirmation link's token is kept only as its SHA-256, with the time it stops working;
  -- both are cleared when the link is used.
  ALTER TABLE subscribers ADD COLUMN confirmation_token_hash TEXT;
  ALTER TABLE subscribers ADD COLUMN confirmation_expires_at TEXT;
  CREATE UNIQUE INDEX subscribers_confirmation_token ON subscribers (confirmation_token_hash);
  -- The key that signs unsubscribe links: a link works for its own address only and cannot be guessed.
  INSERT OR IGNORE INTO settings (key, value) VALUES ('unsubscribe_secret', lower(hex(randomblob(32))));`,
  `-- The staff console. Accounts are made from the command line only; the password is an
  -- scrypt hash with its own salt and the parameters it was made with (so they can grow).
  CREATE TABLE staff_accounts (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL COLLATE NOCASE UNIQUE,
    password_hash TEXT NOT NULL,
    password_salt TEXT NOT NULL,
    password_params TEXT NOT NULL,
    created_at TEXT NOT NULL,
    password_changed_at TEXT NOT NULL,
    disabled_at TEXT
  ) STRICT;
  -- Failed sign-ins per e-mail address (known or not, so the answers cannot tell them apart)
  -- and per client address: backoff after a few, and for an address a lock-out the CLI clears.
  CREATE TABLE staff_sign_in_failures (
    key TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,
    last_failure_at TEXT NOT NULL,
    locked_at TEXT
  ) STRICT;
  -- Server-side sessions: the id is the SHA-256 of the cookie's random token, so a copy
  -- of the database holds no usable cookie. csrf_token goes into the console's forms.
  CREATE TABLE staff_sessions (
    id TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX staff_sessions_account ON staff_sessions (account_id);
  -- Where each lead stands. status_changed_at starts at received_at (the trigger fills it
  -- for rows inserted without it): leads are kept for a time after their last change.
  ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'contacted', 'won', 'lost', 'spam'));
  ALTER TABLE leads ADD COLUMN status_changed_at TEXT;
  UPDATE leads SET status_changed_at = received_at;
  CREATE TRIGGER leads_status_changed_at AFTER INSERT ON leads WHEN NEW.status_changed_at IS NULL
  BEGIN
    UPDATE leads SET status_changed_at = NEW.received_at WHERE id = NEW.id;
  END;
  CREATE INDEX leads_status ON leads (status, received_at);
  -- Who moved a lead, when, from what to what; and the staff's notes. The author's e-mail is
  -- copied, so the record outlives the account.
  CREATE TABLE lead_events (
    id INTEGER PRIMARY KEY,
    lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    staff_email TEXT NOT NULL,
    at TEXT NOT NULL,
    from_status TEXT NOT NULL,
    to_status TEXT NOT NULL
  ) STRICT;
  CREATE INDEX lead_events_lead ON lead_events (lead_id);
  CREATE TABLE lead_notes (
    id INTEGER PRIMARY KEY,
    lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    staff_email TEXT NOT NULL,
    created_at TEXT NOT NULL,
    body TEXT NOT NULL
  ) STRICT;
  CREATE INDEX lead_notes_lead ON lead_notes (lead_id);
  -- Field speed by kind of visit: the browser's effective connection type and a coarse
  -- device class (mobile or desktop). Still nothing that identifies a visitor.
  ALTER TABLE vitals ADD COLUMN connection_type TEXT;
  ALTER TABLE vitals ADD COLUMN device_class TEXT;
  CREATE INDEX vitals_route_metric ON vitals (route, metric, received_at);`,
  `-- Addresses the site must not write to again unless their owner signs up and confirms anew:
  -- unsubscribed or erased, kept only as a keyed hash (never the address).
  CREATE TABLE suppressions (
    hash TEXT PRIMARY KEY,
    created_at TEXT NOT NULL
  ) STRICT;`,
  `-- The rate limits' counters when every instance must share them (PostgreSQL): one row per client and limit.
  CREATE TABLE rate_limit_hits (
    key TEXT PRIMARY KEY,
    hits INTEGER NOT NULL,
    reset_at BIGINT NOT NULL
  )`,
  `-- The language a lead wrote in (the page's): the team answers in it.
  ALTER TABLE leads ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';`,
  `-- The language a newsletter address signed up in: its e-mails are written in it.
  ALTER TABLE subscribers ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';`,
  {
    // Sign-in attempts are reserved before the password is checked (decision 030): one row per client,
    // per typed address and per address with client; times in epoch milliseconds. The old table's
    // locks never expired: they are dropped with it.
    sqlite: `CREATE TABLE staff_sign_in_attempts (
      key TEXT PRIMARY KEY,
      email TEXT,
      failures INTEGER NOT NULL,
      last_at INTEGER NOT NULL,
      open_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX staff_sign_in_attempts_email ON staff_sign_in_attempts (email);
    CREATE INDEX staff_sign_in_attempts_last_at ON staff_sign_in_attempts (last_at);
    DROP TABLE staff_sign_in_failures;`,
    postgres: `CREATE TABLE staff_sign_in_attempts (
      key TEXT PRIMARY KEY,
      email TEXT,
      failures INTEGER NOT NULL,
      last_at BIGINT NOT NULL,
      open_at BIGINT NOT NULL
    );
    CREATE INDEX staff_sign_in_attempts_email ON staff_sign_in_attempts (email);
    CREATE INDEX staff_sign_in_attempts_last_at ON staff_sign_in_attempts (last_at);
    DROP TABLE staff_sign_in_failures;`,
  },
  {
    // Corrections of a lead at its owner's request: when, and which fields (comma-separated).
    // The old values are not kept: they are what the owner asked to have replaced.
    sqlite: `CREATE TABLE lead_corrections (
      id INTEGER PRIMARY KEY,
      lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      at TEXT NOT NULL,
      fields TEXT NOT NULL
    ) STRICT;
    CREATE INDEX lead_corrections_lead ON lead_corrections (lead_id);`,
    postgres: `CREATE TABLE lead_corrections (
      id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      at TEXT NOT NULL,
      fields TEXT NOT NULL
    );
    CREATE INDEX lead_corrections_lead ON lead_corrections (lead_id);`,
  },
  // Field speed as counts and histograms per day instead of a row per sample (decision 034; page views
  // will count in the same table, decision 035). The old rows are carried over, then dropped.
  {
    sqlite: dailyCounts('TEXT', ' STRICT, WITHOUT ROWID', 'json_group_object'),
    postgres: dailyCounts('JSONB', '', 'jsonb_object_agg'),
  },
  {
    sqlite: `-- An id is never handed out twice (AUTOINCREMENT), so a link or a bookmark to a deleted lead or
    -- subscriber can never reach a later one (decision 033). SQLite must rebuild a table to say so; the rows
    -- keep their ids, and their notes, history and messages stay attached.
    CREATE TABLE leads_new (
      id INTEGER PRIMARY KEY AUTOINCREMENT, received_at TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
      company TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '', service TEXT NOT NULL DEFAULT '',
      message TEXT NOT NULL, client_hash TEXT NOT NULL, user_agent TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'won', 'lost', 'spam')),
      status_changed_at TEXT, locale TEXT NOT NULL DEFAULT 'en'
    ) STRICT;
    INSERT INTO leads_new SELECT id, received_at, name, email, company, phone, service, message, client_hash,
      user_agent, status, status_changed_at, locale FROM leads;
    DROP TABLE leads;
    ALTER TABLE leads_new RENAME TO leads;
    CREATE INDEX leads_received_at ON leads (received_at);
    CREATE INDEX leads_status ON leads (status, received_at);
    CREATE TRIGGER leads_status_changed_at AFTER INSERT ON leads WHEN NEW.status_changed_at IS NULL
    BEGIN
      UPDATE leads SET status_changed_at = NEW.received_at WHERE id = NEW.id;
    END;
    CREATE TABLE subscribers_new (
      id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(email) <= 254),
      created_at TEXT NOT NULL, confirmed_at TEXT, unsubscribed_at TEXT, confirmation_sent_at TEXT,
      confirmation_token_hash TEXT, confirmation_expires_at TEXT, locale TEXT NOT NULL DEFAULT 'en'
    );
    INSERT INTO subscribers_new SELECT id, email, created_at, confirmed_at, unsubscribed_at, confirmation_sent_at,
      confirmation_token_hash, confirmation_expires_at, locale FROM subscribers;
    DROP TABLE subscribers;
    ALTER TABLE subscribers_new RENAME TO subscribers;
    CREATE UNIQUE INDEX subscribers_confirmation_token ON subscribers (confirmation_token_hash);`,
    postgres: `-- Identity columns never hand out an id twice: PostgreSQL's leads and subscribers already behave so.
    SELECT 1`,
  },
  `-- The rate limits' keys are salted hashes from now on (decision 033): the counts kept so far name client
  -- addresses, and a count lasts a minute, so they all go.
  DELETE FROM rate_limit_hits;`,
  `-- The alerts' cool-down (decision 041): one row per cause with the time its last e-mail was queued. A
  -- conditional upsert claims the next one, so two instances never both send it. The lock alert is now one
  -- of them: a lock e-mail still waiting goes out under the alerts' kind.
  CREATE TABLE alerts_fired (
    cause TEXT PRIMARY KEY,
    fired_at TEXT NOT NULL
  );
  UPDATE outbox SET kind = 'alert' WHERE kind = 'staff-sign-in-lock';`,
  {
    // The outbox learns what a newsletter campaign needs (decision 043): a priority (urgent 0 before bulk 1),
    // a once-only key (one message per campaign and subscriber), and "skipped" for a message its feature
    // found, at sending time, must not go out. SQLite rebuilds the table to widen the status check.
    sqlite: `CREATE TABLE outbox_new (
      id INTEGER PRIMARY KEY, kind TEXT NOT NULL,
      lead_id INTEGER REFERENCES leads (id) ON DELETE CASCADE,
      subscriber_id INTEGER REFERENCES subscribers (id) ON DELETE CASCADE,
      payload TEXT NOT NULL, message_id TEXT NOT NULL UNIQUE,
      status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'skipped')),
      attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, created_at TEXT NOT NULL,
      next_attempt_at TEXT NOT NULL, lease_until TEXT, sent_at TEXT,
      priority INTEGER NOT NULL DEFAULT 0, dedupe_key TEXT UNIQUE
    ) STRICT;
    INSERT INTO outbox_new (id, kind, lead_id, subscriber_id, payload, message_id, status, attempts, last_error,
      created_at, next_attempt_at, lease_until, sent_at)
    SELECT id, kind, lead_id, subscriber_id, payload, message_id, status, attempts, last_error, created_at,
      next_attempt_at, lease_until, sent_at FROM outbox;
    DROP TABLE outbox;
    ALTER TABLE outbox_new RENAME TO outbox;
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    CREATE INDEX outbox_lead ON outbox (lead_id);
    CREATE INDEX outbox_subscriber ON outbox (subscriber_id);`,
    postgres: `ALTER TABLE outbox DROP CONSTRAINT outbox_status_check;
    ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN ('queued', 'sent', 'failed', 'skipped'));
    ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE outbox ADD COLUMN dedupe_key TEXT UNIQUE;`,
  },
  `-- A throttled kind's send slots, shared by every instance (decision 043): when its next message may go,
  -- in epoch milliseconds.
  CREATE TABLE outbox_throttles (
    name TEXT PRIMARY KEY,
    next_at BIGINT NOT NULL
  );
  -- Permanent refusals (5xx) of a newsletter address, and when the last came (decision 044).
  ALTER TABLE subscribers ADD COLUMN hard_bounces INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE subscribers ADD COLUMN bounced_at TEXT;`,
  // Newsletter campaigns (decision 044): the text in both languages, when it goes, and how far its
  // recipients are queued (subscriber ids up to queued_through), so a restart resumes the queueing.
  {
    sqlite: campaignsTable('INTEGER PRIMARY KEY AUTOINCREMENT', ' STRICT'),
    postgres: campaignsTable('INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY', ''),
  },
  // Visitor analytics (decision 046) and where a lead or a sign-up came from (decision 047).
  { sqlite: analytics(' STRICT, WITHOUT ROWID'), postgres: analytics('') },
  // Articles written in the console (decision 052): a row per language version, a pair sharing pair_id;
  // every save's revision; the old slugs of published articles; one version number per kind of content.
  {
    sqlite: articleTables('INTEGER PRIMARY KEY AUTOINCREMENT', ' STRICT'),
    postgres: articleTables('INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY', ''),
  },
  // Images uploaded for articles (decision 052), where every instance sees them: each AVIF and WebP width,
  // as base64 text on both engines, by the hash of the upload's bytes (the same upload is kept once).
  `CREATE TABLE article_images (
     hash TEXT PRIMARY KEY,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     created_by TEXT NOT NULL
   );
   CREATE TABLE article_image_files (
     hash TEXT NOT NULL REFERENCES article_images (hash) ON DELETE CASCADE,
     format TEXT NOT NULL CHECK (format IN ('avif', 'webp')),
     width INTEGER NOT NULL,
     body TEXT NOT NULL,
     PRIMARY KEY (hash, format, width)
   );`,
  `-- Erasures at their owners' request (decision 062): the address's keyed hash (the suppression list's), when,
  -- and the leads it deleted as [id, received_at] (a lead's address may have been corrected since an older
  -- back-up), so that restoring a back-up applies each erasure again. Kept as long as the suppression list.
  CREATE TABLE erasures (
    hash TEXT NOT NULL,
    erased_at TEXT NOT NULL,
    leads TEXT NOT NULL,
    PRIMARY KEY (hash, erased_at)
  );`,
  {
    // "bounced": the mail server refused an address people typed for good (decision 063), which is the
    // address's doing, not an outage. SQLite rebuilds the table to widen the status check.
    sqlite: `CREATE TABLE outbox_new (
      id INTEGER PRIMARY KEY, kind TEXT NOT NULL,
      lead_id INTEGER REFERENCES leads (id) ON DELETE CASCADE,
      subscriber_id INTEGER REFERENCES subscribers (id) ON DELETE CASCADE,
      payload TEXT NOT NULL, message_id TEXT NOT NULL UNIQUE,
      status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'skipped', 'bounced')),
      attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, created_at TEXT NOT NULL,
      next_attempt_at TEXT NOT NULL, lease_until TEXT, sent_at TEXT,
      priority INTEGER NOT NULL DEFAULT 0, dedupe_key TEXT UNIQUE
    ) STRICT;
    INSERT INTO outbox_new SELECT id, kind, lead_id, subscriber_id, payload, message_id, status, attempts, last_error,
      created_at, next_attempt_at, lease_until, sent_at, priority, dedupe_key FROM outbox;
    DROP TABLE outbox;
    ALTER TABLE outbox_new RENAME TO outbox;
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    CREATE INDEX outbox_lead ON outbox (lead_id);
    CREATE INDEX outbox_subscriber ON outbox (subscriber_id);`,
    postgres: `ALTER TABLE outbox DROP CONSTRAINT outbox_status_check;
    ALTER TABLE outbox ADD CONSTRAINT outbox_status_check
      CHECK (status IN ('queued', 'sent', 'failed', 'skipped', 'bounced'));`,
  },
  `-- A sign-up's unsubscribe link works for CASL's 60 days after its e-mail, past the purge of a sign-up never
  -- confirmed (decision 063): by subscriber id, the hash of its token and the address's keyed hash (the
  -- suppression list's), until a time; deleted on confirmation, at that time, or with an erasure.
  CREATE TABLE unsubscribe_links (
    subscriber_id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL,
    suppression_hash TEXT NOT NULL,
    valid_until TEXT NOT NULL
  );`,
  `-- Visitors' and leads' client hashes are keyed with ANALYTICS_KEY, outside the database (decision 065). The day's
  -- hashes kept so far include each visitor's own hash, beside its pages', and the leads' client hashes can be
  -- worked back to an address with the salt in settings: both go.
  DELETE FROM analytics_visitors;
  UPDATE leads SET client_hash = '';`,
  `-- A campaign announces a published article, with the lab's short note above it in each language (decision 067):
  -- readers agreed to new articles and nothing else. One scheduled without an article goes back to draft.
  ALTER TABLE campaigns ADD COLUMN note_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE campaigns ADD COLUMN note_es TEXT NOT NULL DEFAULT '';
  UPDATE campaigns SET status = 'draft', send_at = NULL WHERE status = 'scheduled' AND article_id IS NULL;`,
  `-- The consent ledger (decision 067): one row per consent given to the newsletter (at its confirmation) or with a
  -- contact-form lead, under the address's keyed hash (the suppression list's): the notice version shown, the
  -- language, how it was given, when it was asked for and given, and when its subscription or lead ended. It
  -- outlives them by 3 years. Subscriptions and leads carry the notice and the channel of their own consent.
  CREATE TABLE consents (
    purpose TEXT NOT NULL CHECK (purpose IN ('newsletter', 'lead')),
    record_id INTEGER NOT NULL,
    hash TEXT NOT NULL,
    notice TEXT NOT NULL,
    locale TEXT NOT NULL,
    channel TEXT NOT NULL,
    asked_at TEXT NOT NULL,
    given_at TEXT NOT NULL,
    ended_at TEXT,
    PRIMARY KEY (purpose, record_id, given_at)
  );
  CREATE INDEX consents_hash ON consents (hash);
  ALTER TABLE subscribers ADD COLUMN notice TEXT NOT NULL DEFAULT '';
  ALTER TABLE subscribers ADD COLUMN consent_channel TEXT NOT NULL DEFAULT '';
  ALTER TABLE leads ADD COLUMN notice TEXT NOT NULL DEFAULT '';
  ALTER TABLE leads ADD COLUMN consent_channel TEXT NOT NULL DEFAULT '';`,
  `-- Staff are people with a role (decision 069): the name the console shows for what they did, their office,
  -- the languages they take calls in (a JSON list), their IANA time zone and working hours per weekday (JSON).
  -- A new account is sales, the least it can be; every account made before roles existed could do everything.
  ALTER TABLE staff_accounts ADD COLUMN name TEXT NOT NULL DEFAULT '';
  ALTER TABLE staff_accounts ADD COLUMN office TEXT NOT NULL DEFAULT 'Miami';
  ALTER TABLE staff_accounts ADD COLUMN languages TEXT NOT NULL DEFAULT '["en"]';
  ALTER TABLE staff_accounts ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'America/New_York';
  ALTER TABLE staff_accounts ADD COLUMN hours TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE staff_accounts ADD COLUMN role TEXT NOT NULL DEFAULT 'sales' CHECK (role IN ('owner', 'editor', 'sales'));
  UPDATE staff_accounts SET role = 'owner';`,
  `-- Two-factor sign-in (decision 071): a person's TOTP secret (sealed with a key kept outside the database when
  -- the site has one), unconfirmed until a first code is entered, with the last time step accepted so a code is
  -- never taken twice (a set-up never confirmed is deleted a day after it started); their recovery codes as SHA-256 hashes, each used once. A session that passed the password
  -- but not yet the second step is pending, and opens nothing but that step. Requiring two factors for everyone
  -- is a row of settings.
  CREATE TABLE staff_totp (
    account_id INTEGER PRIMARY KEY REFERENCES staff_accounts (id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    started_at TEXT NOT NULL,
    confirmed_at TEXT,
    last_step BIGINT NOT NULL DEFAULT 0
  );
  CREATE TABLE staff_recovery_codes (
    account_id INTEGER NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
    hash TEXT NOT NULL,
    used_at TEXT,
    PRIMARY KEY (account_id, hash)
  );
  ALTER TABLE staff_sessions ADD COLUMN pending INTEGER NOT NULL DEFAULT 0;`,
  // Staff sessions a person can list and end, forms kept across a sign-in, and the audit log (decision 072).
  {
    sqlite: staffAudit('INTEGER PRIMARY KEY AUTOINCREMENT', ' STRICT', sqliteAppendOnly),
    postgres: staffAudit('INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY', '', postgresAppendOnly),
  },
  `-- Invitations and password resets by e-mail (decision 070). A link's token is an id and a secret; only the
  -- secret's SHA-256 is kept, with the time the link stops working. One link per account and purpose: a new one
  -- replaces it, and it is deleted once used. An invited account (invited_at) has no password until its link is used.
  CREATE TABLE staff_links (
    id TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('invite', 'reset')),
    secret_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    UNIQUE (account_id, purpose)
  );
  CREATE INDEX staff_links_expires ON staff_links (expires_at);
  ALTER TABLE staff_accounts ADD COLUMN invited_at TEXT;
  -- When the session's person last typed their password: dangerous actions ask again after 10 minutes.
  ALTER TABLE staff_sessions ADD COLUMN checked_at TEXT NOT NULL DEFAULT '';
  UPDATE staff_sessions SET checked_at = created_at;`,
  `-- An upload is taken at once and made in its widths off the request (decision 075): its state, its original bytes
  -- (base64) until they are made, why it failed, and when a process took it (a process that died leaves it to
  -- another). Each image of the library has its alt text per language.
  ALTER TABLE article_images ADD COLUMN status TEXT NOT NULL DEFAULT 'ready';
  ALTER TABLE article_images ADD COLUMN original TEXT;
  ALTER TABLE article_images ADD COLUMN reason TEXT NOT NULL DEFAULT '';
  ALTER TABLE article_images ADD COLUMN claimed_at TEXT;
  -- A published article's saved edit waits beside the live version until it is published (or discarded), and
  -- may be scheduled: its fields as JSON, and when it goes live.
  ALTER TABLE articles ADD COLUMN pending TEXT;
  ALTER TABLE articles ADD COLUMN pending_at TEXT;
  -- What a writer typed in the editor, kept as they type (valid or not) until they save: one row per person and
  -- form ("article:<id>", or "new" for an article not created yet).
  CREATE TABLE article_autosaves (
    form TEXT NOT NULL,
    saved_by TEXT NOT NULL,
    typed TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    PRIMARY KEY (form, saved_by)
  );
  CREATE TABLE article_image_alts (
    hash TEXT NOT NULL REFERENCES article_images (hash) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    alt TEXT NOT NULL,
    PRIMARY KEY (hash, locale)
  );`,
  `-- A campaign under control (decision 074): paused or cancelled at a time, and sent to one language only ('' is all).
  ALTER TABLE campaigns ADD COLUMN paused_at TEXT;
  ALTER TABLE campaigns ADD COLUMN cancelled_at TEXT;
  ALTER TABLE campaigns ADD COLUMN only_locale TEXT NOT NULL DEFAULT '';
  -- How a lead says they heard of the lab, and their words for "other" (decision 074).
  ALTER TABLE leads ADD COLUMN heard TEXT NOT NULL DEFAULT '';
  ALTER TABLE leads ADD COLUMN heardtext TEXT NOT NULL DEFAULT '';`,
  `-- How many readers a cancel left without the campaign, counted at the cancel (decision 074).
  ALTER TABLE campaigns ADD COLUMN left_unsent INTEGER;`,
  `-- An article's title and description for search results and shares ('' for its title and excerpt), and the staff
  -- member who wrote it (NULL for a guest author, whose name is the author column alone) (decision 075).
  ALTER TABLE articles ADD COLUMN seo_title TEXT NOT NULL DEFAULT '';
  ALTER TABLE articles ADD COLUMN seo_description TEXT NOT NULL DEFAULT '';
  ALTER TABLE articles ADD COLUMN author_id INTEGER;`,
  `-- Why the mail server refused a subscriber's address for good (its reply), shown on their row (decision 077).
  ALTER TABLE subscribers ADD COLUMN bounce_reason TEXT NOT NULL DEFAULT '';
  -- When a message was last tried: the failing alert is a share of the last hour's attempts (decision 077).
  ALTER TABLE outbox ADD COLUMN attempted_at TEXT;
  CREATE INDEX outbox_attempted ON outbox (attempted_at);`,
  // A lead's owner, next step and deal, and its notes' edits (decision 079).
  {
    sqlite: leadPipeline('INTEGER PRIMARY KEY', ' STRICT'),
    postgres: leadPipeline('INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY', ''),
  },
  `-- The console's subscriber list, a page at a time from a keyset cursor, newest consent first (decision 084).
  CREATE INDEX subscribers_confirmed ON subscribers (confirmed_at, id);`,
  `-- Speed to lead (decision 080): when the staff first acted on a lead (a status change or a note), and the office
  -- seconds it waited, counted then so a report never recounts them. A lead acted on before is dated from its
  -- history; its seconds are counted when first read.
  ALTER TABLE leads ADD COLUMN first_action_at TEXT;
  ALTER TABLE leads ADD COLUMN first_action_office_seconds INTEGER;
  UPDATE leads SET first_action_at = (SELECT min(actions.at) FROM (
    SELECT at FROM lead_events WHERE lead_events.lead_id = leads.id
    UNION ALL SELECT created_at AS at FROM lead_notes WHERE lead_notes.lead_id = leads.id) AS actions);
  CREATE INDEX leads_first_action ON leads (first_action_at, received_at);`,
  // Forms that bots cannot use (decision 073): the submissions held back, with their reasons and score, until
  // staff deliver or delete them (30 days at most); the proofs of work already spent, until they expire.
  {
    sqlite: quarantineTables('INTEGER PRIMARY KEY AUTOINCREMENT', ' STRICT', 'INTEGER'),
    postgres: quarantineTables('INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY', '', 'BIGINT'),
  },
  // A lead's id for the lab's CRM (decision 081): a random UUID (version 4), never its row number.
  {
    sqlite: `
      ALTER TABLE leads ADD COLUMN external_id TEXT NOT NULL DEFAULT '';
      UPDATE leads SET external_id = ${sqliteUuid};
      -- SQLite adds no column with a random default: a lead stored without one gets it at once.
      CREATE TRIGGER leads_external_id AFTER INSERT ON leads WHEN NEW.external_id = ''
      BEGIN UPDATE leads SET external_id = ${sqliteUuid} WHERE id = NEW.id; END;
      CREATE UNIQUE INDEX leads_external_id ON leads (external_id);`,
    postgres: `
      ALTER TABLE leads ADD COLUMN external_id TEXT NOT NULL DEFAULT gen_random_uuid()::text;
      CREATE UNIQUE INDEX leads_external_id ON leads (external_id);`,
  },
  // Booked intro calls, never two of one person at once (decision 082).
  {
    sqlite: bookingTables('INTEGER PRIMARY KEY', ' STRICT') + sqliteBookingGuard,
    postgres: bookingTables('INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY', '') + postgresBookingGuard,
  },
  // A call's mark once it is over, who marked it and when: held or no-show, empty until then (decision 087).
  `ALTER TABLE bookings ADD COLUMN outcome TEXT NOT NULL DEFAULT '';
   ALTER TABLE bookings ADD COLUMN outcome_at TEXT;
   ALTER TABLE bookings ADD COLUMN outcome_by TEXT NOT NULL DEFAULT '';`,
  // Decision 088: each person's private calendar feed (its URL a secret), the busy times last read from it, and
  // since when it fails. A person's row goes with their account.
  { sqlite: `${bookingFeeds} STRICT`, postgres: bookingFeeds },
  // Decision 088: a held booking (a visitor with script typing their details) lapses at hold_until; its client
  // and its key are hashes.
  `ALTER TABLE bookings ADD COLUMN hold_until TEXT;
   ALTER TABLE bookings ADD COLUMN hold_client TEXT NOT NULL DEFAULT '';
   ALTER TABLE bookings ADD COLUMN hold_key TEXT NOT NULL DEFAULT '';`,
  `-- The console's hot reads on a large lab (decision 091): analytics asks for some series over a span of days (the
  -- key starts with the day, so a quarter read every series of it), and the campaigns page for the addresses that
  -- bounced, newest first (a few in fifty thousand). A person's erasure and export find their rows by address in any
  -- case (lower(email) = lower(?)).
  CREATE INDEX daily_counts_series ON daily_counts (series, day);
  CREATE INDEX subscribers_bounced ON subscribers (bounced_at) WHERE hard_bounces > 0;
  CREATE INDEX leads_email ON leads (lower(email));
  CREATE INDEX subscribers_email ON subscribers (lower(email));`,
  // Decision 093: the analytics counts of each closed week (its Monday, the lab's day), summed from daily_counts,
  // keyed by series first as the reports ask, the count in the key's index (SQLite's rows are the key's order; on
  // PostgreSQL an index-only scan); a week's mark says its sums are in.
  { sqlite: weeklyCounts('', ' STRICT, WITHOUT ROWID'), postgres: weeklyCounts(' INCLUDE (count)', '') },
  campaignMessagesById,
  `-- Decision 094: a live body's read time, counted once by the load that first finds it empty (the rows here now, a
  -- body just made live) and kept, so a load renders only what changed. A change of the Markdown rules that refuses
  -- what it took before empties it (UPDATE articles SET read_time = NULL): the next load checks every body again.
  ALTER TABLE articles ADD COLUMN read_time TEXT;`,
  // Decision 097: the inbox's and the subscriber list's substring search through a trigram index.
  searchIndexes,
];

/**
 * Opens the configured database and brings its schema up to date: PostgreSQL
 * when a URL is given (DATABASE_URL), else the SQLite file in dataDir. A
 * migration that fails stops here with a MigrationError naming it.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, migrations) : openSqlite(config.dataDir, migrations);
}

/** The SQLite file in dataDir, migrated, with its connection for the tools that read it directly. */
export const openSqliteDatabase = (dataDir: string): SqliteDatabase => openSqlite(dataDir, migrations);
