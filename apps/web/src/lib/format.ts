import { currentLocale, t } from './i18n';
import { compactCount, dateTimeFormat } from './intl';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Story header time (docs/product.md §9): 'ahora' under an hour, then hours, then days. */
export function storyAge(value: Date | string | number | null | undefined, now = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < HOUR) return t('time.storyNow');
  if (elapsed < DAY) return t('time.storyHours', { n: Math.floor(elapsed / HOUR) });
  return t('time.storyDays', { n: Math.floor(elapsed / DAY) });
}

/**
 * Comment and session time (docs/product.md §9): seconds, minutes, hours or days ago, in the interface
 * language, as Intl's relative time formatter writes them (English narrow, '5m ago'; the others short:
 * 'hace 5 min', 'il y a 5 min', 'vor 5 Min.'). Written from the catalog instead: the first Intl
 * formatter a page makes loads the language's data, about 100 ms of a phone's main thread in one block
 * on a post page that needs no other.
 */
export function commentAge(value: Date | string | number | null | undefined, now = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return t('time.agoSeconds', { count: Math.floor(elapsed / 1000) });
  if (elapsed < HOUR) return t('time.agoMinutes', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('time.agoHours', { count: Math.floor(elapsed / HOUR) });
  return t('time.agoDays', { count: Math.floor(elapsed / DAY) });
}

/** Counts on cards and profiles: 999, 1,2 mil, 3,4 M (texts with a count use `{count, compact}`, the same). */
export function formatCount(value: number): string {
  return compactCount(currentLocale(), value);
}

/** Dates as YYYY-MM-DD (docs/product.md §9), from a date or a date-time. */
export function isoDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return match?.[1] ?? '';
}

/** A day as people read it, in the interface language: '23 nov 2026'. */
export function calendarDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return dateTimeFormat(currentLocale(), { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}
