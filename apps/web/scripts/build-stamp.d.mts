import type { Plugin } from 'vite';

export const STAMP_FILE: string;
export const BUILD_INPUTS: string[];
export function inputsHash(options?: { repoDir?: string; inputs?: string[]; env?: Record<string, string | undefined> }): string;
export function writeStamp(distDir: string, hash: string): void;
export function needsBuild(options?: {
  repoDir?: string;
  distDir?: string;
  inputs?: string[];
  env?: Record<string, string | undefined>;
}): { build: false } | { build: true; reason: string };
export function buildStamp(): Plugin;
