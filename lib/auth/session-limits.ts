/** Session lifetimes, importable without a database (the proxy's Auth.js config uses the absolute one). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
