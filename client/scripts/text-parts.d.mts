// Types of text-parts.mjs for vite.config.ts, vitest.config.ts and the tests.
import type { Plugin } from 'vite';

export const COMMON: 'common';
export function textParts(src: string, english: Record<string, unknown>): Map<string, string>;
export function textsOfPart(
  file: Record<string, unknown>,
  parts: Map<string, string>,
  part: string,
): Record<string, unknown>;
export function textPartsPlugin(src: string): Plugin;
