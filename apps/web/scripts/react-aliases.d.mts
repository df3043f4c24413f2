import type { Alias } from 'vite';

export const reactAliases: Alias[];
