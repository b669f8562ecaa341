// The floor for bench/http-load.ts and bench/lighthouse.ts: a blank Next.js page, built and served with the project's own Next.js.
const config = { poweredByHeader: false };
export default config;
