/** A call's time as the console shows it: in the viewer's zone, the zone's short name after it. */
const made = new Map<string, Intl.DateTimeFormat>();

export function callWhen(iso: string | number, zone: string): string {
  let format = made.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...{ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
      ...{ timeZoneName: 'short', timeZone: zone },
    });
    made.set(zone, format);
  }
  return format.format(typeof iso === 'string' ? Date.parse(iso) : iso);
}
