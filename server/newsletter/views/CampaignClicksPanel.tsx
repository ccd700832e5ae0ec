import { locales } from '../../../shared/lib/locale';
import type { CampaignClicks } from '../../analytics/campaignClicks';
import { StackTable } from '../../console/kit/StackTable';
import { languageNames } from '../../lib/languageNames';

/**
 * A campaign's clicks (decision 074): visits its links brought, per page and per e-mail language, each visitor
 * once a day; counts only, the same links for every reader.
 */
export function CampaignClicksPanel({ clicks }: { clicks: CampaignClicks }) {
  return (
    <section className="staff-panel card" aria-labelledby="clicks-title">
      <h2 id="clicks-title">Clicks: {clicks.total}</h2>
      <p className="staff-muted">
        Visits that came through this campaign&rsquo;s links, each visitor once a day. Counted from the links&rsquo;
        tags, never per reader; browsers with Do Not Track or Global Privacy Control are not counted.
      </p>
      <StackTable columns={['Page the link opened', 'Clicks']} label="Clicks per link">
        {clicks.links.map(({ path, clicks: count }) => (
          <tr key={path}>
            <td data-label="Page the link opened">{path}</td>
            <td data-label="Clicks">{count}</td>
          </tr>
        ))}
      </StackTable>
      <StackTable columns={['E-mail language', 'Clicks']} label="Clicks per language">
        {locales.map((locale) => (
          <tr key={locale}>
            <td data-label="E-mail language">{languageNames[locale]}</td>
            <td data-label="Clicks">{clicks.languages[locale]}</td>
          </tr>
        ))}
      </StackTable>
    </section>
  );
}
