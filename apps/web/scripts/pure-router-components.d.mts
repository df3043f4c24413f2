import type { Plugin } from 'vite';

export const ROUTER_DOM_COMPONENTS: RegExp;
export function markRouterComponentsPure(code: string): string;
export function pureRouterComponents(): Plugin;
