/**
 * Imported first by every entry point: the server and its dependencies need a supported Node.js LTS
 * (react-router and kysely want 22.22 or later). `npm install` brings Node 24 (the `node` package) and
 * every npm script runs on it; a server started some other way on an older Node stops here, clearly.
 */
export const MINIMUM_NODE = { major: 22, minor: 22 } as const;

export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major === MINIMUM_NODE.major) return minor >= MINIMUM_NODE.minor;
  // 23 ended before 22 did; every dependency's engines accept 24 and later.
  return major >= 24;
}

if (!isSupportedNode(process.versions.node)) {
  console.error(
    `WAG necesita Node.js 22.22 o posterior (LTS): este es ${process.version}. ` +
      'Ejecuta los comandos con npm (npm start, npm test…), que usan el Node 24 instalado por npm install.',
  );
  process.exit(1);
}
