// The guard bench's two clients (formGuard.ts), each a process of its own on the load's CPU, away from the server's:
//   probe <url> <intervalMs>         a page asked for every intervalMs, open loop, until SIGTERM: its latencies
//   flood <origin> <posts> <atOnce>  posts to each form as a script that never loaded it sends them
// Each says "ready" on a line when it starts measuring, then one line of JSON when it is done; the probe forgets what
// it measured so far on SIGUSR2 (the flood has begun). The probe is a process of its own so that the flood's client
// work never delays the clock it reads.
import http from 'node:http';

/** What the probe measured: every page asked for, from its request to its last byte. */
export interface ProbeResult {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
}

/** What the flood sent: how long it took, and each status's count. */
export interface FloodResult {
  seconds: number;
  statuses: Record<string, number>;
}

// Every request on a kept-alive connection, as a browser and a bot's client do; never queued in the client.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function send(url: URL, method: string, headers: http.OutgoingHttpHeaders, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: readonly number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]! : 0;
const rounded = (ms: number) => Math.round(ms * 100) / 100;

/** Asks for `page` every `intervalMs` whether or not the last answer came (open loop), until SIGTERM. */
function probe(page: string, intervalMs: number): void {
  const url = new URL(page);
  const times: number[] = [];
  let errors = 0;
  process.on('SIGUSR2', () => {
    times.length = 0;
    errors = 0;
  });
  const timer = setInterval(() => {
    const started = performance.now();
    send(url, 'GET', { 'Accept-Encoding': 'br' }).then(
      (status) => (status === 200 ? times.push(performance.now() - started) : errors++),
      () => errors++,
    );
  }, intervalMs);
  process.once('SIGTERM', () => {
    clearInterval(timer);
    const sorted = [...times].sort((a, b) => a - b);
    const result: ProbeResult = {
      samples: sorted.length,
      p50Ms: rounded(percentile(sorted, 0.5)),
      p99Ms: rounded(percentile(sorted, 0.99)),
      maxMs: rounded(sorted.at(-1) ?? 0),
      errors,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    agent.destroy();
  });
  process.stdout.write('ready\n');
}

/**
 * `posts` posts to each form, `atOnce` under way at a time: no page token, no proof. Each names a client of its
 * own among 250 (one proxy hop trusted), as a flood from many addresses would.
 */
async function flood(origin: string, posts: number, atOnce: number): Promise<void> {
  const started = performance.now();
  const statuses: Record<string, number> = {};
  let sent = 0;
  const post = async (i: number) => {
    const contact = i % 2 === 0;
    const n = Math.floor(i / 2);
    const body = contact
      ? { name: `Bot ${n}`, email: `bot${n}@example.com`, message: `Buy now ${n}`, service: 'consultation' }
      : { email: `bot${n}@example.com` };
    const status = await send(
      new URL(contact ? '/api/contact' : '/api/subscribe', origin),
      'POST',
      {
        ...{ 'Content-Type': 'application/json', Origin: origin },
        'X-Forwarded-For': `10.9.${n % 250}.${i % 2}`,
      },
      JSON.stringify(body),
    ).catch(() => 0);
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  process.stdout.write('ready\n');
  const lanes = Array.from({ length: atOnce }, async () => {
    while (sent < posts * 2) await post(sent++);
  });
  await Promise.all(lanes);
  const result: FloodResult = { seconds: (performance.now() - started) / 1000, statuses };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  agent.destroy();
}

const [mode, target = '', a = '', b = ''] = process.argv.slice(2);
if (mode === 'probe') probe(target, Number(a));
else if (mode === 'flood') await flood(target, Number(a), Number(b));
