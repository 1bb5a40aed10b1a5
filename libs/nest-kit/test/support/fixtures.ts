import { fileURLToPath } from 'node:url';
import { startScript } from '@rayworks/testing';

/** Starts one of nest-kit's fixture processes (test/support/fixtures/*.mjs, over the built library). */
export const startFixture = (script: string, env: Record<string, string>) =>
  startScript(fileURLToPath(new URL(`./fixtures/${script}`, import.meta.url)), env);
