/**
 * Starts one real PostgreSQL server for the integration run and builds a migrated template database;
 * each test file then gets its own copy of the template (see integration-setup.ts).
 */
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../../scripts/db/schema-engine";
import { startTestPostgres, type TestPostgres } from "../../scripts/throwaway-postgres";

export const TEMPLATE_DB = "rinbondhu_template";
let server: TestPostgres | undefined;

export default async function setup(project: TestProject) {
  server = await startTestPostgres();
  const templateUrl = await server.createDatabase(TEMPLATE_DB);
  await applyMigrations(templateUrl);
  console.log(`[integration] PostgreSQL (${server.kind}) ready, template migrated`);
  project.provide("testPostgres", { adminUrl: server.adminUrl, kind: server.kind, templateUrl });
  return async () => {
    await server?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    testPostgres: { adminUrl: string; kind: TestPostgres["kind"]; templateUrl: string };
  }
}
