import { describe, expect, it } from 'vitest';
import { isSupportedNode } from './runtime-check.js';

describe('supported Node.js', () => {
  it('accepts 22.22 and later LTS lines, and 24 onwards', () => {
    for (const version of ['v22.22.0', '22.30.1', 'v24.0.0', 'v24.21.0', '26.1.0']) expect(isSupportedNode(version)).toBe(true);
  });
  it('refuses what a dependency cannot run on', () => {
    for (const version of ['v20.20.2', 'v22.21.9', 'v23.11.0', '18.0.0']) expect(isSupportedNode(version)).toBe(false);
  });
});
