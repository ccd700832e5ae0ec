import { describe, expect, it } from 'vitest';

import { officeMinutes, speedFigures } from '../../server/leads/speedToLead';

describe('speed to lead, in office hours (Monday to Friday, 09:00 to 18:00 on the office’s clock)', () => {
  it('counts no time over a weekend: Friday 17:30 to Monday 09:15 in Miami is 45 minutes', () => {
    // Friday 4 December 2026, 17:30 in Miami (UTC−5), to Monday 7 December, 09:15.
    expect(officeMinutes(new Date('2026-12-04T22:30:00Z'), new Date('2026-12-07T14:15:00Z'), 'Miami')).toBe(45);
    // Sent on Saturday, answered on Sunday: no office time passed.
    expect(officeMinutes(new Date('2026-12-05T15:00:00Z'), new Date('2026-12-06T20:00:00Z'), 'Miami')).toBe(0);
  });

  it('reads each office on its own clock, summer time included', () => {
    // Monday 2 November 2026, 08:00 to 10:00 in Bogotá (UTC−5 all year): from opening, one hour.
    expect(officeMinutes(new Date('2026-11-02T13:00:00Z'), new Date('2026-11-02T15:00:00Z'), 'Bogota')).toBe(60);
    // Friday 30 October 2026 17:00 New York (summer time, UTC−4) to Monday 2 November 10:00 (winter, UTC−5): 2 hours.
    expect(officeMinutes(new Date('2026-10-30T21:00:00Z'), new Date('2026-11-02T15:00:00Z'), 'New York')).toBe(120);
    expect(officeMinutes(new Date('2026-11-02T15:00:00Z'), new Date('2026-11-02T14:00:00Z'), 'Miami')).toBe(0);
  });

  it('gives the median and the 90th percentile by week, office and owner', () => {
    const rows = [1, 2, 3, 4, 5, 6, 7, 8, 9, 100].map((minutes, index) => ({
      week: index < 5 ? '2026-11-30' : '2026-12-07',
      office: 'Miami',
      owner: index % 2 ? 'ana@lab.test' : 'ben@lab.test',
      minutes,
    }));
    expect(speedFigures(rows, 'office')).toEqual([{ key: 'Miami', leads: 10, median: 5, p90: 9 }]);
    expect(speedFigures(rows, 'week')).toEqual([
      { key: '2026-11-30', leads: 5, median: 3, p90: 5 },
      { key: '2026-12-07', leads: 5, median: 8, p90: 100 },
    ]);
    expect(speedFigures(rows, 'owner').map(({ key, median }) => [key, median])).toEqual([
      ['ana@lab.test', 6],
      ['ben@lab.test', 5],
    ]);
  });
});
