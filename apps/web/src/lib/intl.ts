/**
 * Intl's formatters, made once per language and options and then reused. Making one is slow (it
 * loads the language's data: the signed-in home spent 56 ms of its 757 ms of script making a number
 * formatter for every count of every card, under Lighthouse's phone-speed CPU); using one is cheap.
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function reuse<T extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, locale: string | undefined, options: object, make: () => T): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = made.get(key);
  if (!formatter) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter as T;
}

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return reuse('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return reuse('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/**
 * A count shortened as on cards and in texts with `{count, compact}`: '999', '1,2 mil', '3,4 M'. A
 * whole count under 1,000 is its own digits in every language of the app, as the compact formatter
 * writes it, so it is written without one: the first formatter a page makes loads the language's
 * number data (about 100 ms of a phone's main thread, in one block), which a first screen of small
 * counts then never pays.
 */
export function compactCount(locale: string | undefined, value: unknown): string {
  const count = Math.max(0, Number(value) || 0);
  if (Number.isInteger(count) && count < 1000) return String(count);
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}

/** A whole number as the language writes it ('1.000.000' in Spanish); under 1,000 without a formatter, as `compactCount`. */
export function wholeNumber(locale: string | undefined, value: unknown): string {
  const number = Math.max(0, Math.floor(Number(value) || 0));
  return number < 1000 ? String(number) : numberFormat(locale).format(number);
}
