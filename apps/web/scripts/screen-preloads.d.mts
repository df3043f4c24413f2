import type { Plugin } from 'vite';

export const SCREENS_FILE: string;
export interface ScreenFiles {
  scripts: string[];
  styles: string[];
}
export function staticImports(
  manifest: Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>,
  key: string,
  skip?: Set<string>,
): string[];
export function screenFiles(
  manifest: Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>,
  screens: Record<string, string>,
): Record<string, ScreenFiles>;
export function screenPreloads(screens: Record<string, string>): Plugin;
