/**
 * Runs in the browser before the app's own code (Next.js client instrumentation). Zod compiles its object
 * parsers with `new Function` where the page allows it, and probes for that when a schema is made: under our
 * Content Security Policy (no 'unsafe-eval', lib/security/headers.ts) the probe is refused and reported as a
 * violation. Jitless mode parses without compiling and never probes.
 */
import { config } from "zod/v4/core";

config({ jitless: true });
