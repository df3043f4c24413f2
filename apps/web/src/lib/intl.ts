/**
 * Intl's formatters, made once per language and options and then reused. Making one is slow (it
 * loads the language's data: the signed-in home spent 56 ms of its 757 ms of script making a number
 * formatter for every count of every card, under Lighthouse's phone-speed CPU); using one is cheap.
 */
const made = new Map<string, Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DateTimeFormat>();

function reuse<T extends Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DateTimeFormat>(kind: string, locale: string | undefined, options: object, make: () => T): T {
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

export function relativeTimeFormat(locale: string | undefined, options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat {
  return reuse('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return reuse('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}
