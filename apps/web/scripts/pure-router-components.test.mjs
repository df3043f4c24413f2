import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markRouterComponentsPure, ROUTER_DOM_COMPONENTS } from './pure-router-components.mjs';

// The installed React Router's module, as the build bundles it: an upgrade that writes its components
// another way makes this fail, rather than the first screen silently growing back.
const require = createRequire(import.meta.url);
const file = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/lib/dom/lib.js');
const source = readFileSync(file, 'utf8');

describe("React Router's components marked pure", () => {
  it('names the module the build bundles', () => {
    expect(ROUTER_DOM_COMPONENTS.test(file)).toBe(true);
    expect(ROUTER_DOM_COMPONENTS.test(file.replace('production', 'development'))).toBe(false);
  });

  it('marks every component definition pure and drops every top-level display name, changing nothing else', () => {
    const marked = markRouterComponentsPure(source);
    const definitions = source.match(/= React\$1\.forwardRef\(/g) ?? [];
    expect(definitions.length).toBeGreaterThanOrEqual(3);
    expect(marked.match(/= \/\* @__PURE__ \*\/ React\$1\.forwardRef\(/g)).toHaveLength(definitions.length);
    for (const name of ['Link', 'NavLink', 'Form']) {
      expect(source).toContain(`const ${name} = React$1.forwardRef(`);
      expect(source).toContain(`\n${name}.displayName = "${name}";`);
      expect(marked).not.toContain(`\n${name}.displayName`);
    }
    // Top-level ones only (a component made inside a function keeps its name).
    expect(marked).not.toMatch(/^\w+\.displayName = /m);
    // Nothing but those: the same text once the marks and the names' lines are taken out again.
    const lines = (text) => text.replaceAll('/* @__PURE__ */ ', '').split('\n').filter((line) => !/^\w+\.displayName = "\w+";$/.test(line) && line !== '');
    expect(lines(marked)).toEqual(lines(source));
  });
});
