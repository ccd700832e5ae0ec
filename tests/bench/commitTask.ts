// How long a load's navigation commit took, read from Lighthouse's trace. Whether that task reaches 10 ms
// decides most of a page's TBT on a fast host (decision 104), so the boot bench prints it beside each figure.

/** The fields of a trace event read here. */
export interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { beginData?: { url?: string } };
}

/**
 * Lantern drops a main-thread task shorter than this that has one dependency (SIGNIFICANT_DUR_THRESHOLD_MS in
 * its PageDependencyGraph); a commit at least this long is simulated, and moves the page's first render past
 * the simulated first paint.
 */
export const LANTERN_KEPT_TASK_MS = 10;

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The main-thread task that committed the navigation to `url`, in ms of this host's time; undefined if the trace has none. */
export function commitTaskMs(events: readonly TraceEvent[], url: string): number | undefined {
  const parse = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url === url);
  if (!parse) return undefined;
  const onThread = (event: TraceEvent) => event.pid === parse.pid && event.tid === parse.tid && event.dur !== undefined;
  // The page's own commit is the last one on its thread before its parse (Lighthouse commits about:blank first).
  const commit = events
    .filter((event) => event.name === 'DocumentLoader::CommitNavigation' && onThread(event) && event.ts <= parse.ts)
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
  if (!commit) return undefined;
  const task = events.find(
    (event) =>
      TASK_NAMES.has(event.name) &&
      onThread(event) &&
      event.ts <= commit.ts &&
      event.ts + event.dur! >= commit.ts + commit.dur!,
  );
  return (task ?? commit).dur! / 1000;
}
