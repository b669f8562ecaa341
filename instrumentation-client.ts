/**
 * Runs in the browser before the app's own code (Next.js client instrumentation). Zod compiles its object
 * parsers with `new Function` where the page allows it, and probes for that when a schema is made: under our
 * Content Security Policy (no 'unsafe-eval', lib/security/headers.ts) the probe is refused and reported as a
 * violation. Jitless mode parses without compiling and never probes.
 *
 * Set through the global object zod's core reads its configuration from (`globalThis.__zod_globalConfig`, which it
 * creates only when absent) rather than `config()` from "zod/v4/core": importing that put 5 KB (gzip) of zod into
 * every page, including pages without a form.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
