import type { Plugin } from 'vite';

export interface OpenSourcePackage {
  name: string;
  version: string;
  license: string;
  homepage: string | null;
  text: string | null;
}

export function packageDirOf(moduleId: string): string | null;
export function describePackage(dir: string): OpenSourcePackage;
export function collectLicenses(moduleIds: Iterable<string>): OpenSourcePackage[];
export function openSourceLicenses(options?: { fileName?: string }): Plugin;
