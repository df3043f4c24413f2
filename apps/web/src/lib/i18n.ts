import es from '../locales/es.json';

/** es.json is the reference: every other language must have the same keys. */
export type Messages = typeof es;

type LeafKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every text of the interface, as a dotted path into es.json ("auth.login.title"). */
export type MessageKey = LeafKeys<Messages>;

export type MessageParams = Record<string, string | number>;

interface Dictionary {
  [key: string]: string | Dictionary;
}

let activeLocale = 'es';
let activeMessages: Dictionary = es;

function lookup(messages: Dictionary, key: string): string | undefined {
  let node: string | Dictionary | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Replaces each {name} with its parameter; placeholders without a parameter stay visible. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Looks a key up in a dictionary; a missing key shows the key itself so it is noticed. */
export function translate(messages: Dictionary, key: string, params?: MessageParams): string {
  return interpolate(lookup(messages, key) ?? key, params);
}

export function t(key: MessageKey, params?: MessageParams): string {
  return translate(activeMessages, key, params);
}

/** BCP 47 tag of the interface language, for Intl formatting. */
export function currentLocale(): string {
  return activeLocale;
}

/** Later languages (en, fr, de) register their dictionaries here. */
export function setMessages(locale: string, messages: Messages): void {
  activeLocale = locale;
  activeMessages = messages;
  document.documentElement.lang = locale;
}
