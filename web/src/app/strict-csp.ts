import { z } from 'zod';

/**
 * The console runs under a Content-Security-Policy without 'unsafe-eval' (docs/decisions/0066). zod compiles object
 * schemas with `new Function` when it may, and probes for it once; the refused probe is reported as a violation even
 * though zod catches it. Interpreted parsing is as correct and fast enough for forms and API answers. Imported first
 * by main.tsx, before anything parses.
 */
z.config({ jitless: true });
