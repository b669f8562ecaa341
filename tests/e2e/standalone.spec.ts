/**
 * The server the container image runs (issue 29): `node .next/standalone/server.js` with the static files copied beside
 * it, started by tests/e2e/run.ts on a database of its own. It serves the home page, the staff sign-in page and a PDF,
 * answers its health and metrics endpoints, and reads a card photo (the OCR engine and its trained data are inside).
 */
import { expect, test } from "@playwright/test";
import pg from "pg";
import { createSessionCookie } from "../support/session-cookie";
import { demoStaff } from "./staff";

const baseUrl = process.env.E2E_STANDALONE_BASE_URL;
const databaseUrl = process.env.E2E_STANDALONE_DATABASE_URL;

test.describe("the standalone server (the container image's)", () => {
  test.beforeAll(() => {
    if (!baseUrl || !databaseUrl) throw new Error("No standalone server: build with NEXT_OUTPUT=standalone (npm test does), then run the browser tests.");
  });

  test("serves the home page, the staff sign-in page and its health", async ({ request }) => {
    const home = await request.get(`${baseUrl}/`);
    expect(home.status()).toBe(200);
    expect(await home.text()).toContain('<html lang="bn"');
    const signIn = await request.get(`${baseUrl}/admin/login`);
    expect(signIn.status()).toBe(200);
    expect(signIn.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await request.get(`${baseUrl}/api/health/ready`);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "ok", twoStepSecrets: "ok" } });
    expect(ready.status()).toBe(200);
    expect(ready.headers()["cache-control"]).toBe("no-store");
    expect((await request.get(`${baseUrl}/api/metrics`)).status()).toBe(401);
    const metrics = await request.get(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${process.env.E2E_STANDALONE_METRICS_TOKEN}` } });
    expect(metrics.status()).toBe(200);
    expect(await metrics.text()).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/admin\/login"/);
  });

  test("renders a society's report PDF for a signed-in manager", async ({ request }) => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string }>(`SELECT "id" FROM "Society" WHERE "registrationNumber" = 'DHK-COOP-2019-0417'`);
      const cookie = await createSessionCookie(databaseUrl!, process.env.AUTH_SECRET!, demoStaff("society_manager").phone);
      const pdf = await request.get(`${baseUrl}/society-manager/${rows[0]!.id}/report.pdf`, { headers: { cookie: `${cookie.name}=${cookie.value}` } });
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      const body = await pdf.body();
      expect(body.subarray(0, 5).toString()).toBe("%PDF-");
      expect(body.length).toBeGreaterThan(10_000);
    } finally {
      await db.end();
    }
  });

  test("reads a card photo in its job runner (OCR engine and trained data inside)", async () => {
    test.setTimeout(120_000);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string }>(
        `UPDATE "KycDocument" SET "ocrReadAt" = NULL, "ocrText" = NULL
         WHERE "id" = (SELECT "id" FROM "KycDocument" WHERE "frontImageId" IS NOT NULL ORDER BY "id" LIMIT 1) RETURNING "id"`,
      );
      const documentId = rows[0]!.id;
      const job = await db.query<{ id: string }>(`INSERT INTO "Job" ("id", "kind", "payload") VALUES ($1, 'kyc.ocr', $2) RETURNING "id"`, [
        `standalone-ocr-${Date.now()}`,
        JSON.stringify({ documentId }),
      ]);
      // The runner polls every 15 s; a read takes a few seconds of one core.
      await expect
        .poll(async () => (await db.query(`SELECT "status", "lastError" FROM "Job" WHERE "id" = $1`, [job.rows[0]!.id])).rows[0], { timeout: 90_000, intervals: [1_000] })
        .toMatchObject({ status: "done", lastError: null });
      const read = await db.query<{ ocrReadAt: Date | null; ocrText: string | null }>(`SELECT "ocrReadAt", "ocrText" FROM "KycDocument" WHERE "id" = $1`, [documentId]);
      expect(read.rows[0]!.ocrReadAt).not.toBeNull();
      expect(read.rows[0]!.ocrText).not.toBeNull();
    } finally {
      await db.end();
    }
  });
});
