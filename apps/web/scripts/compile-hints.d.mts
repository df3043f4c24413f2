import type { Plugin } from 'vite';

export const COMPILE_HINT: string;
export const MIN_HINTED_BYTES: number;
export function firstScreenChunks(
  bundle: Record<string, { type: string; isEntry?: boolean; facadeModuleId?: string | null; imports?: string[] }>,
  modules: string[],
  root: string,
): string[];
export function hintFile(file: string): boolean;
export function compileHints(modules: string[]): Plugin;
