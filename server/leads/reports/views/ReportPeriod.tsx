import { DayField } from '../../../console/kit/DayField';
import type { Period } from '../period';

/** The period's two days, on the lab's clock, in a report's filter form. */
export function ReportPeriod({ period }: { period: Period }) {
  return (
    <>
      <DayField id="report-from" name="from" label="From" value={period.from} />
      <DayField id="report-to" name="to" label="To" value={period.to} />
    </>
  );
}
