import { usernameProblem } from '@wag/contract/account-rules';

/**
 * The first screens whose code the page names for the browser to fetch with it: the screens people open
 * from outside the app (a shared link, a search result, the address bar). The web build lists each
 * one's files in dist/.vite/screens.json (apps/web/scripts/screen-preloads.mjs, by these names).
 */
export const WEB_SCREENS = ['home', 'quickys', 'post', 'profile'] as const;
export type WebScreen = (typeof WEB_SCREENS)[number];

export interface ScreenFiles {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

/** A built file of the web app, as the list names it: a hashed script or stylesheet under assets/. */
const ASSET_FILE = /^assets\/[\w.-]+\.(?:js|css)$/;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Which of those screens the web app's router (apps/web/src/app/router.tsx) shows at `pathname`: `/`,
 * `/quickys`, `/post/:slug` and `/quicky/:slug`, `/profile/:username` and the catch-all `/:username`
 * (a first segment that can be a username: every other first segment of the app is a reserved name).
 * Null for every other page. A trailing slash, and the fixed segments in any case, match as they do in
 * the router.
 */
export function screenOfPath(pathname: string): WebScreen | null {
  if (pathname === '/') return 'home';
  const segments = pathname.replace(/\/$/, '').split('/').slice(1);
  if (segments.some((segment) => segment === '')) return null;
  const decoded = segments.map(decodeSegment);
  if (decoded.some((segment) => segment === null)) return null;
  const [named = '', second] = decoded as string[];
  // The router matches its fixed segments in any case (React Router's default).
  const first = named.toLowerCase();
  if (decoded.length === 1) {
    if (first === 'quickys') return 'quickys';
    return usernameProblem(named) === null ? 'profile' : null;
  }
  if (decoded.length === 2 && second !== undefined) {
    if (first === 'post' || first === 'quicky') return 'post';
    if (first === 'profile' && usernameProblem(second) === null) return 'profile';
  }
  return null;
}

/**
 * The screens' files from the build's list (its text), each checked to be a file of the build's
 * assets; a screen the list lacks, or a list that cannot be read, names nothing.
 */
export function parseScreenFiles(text: string): Map<WebScreen, ScreenFiles> {
  const screens = new Map<WebScreen, ScreenFiles>();
  let listed: unknown;
  try {
    listed = JSON.parse(text);
  } catch {
    return screens;
  }
  if (typeof listed !== 'object' || listed === null) return screens;
  const files = (value: unknown, extension: string): string[] =>
    Array.isArray(value) ? value.filter((file): file is string => typeof file === 'string' && ASSET_FILE.test(file) && file.endsWith(extension)) : [];
  for (const name of WEB_SCREENS) {
    const entry = (listed as Record<string, unknown>)[name];
    if (typeof entry !== 'object' || entry === null) continue;
    const { scripts, styles } = entry as { scripts?: unknown; styles?: unknown };
    screens.set(name, { scripts: files(scripts, '.js'), styles: files(styles, '.css') });
  }
  return screens;
}

/**
 * The page for `name`: marked with it (`data-screen` on <html>: index.html's inline script asks
 * /quickys', a profile's or a post's first answers from it, exactly as the server told the screen apart), and with
 * the screen's files named in it, as Vite names the app's own: its scripts as module
 * preloads at the end of the head (fetched with the page, run when the app imports them), its
 * stylesheets at the end of the body, after the painted shell, so the shell's first paint does not
 * wait for them (the app's script, which runs after them, does), and Vite's helper, finding them in the
 * page, adds none.
 */
export function pageWithScreen(indexHtml: string, name: WebScreen, screen: ScreenFiles): string {
  const marked = indexHtml.replace(/<html(?=[\s>])/, `<html data-screen="${name}"`);
  const headEnd = marked.indexOf('</head>');
  if (headEnd === -1) return marked;
  const bodyEnd = marked.lastIndexOf('</body>');
  const preloads = screen.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const styles = screen.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const insert = (html: string, at: number, links: string[]) => (links.length === 0 ? html : `${html.slice(0, at)}  ${links.join('\n    ')}\n  ${html.slice(at)}`);
  if (bodyEnd < headEnd) return insert(marked, headEnd, [...preloads, ...styles]);
  return insert(insert(marked, bodyEnd, styles), headEnd, preloads);
}
