import { isIP } from 'node:net';
import UAParser from 'ua-parser-js';

/**
 * How the login-activity list names a session: the browser and system from its user agent
 * (ua-parser-js), and the approximate place from its address (geoip-lite's offline database, loaded
 * on the first lookup so a process that never lists sessions never pays its 100 MB).
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Dispositivo desconocido';
  const parsed = new UAParser(userAgent).getResult();
  const browser = parsed.browser.name;
  const system = parsed.device.model && parsed.device.vendor === 'Apple' ? parsed.device.model : parsed.os.name;
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? 'Dispositivo desconocido';
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
const countries = new Intl.DisplayNames(['es'], { type: 'region' });

/** 'Madrid, España', 'Estados Unidos', 'Red local', or null when the address is unknown. */
export async function describeLocation(ip: string | null): Promise<string | null> {
  if (!ip || isIP(ip.startsWith('::ffff:') ? ip.slice(7) : ip) === 0) return null;
  if (isLocalAddress(ip)) return 'Red local';
  lookup ??= import('geoip-lite').then((module) => (address: string) => module.default.lookup(address));
  const place = (await lookup)(ip);
  if (!place?.country) return null;
  const country = countries.of(place.country) ?? place.country;
  return place.city ? `${place.city}, ${country}` : country;
}
