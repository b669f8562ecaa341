/**
 * Which database a start-up (`npm run dev`, `npm start`) serves. The embedded database comes with demo
 * data, including staff accounts whose password is printed in the README, so a production start never
 * falls back to it silently: it needs DATABASE_URL, or EMBEDDED_DATABASE=1 asking for the embedded one.
 */
export type DatabaseChoice = { kind: "server"; url: string } | { kind: "embedded" } | { kind: "refused"; message: string };

export const PRODUCTION_WITHOUT_DATABASE =
  "DATABASE_URL is not set. A production start (npm start) needs a PostgreSQL server: set DATABASE_URL=postgresql://…, " +
  "then load the loan products once with `npm run db:seed -- --reference`. The embedded database holds demo data with " +
  "known passwords; to serve it anyway (a demo, never real customers), set EMBEDDED_DATABASE=1.";

export function chooseDatabase(env: Readonly<Record<string, string | undefined>>, nodeEnv: string): DatabaseChoice {
  if (env.DATABASE_URL) return { kind: "server", url: env.DATABASE_URL };
  if (nodeEnv !== "production" || env.EMBEDDED_DATABASE === "1") return { kind: "embedded" };
  return { kind: "refused", message: PRODUCTION_WITHOUT_DATABASE };
}
