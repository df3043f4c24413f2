import { isIP } from 'node:net';
import type { Language } from '@wag/contract/preferences-rules';
import UAParser from 'ua-parser-js';

/**
 * How the login-activity list and the new-sign-in mail name a session: the browser and system from
 * its user agent (ua-parser-js), and the approximate place from its address (geoip-lite's offline
 * database, loaded on the first lookup so a process that never lists sessions never pays its 100 MB).
 * The facts are found once; their names are written in the reader's language.
 */
export interface DeviceFacts {
  browser: string | null;
  system: string | null;
}

/** A private network or the machine itself, or a city (when known) in a country (ISO 3166 code). */
export type PlaceFacts = { local: true } | { local: false; city: string | null; country: string };

const DEVICE_WORDS: Record<Language, { unknown: string; on: string; local: string; locale: string }> = {
  es: { unknown: 'Dispositivo desconocido', on: 'en', local: 'Red local', locale: 'es' },
  en: { unknown: 'Unknown device', on: 'on', local: 'Local network', locale: 'en' },
  fr: { unknown: 'Appareil inconnu', on: 'sur', local: 'Réseau local', locale: 'fr' },
  de: { unknown: 'Unbekanntes Gerät', on: 'auf', local: 'Lokales Netzwerk', locale: 'de' },
};

export function deviceOf(userAgent: string | null): DeviceFacts | null {
  if (!userAgent) return null;
  const parsed = new UAParser(userAgent).getResult();
  const system = parsed.device.model && parsed.device.vendor === 'Apple' ? parsed.device.model : parsed.os.name;
  return { browser: parsed.browser.name ?? null, system: system ?? null };
}

/** "Chrome en Windows", "Chrome on Windows", or "Dispositivo desconocido". */
export function deviceName(device: DeviceFacts | null, language: Language): string {
  const words = DEVICE_WORDS[language];
  if (device?.browser && device.system) return `${device.browser} ${words.on} ${device.system}`;
  return device?.browser ?? device?.system ?? words.unknown;
}

export function describeDevice(userAgent: string | null, language: Language): string {
  return deviceName(deviceOf(userAgent), language);
}

/** Addresses of a private network, the machine itself or link-local: no place to name. */
export function isLocalAddress(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || a === 0;
  }
  const lower = address.toLowerCase();
  return lower === '::1' || lower === '::' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80:');
}

type Lookup = (ip: string) => { country: string; city: string } | null;
let lookup: Promise<Lookup> | undefined;
const countryNames = new Map<Language, Intl.DisplayNames>();

/** Where an address is, roughly; null when it is unknown. */
export async function placeOf(ip: string | null): Promise<PlaceFacts | null> {
  if (!ip || isIP(ip.startsWith('::ffff:') ? ip.slice(7) : ip) === 0) return null;
  if (isLocalAddress(ip)) return { local: true };
  lookup ??= import('geoip-lite').then((module) => (address: string) => module.default.lookup(address));
  const place = (await lookup)(ip);
  if (!place?.country) return null;
  return { local: false, city: place.city || null, country: place.country };
}

/** 'Madrid, España', 'Madrid, Spain', 'Estados Unidos', 'Red local', or null. */
export function placeName(place: PlaceFacts | null, language: Language): string | null {
  if (!place) return null;
  const words = DEVICE_WORDS[language];
  if (place.local) return words.local;
  let names = countryNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([words.locale], { type: 'region' });
    countryNames.set(language, names);
  }
  const country = names.of(place.country) ?? place.country;
  return place.city ? `${place.city}, ${country}` : country;
}

export async function describeLocation(ip: string | null, language: Language): Promise<string | null> {
  return placeName(await placeOf(ip), language);
}
