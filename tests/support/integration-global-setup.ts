/**
 * Starts one real PostgreSQL server for the integration run and builds a migrated template database;
 * each test file then gets its own copy of the template (see integration-setup.ts). Without a server
 * (no TEST_DATABASE_URL, no server binaries) the run stops here, saying what to install.
 */
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../../scripts/db/schema-engine";
import { NoTestPostgresError, startTestPostgres, type TestPostgres } from "../../scripts/throwaway-postgres";

export const TEMPLATE_DB = "rinbondhu_template";
let server: TestPostgres | undefined;

export default async function setup(project: TestProject) {
  try {
    server = await startTestPostgres();
  } catch (error) {
    if (!(error instanceof NoTestPostgresError)) throw error;
    // The message alone, before any file runs: a thrown error would come with Vitest's stack trace and
    // a misleading "No test files found".
    console.error(`\n✖ [integration] ${error.message}\n`);
    process.exit(1);
  }
  const templateUrl = await server.createDatabase(TEMPLATE_DB);
  await applyMigrations(templateUrl);
  console.log(`[integration] PostgreSQL (${server.kind}) ready, template migrated`);
  project.provide("testPostgres", { adminUrl: server.adminUrl });
  return async () => {
    await server?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    testPostgres: { adminUrl: string };
  }
}
