import type { ESLint } from 'eslint';

/** The layers of the web app, lowest first (ADR 012). */
export const WEB_LAYERS: readonly string[];
/** Importing entity → the entities it may import → why (ADR 012's allow-list). */
export const ENTITY_ALLOW_LIST: Record<string, Record<string, string>>;
export function webArea(path: string): { layer: string | null; unit?: string; test?: boolean; stray?: string } | null;

declare const plugin: ESLint.Plugin;
export default plugin;
