/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Modules the web app imports at runtime: none of them may load zod, directly or through another
 * module, or the schema library lands in the first bundle.
 */
const ZOD_FREE = [
  'account-rules',
  'event-stream',
  'identity-rules',
  'messages-rules',
  'moderation-rules',
  'notifications-rules',
  'posts-rules',
  'preferences-rules',
  'profiles-rules',
  'routes',
  'search-rules',
  'stories-rules',
  'tags-rules',
];

const dir = path.dirname(fileURLToPath(import.meta.url));

/** Every module a source file loads at runtime (type-only imports are erased, so they do not count). */
function runtimeImports(module: string): string[] {
  const source = fs.readFileSync(path.join(dir, `${module}.ts`), 'utf8');
  const statements = source.match(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'[^']+'/gms) ?? [];
  return statements.map((statement) => /from\s+'([^']+)'$/.exec(statement)![1]!);
}

function loadsZod(module: string, seen = new Set<string>()): string | null {
  if (seen.has(module)) return null;
  seen.add(module);
  for (const specifier of runtimeImports(module)) {
    if (!specifier.startsWith('./')) return `${module} imports ${specifier}`;
    const found = loadsZod(specifier.slice(2).replace(/\.js$/, ''), seen);
    if (found) return found;
  }
  return null;
}

describe('zod-free modules', () => {
  it.each(ZOD_FREE)('%s loads no other library', (module) => {
    expect(loadsZod(module)).toBeNull();
  });

  it('the check sees an import of zod, direct or through another module', () => {
    expect(loadsZod('common')).toBe('common imports zod');
    // Its own import of zod is for types only; its schemas come from modules that load it.
    expect(loadsZod('endpoints')).toBe('auth imports zod');
  });

  it('the list names every module that is zod-free', () => {
    const modules = fs.readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')).map((file) => file.slice(0, -3));
    expect(modules.filter((module) => !loadsZod(module)).sort()).toEqual(ZOD_FREE);
  });
});
