import type { CreatorDashboardResponse } from '@wag/contract/payments';
import { formatMoney } from '../../../lib/money';
import { currentLocale, t } from '../../../lib/i18n';
import { dateTimeFormat } from '../../../lib/intl';

type Month = CreatorDashboardResponse['earningsByMonth'][number];

/** 'YYYY-MM' as the interface language names a month: 'nov' on the axis, 'noviembre de 2026' in words. */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  const options: Intl.DateTimeFormatOptions = style === 'short' ? { month: 'short', timeZone: 'UTC' } : { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return dateTimeFormat(currentLocale(), options).format(date);
}

const WIDTH = 600;
const HEIGHT = 200;
const TOP = 12;
const BOTTOM = 28;

/**
 * Net earnings of the last twelve months as plain SVG bars (no chart library): each bar names its
 * month and amount to assistive technology, and the figures are also a table under 'Ver los datos'.
 */
export function EarningsChart({ months, currency }: { months: Month[]; currency: string }) {
  const max = Math.max(1, ...months.map((month) => month.net));
  const slot = WIDTH / Math.max(1, months.length);
  const barWidth = Math.min(36, slot * 0.62);
  const usable = HEIGHT - TOP - BOTTOM;
  const empty = months.every((month) => month.gross === 0 && month.net === 0);

  return (
    <div className="earnings" data-testid="earnings-chart">
      {empty ? <p className="creator__muted">{t('creator.noEarnings')}</p> : null}
      <svg className="earnings__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('creator.chartLabel')}>
        <line x1="0" x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="earnings__axis" />
        {months.map((month, index) => {
          const height = Math.max(0, (month.net / max) * usable);
          const x = index * slot + (slot - barWidth) / 2;
          const label = t('creator.barLabel', { month: monthLabel(month.month, 'long'), net: formatMoney(month.net, currency) });
          return (
            <g key={month.month} role="img" aria-label={label} data-testid="earnings-bar">
              <title>{label}</title>
              <rect x={x} y={HEIGHT - BOTTOM - height} width={barWidth} height={height} rx="4" className="earnings__bar" />
              <text x={index * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="earnings__month" aria-hidden="true">
                {monthLabel(month.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="earnings__details">
        <summary>{t('creator.showTable')}</summary>
        <table className="earnings__table">
          <caption className="visually-hidden">{t('creator.earnings')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('creator.month')}</th>
              <th scope="col">{t('creator.gross')}</th>
              <th scope="col">{t('creator.fee')}</th>
              <th scope="col">{t('creator.net')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month, 'long')}</th>
                <td>{formatMoney(month.gross, currency)}</td>
                <td>{formatMoney(month.fee, currency)}</td>
                <td>{formatMoney(month.net, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
