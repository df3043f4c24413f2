import { currentLocale, t } from './i18n';

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

/** Comment time (docs/product.md §9): 'hace Ns', 'hace Nm', 'hace Nh', 'hace Nd'. */
export function commentAge(value: Date | string | number | null | undefined, now = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return t('time.commentSeconds', { n: Math.floor(elapsed / 1000) });
  if (elapsed < HOUR) return t('time.commentMinutes', { n: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('time.commentHours', { n: Math.floor(elapsed / HOUR) });
  return t('time.commentDays', { n: Math.floor(elapsed / DAY) });
}

/** Counts on cards and profiles: 999, 1,2 mil, 3,4 M. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(currentLocale(), { notation: 'compact', maximumFractionDigits: 1 }).format(
    Math.max(0, value),
  );
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
  return new Intl.DateTimeFormat(currentLocale(), { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}
