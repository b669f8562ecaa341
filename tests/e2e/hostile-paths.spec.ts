/**
 * Issue 52, point 2: an address or request anyone can send is answered 404/400/401/403 (or a page's redirect), never 500,
 * and writes no error line to the server's log. Walks EVERY dynamic route found on disk (a `[param]` directory under
 * app/, route handlers and pages; a new one without a case here fails the first test) with hostile values in each
 * segment, signed out and signed in with the role that opens it, then the routes' query parameters, then every server
 * action of the build (its server-reference manifest) with a foreign Origin and with ids that name no action.
 *
 * Requests go out raw (node:http): a URL parser would resolve `..` and `%2e%2e` before they leave. Each carries an
 * X-Request-Id of this walk, which the server's log lines repeat; the main app's output is in E2E_MAIN_LOG (run.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { createSessionCookie } from "../support/session-cookie";
import { demoStaff } from "./staff";
import { borrowerSignIn, dbQuery, useOwnAddress } from "./support";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const APP = path.join(ROOT, "app");

// ---------------------------------------------------------------------------------------------------------------------
// The dynamic routes on disk.

type Kind = "page" | "route";
type DiscoveredRoute = { pattern: string; kind: Kind; params: string[]; methods: string[] };

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Every page.tsx and route.ts under app/ with a dynamic segment besides [locale] (which the proxy and the layout fix). */
function discoverRoutes(): DiscoveredRoute[] {
  return walk(APP)
    .filter((file) => /\/(page\.tsx|route\.ts)$/.test(file))
    .map((file) => {
      const segments = path.relative(APP, path.dirname(file)).split(path.sep).filter((s) => s !== "[locale]" && !/^\(.*\)$/.test(s));
      const params = segments.filter((s) => /^\[.+\]$/.test(s)).map((s) => s.replace(/^\[(?:\.\.\.)?|\]$/g, ""));
      const kind: Kind = file.endsWith("route.ts") ? "route" : "page";
      const methods = kind === "page" ? ["GET"] : [...readFileSync(file, "utf8").matchAll(/export async function (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!);
      return { pattern: `/${segments.join("/")}`, kind, params, methods };
    })
    .filter((route) => route.params.length > 0)
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

// ---------------------------------------------------------------------------------------------------------------------
// How each one is reached. A dynamic route missing here fails the walk.

type Who = "borrower" | StaffRole;
type Case = { signedIn: Who; query?: readonly string[] };

const CASES: Record<string, Case> = {
  "/[...missing]": { signedIn: "super_admin" },
  "/account/api/loans/[loanNumber]/schedule.pdf": { signedIn: "borrower" },
  "/account/api/payments/[paymentNumber]/receipt.pdf": { signedIn: "borrower" },
  "/admin/api/applications/[applicationId]/nid-image": { signedIn: "super_admin" },
  "/admin/api/kyc/documents/[documentId]/image": { signedIn: "super_admin" },
  "/admin/api/loans/[loanNumber]/schedule.pdf": { signedIn: "super_admin" },
  "/admin/api/payments/[paymentNumber]/receipt.pdf": { signedIn: "super_admin" },
  "/society-manager/[societyId]": { signedIn: "society_manager", query: ["tab", "q", "page", "from", "to", "worker", "account"] },
  "/society-manager/[societyId]/backup": { signedIn: "society_manager", query: ["compressed"] },
  "/society-manager/[societyId]/books.pdf": { signedIn: "society_manager", query: ["from", "to", "account", "worker"] },
  "/society-manager/[societyId]/field": { signedIn: "society_manager" },
  "/society-manager/[societyId]/field/handover": { signedIn: "society_manager" },
  "/society-manager/[societyId]/field/sheet": { signedIn: "society_manager", query: ["worker", "date"] },
  "/society-manager/[societyId]/field/sync": { signedIn: "society_manager" },
  "/society-manager/[societyId]/members/[memberId]/calendar.pdf": { signedIn: "society_manager", query: ["month"] },
  "/society-manager/[societyId]/members/[memberId]/passbook.pdf": { signedIn: "society_manager" },
  "/society-manager/[societyId]/members/[memberId]/profile.pdf": { signedIn: "society_manager" },
  "/society-manager/[societyId]/report.pdf": { signedIn: "society_manager", query: ["from", "to"] },
  "/society-manager/[societyId]/workers/[workerId]/photo": { signedIn: "society_manager" },
};

/** Routes without a dynamic segment whose query strings are read (?lang=, ?society=). */
const QUERY_ONLY: { path: string; query: readonly string[] }[] = [
  { path: "/borrower-app.webmanifest", query: ["lang"] },
  { path: "/field-app.webmanifest?society=cmanifest0000000000000000", query: ["lang", "society"] },
];

/**
 * Hostile segment values, as written in the address (already percent-encoded). `stays`: the value reaches the route as
 * its segment (a URL parser resolves dot segments, and an encoded slash may route elsewhere), so its answer is exact.
 * `nonAscii`: the proxy sees it (its matcher takes every address with an escape above ASCII), so a route handler's
 * address gets the not-found page (or, in the back office, the sign-in page) even signed out. `unreadable`: it does not
 * decode, and the proxy answers 400. `control`: a control character, which the proxy answers 404 on the way to a page.
 */
const HOSTILE: { name: string; raw: string; stays: boolean; nonAscii?: boolean; unreadable?: boolean; control?: boolean }[] = [
  { name: "NUL", raw: "%00", stays: true, control: true },
  { name: "id + NUL", raw: "{valid}%00", stays: true, control: true },
  { name: "dot-dot", raw: "..", stays: false },
  { name: "encoded dot-dot", raw: "%2e%2e", stays: false },
  { name: "5,000 characters", raw: "x".repeat(5000), stays: true },
  { name: "Bengali digits", raw: encodeURIComponent("LN-০১২"), stays: true, nonAscii: true },
  { name: "Arabic-Indic digits", raw: encodeURIComponent("PAY-٠١٢"), stays: true, nonAscii: true },
  { name: "Devanagari digits", raw: encodeURIComponent("०१२"), stays: true, nonAscii: true },
  { name: "encoded slash", raw: "a%2Fb", stays: false },
  { name: "encoded slash and dots", raw: "..%2F..%2Fetc", stays: false },
  { name: "control character", raw: "a%0Ab", stays: true, control: true },
  { name: "broken percent-escape", raw: "%ZZ", stays: true, unreadable: true },
  { name: "cut percent-escape", raw: "a%4", stays: true, unreadable: true },
  { name: "byte that is no UTF-8", raw: "%FF", stays: true, unreadable: true },
  { name: "overlong slash", raw: "%C0%AF", stays: true, unreadable: true },
  { name: "cut multi-byte character", raw: "%E0%A6", stays: true, unreadable: true },
];

const HOSTILE_QUERY = ["%00", "x".repeat(5000), "..", "%2e%2e%2F", encodeURIComponent("০১২"), encodeURIComponent("٠١٢"), encodeURIComponent("२०२६-०१-०१"), "%ZZ", "%FF", "%C0%AF", "a%0Ab"];

// ---------------------------------------------------------------------------------------------------------------------
// Raw requests, tagged, and the log they leave.

const RUN = `hostile-${Date.now().toString(36)}`;
let sequence = 0;

type Answer = { status: number; location: string | undefined; requestId: string; echoedId: string | undefined };

function send(rawPath: string, options: { method?: string; cookie?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const base = new URL(test.info().project.use.baseURL!);
  const requestId = `${RUN}-${++sequence}`;
  const headers: Record<string, string> = { "x-request-id": requestId, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, method: options.method ?? "GET", path: rawPath, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, requestId, echoedId: res.headers["x-request-id"] as string | undefined }));
    });
    req.on("error", reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer to ${rawPath.slice(0, 120)}`)));
    req.end(options.body);
  });
}

const MAIN_LOG = process.env.E2E_MAIN_LOG;

function logSize(): number {
  return MAIN_LOG ? statSync(MAIN_LOG).size : 0;
}

/**
 * Waits until a sentinel's line is in the log: a page that does not exist logs "page not found" with its request id
 * (app/[locale]/(public)/[...missing]), sent after the walk's last answer, so the walk's lines are in the file before it.
 */
async function logCaughtUp(): Promise<void> {
  const { requestId } = await send(`/${RUN}-sentinel`);
  const deadline = Date.now() + 20_000;
  while (!readFileSync(MAIN_LOG!, "utf8").includes(`"requestId":"${requestId}"`)) {
    if (Date.now() > deadline) throw new Error(`the sentinel ${requestId} never reached ${MAIN_LOG}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Error lines the server wrote since `from` for this walk's requests. Every error Next meets in a page, an action, a
 * route handler or the proxy reaches onRequestError (instrumentation.ts), which logs it as JSON with the request's id:
 * only those lines can be told apart from another worker's spec running beside this one (Next's own "⨯" output names
 * no request).
 */
async function errorLinesSince(from: number): Promise<string[]> {
  await logCaughtUp();
  const text = readFileSync(MAIN_LOG!).subarray(from).toString("utf8");
  return text
    .split("\n")
    .filter((line) => line.trimStart().startsWith("{") && line.includes(RUN))
    .filter((line) => /"level":\s*("error"|"fatal"|50|60)\b/.test(line));
}

/** Runs a walk between two reads of the log and expects no answer of 5xx and no error line. */
async function walkExpectingNoErrors(walk: (record: (what: string, answer: Answer) => void) => Promise<void>) {
  expect(MAIN_LOG, "E2E_MAIN_LOG is not set: run the browser tests through tests/e2e/run.ts").toBeTruthy();
  const before = logSize();
  const failures: string[] = [];
  const unattributed: string[] = [];
  let count = 0;
  await walk((what, answer) => {
    count++;
    if (answer.status >= 500) failures.push(`${answer.status} ${what}`);
    // The server ran the request under this walk's id, so any log line it caused names the walk.
    if (answer.echoedId !== answer.requestId) unattributed.push(`${what}: X-Request-Id ${answer.echoedId}`);
  });
  expect(unattributed, "answers not run under the walk's request id").toEqual([]);
  expect(count).toBeGreaterThan(0);
  expect(failures, "answers of 5xx").toEqual([]);
  expect(await errorLinesSince(before), "error lines in the server's log during the walk").toEqual([]);
}

// ---------------------------------------------------------------------------------------------------------------------
// Who signs in, and valid ids for the other segments.

const cookies = new Map<Who, string>();
const valid: Record<string, string> = {};

// A walk is some hundreds of requests, PDFs among them, on a machine the other specs share.
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async ({ browser }) => {
  const staffRoles = new Set(Object.values(CASES).map((c) => c.signedIn).filter((w): w is StaffRole => w !== "borrower"));
  staffRoles.add("super_admin");
  for (const role of staffRoles) {
    const cookie = await createSessionCookie(process.env.DATABASE_URL!, process.env.AUTH_SECRET!, demoStaff(role).phone);
    cookies.set(role, `${cookie.name}=${cookie.value}`);
  }
  // The demo borrower (a running loan with payments) signs in through the screen, as on her phone, once a run: a worker
  // started again after a failure reuses her cookies (a second code within the minute would be refused).
  expect(MAIN_LOG, "E2E_MAIN_LOG is not set: run the browser tests through tests/e2e/run.ts").toBeTruthy();
  const saved = `${MAIN_LOG}.borrower-cookies`;
  if (!existsSync(saved)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await useOwnAddress(page);
    await borrowerSignIn(page, { phone: "01711000101", nidLast4: "4567" });
    writeFileSync(saved, (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; "));
    await context.close();
  }
  cookies.set("borrower", readFileSync(saved, "utf8"));

  const [society] = await dbQuery<{ societyId: string }>(
    `SELECT m."societyId" FROM "SocietyManager" m JOIN "StaffUser" s ON s."id" = m."staffUserId" WHERE s."phone" = $1 AND m."access" = 'admin' ORDER BY m."societyId" LIMIT 1`,
    [demoStaff("society_manager").phone],
  );
  valid.societyId = society!.societyId;
  const [member] = await dbQuery<{ id: string }>(`SELECT "id" FROM "SocietyMember" WHERE "societyId" = $1 ORDER BY "id" LIMIT 1`, [valid.societyId]);
  const [worker] = await dbQuery<{ id: string }>(`SELECT "id" FROM "SocietyWorker" WHERE "societyId" = $1 ORDER BY "id" LIMIT 1`, [valid.societyId]);
  valid.memberId = member!.id;
  valid.workerId = worker!.id;
  const [payment] = await dbQuery<{ paymentNumber: string; loanNumber: string }>(
    `SELECT p."paymentNumber", l."loanNumber" FROM "LoanPayment" p JOIN "Loan" l ON l."id" = p."loanId" ORDER BY p."paymentNumber" LIMIT 1`,
  );
  valid.paymentNumber = payment!.paymentNumber;
  valid.loanNumber = payment!.loanNumber;
  const [application] = await dbQuery<{ applicationId: string }>(`SELECT "applicationId" FROM "LoanApplication" ORDER BY "applicationId" LIMIT 1`);
  valid.applicationId = application!.applicationId;
  const [document] = await dbQuery<{ id: string }>(`SELECT "id" FROM "KycDocument" ORDER BY "id" LIMIT 1`);
  valid.documentId = document!.id;
  valid.missing = "no-such-page";
});

/** The pattern with each segment valid, except `hostile` (raw) in `param`. */
function address(pattern: string, param?: string, hostile?: string): string {
  return pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => (name === param ? hostile! : encodeURIComponent(valid[name]!)));
}

/** What a route answers a value that stays in its segment: the signed-out answer before, not found once signed in. */
function expectedAnswer(route: DiscoveredRoute, signedIn: boolean, hostile: (typeof HOSTILE)[number]): number[] {
  if (hostile.unreadable) return [400];
  if (route.pattern === "/[...missing]" || (hostile.control && route.kind === "page")) return [404];
  if (!signedIn) return route.kind === "page" ? [307] : hostile.nonAscii ? [401, 404, 307] : [401];
  return [404];
}

// ---------------------------------------------------------------------------------------------------------------------

test("every dynamic route on disk has a case here, and every case a route", () => {
  const discovered = discoverRoutes().map((r) => r.pattern);
  expect(discovered.length).toBeGreaterThan(10);
  expect(discovered.filter((p) => !CASES[p]), "dynamic routes without a case in hostile-paths.spec.ts").toEqual([]);
  expect(Object.keys(CASES).filter((p) => !discovered.includes(p)), "cases of routes that no longer exist").toEqual([]);
});

test("hostile values in every dynamic segment: signed out and signed in, never 5xx, no error line", async () => {
  const routes = discoverRoutes();
  const wrong: string[] = [];
  await walkExpectingNoErrors(async (record) => {
    for (const route of routes) {
      const reach = CASES[route.pattern]!;
      for (const param of route.params) {
        for (const hostile of HOSTILE) {
          const raw = hostile.raw.replace("{valid}", encodeURIComponent(valid[param]!));
          const target = address(route.pattern, param, raw);
          for (const method of route.methods) {
            for (const who of [null, reach.signedIn] as const) {
              const body = method === "GET" ? undefined : "{}";
              const origin = new URL(test.info().project.use.baseURL!).origin;
              const answer = await send(target, { method, cookie: who ? cookies.get(who) : undefined, body, headers: body ? { "content-type": "application/json", origin } : {} });
              const what = `${method} ${target.slice(0, 100)} (${hostile.name}, ${who ?? "signed out"}) → ${answer.status}`;
              record(what, answer);
              if (hostile.stays && !expectedAnswer(route, who !== null, hostile).includes(answer.status)) wrong.push(what);
            }
          }
        }
      }
    }
  });
  expect(wrong, "answers other than the route's own refusal or not-found").toEqual([]);
});

test("hostile query parameters of the routes that read them, signed in: never 5xx, no error line", async () => {
  // Some 80 PDFs among them, on a machine the other specs share.
  test.setTimeout(480_000);
  const routes = discoverRoutes();
  await walkExpectingNoErrors(async (record) => {
    for (const route of routes) {
      const reach = CASES[route.pattern]!;
      for (const name of reach.query ?? []) {
        for (const value of [...HOSTILE_QUERY, `${HOSTILE_QUERY[0]}&${name}=2026-01-01`]) {
          const target = `${address(route.pattern)}?${name}=${value}${route.pattern === "/society-manager/[societyId]" ? `&tab=${name === "q" || name === "page" ? "members" : "books"}` : ""}`;
          for (const method of route.methods.filter((m) => m === "GET")) {
            const answer = await send(target, { method, cookie: cookies.get(reach.signedIn) });
            record(`${method} ${target.slice(0, 120)} → ${answer.status}`, answer);
          }
        }
      }
    }
    for (const { path: base, query } of QUERY_ONLY) {
      for (const name of query) {
        for (const value of HOSTILE_QUERY) {
          const target = `${base}${base.includes("?") ? "&" : "?"}${name}=${value}`;
          record(`GET ${target.slice(0, 120)}`, await send(target));
        }
      }
    }
  });
});

/** Each action of this build with the page that holds it (its worker's app path, as an address of the main app). */
function buildActions(): { id: string; page: string }[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8")) as { node: Record<string, { workers: Record<string, unknown> }> };
  return Object.entries(manifest.node).map(([id, action]) => {
    const worker = Object.keys(action.workers)[0]!;
    const segments = worker
      .replace(/^app\//, "")
      .replace(/\/page$/, "")
      .split("/")
      .filter((s) => s !== "[locale]" && s !== "page" && !/^\(.*\)$/.test(s));
    return { id, page: address(`/${segments.join("/")}`.replace("/[...missing]", "/no-such-page")) };
  });
}

function whoFor(page: string): Who {
  if (page.startsWith("/admin")) return "super_admin";
  if (page.startsWith("/society-manager")) return "society_manager";
  return "borrower";
}

test("every server action with a foreign Origin is refused 403, and an id that is no action 404: no error line", async () => {
  const actions = buildActions();
  expect(actions.length).toBeGreaterThan(20);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const wrong: string[] = [];
  const expectStatus = (what: string, answer: Answer, status: number) => {
    if (answer.status !== status) wrong.push(`${what} → ${answer.status}, expected ${status}`);
  };
  await walkExpectingNoErrors(async (record) => {
    for (const { id, page } of actions) {
      for (const who of [null, whoFor(page)] as const) {
        const cookie = who ? cookies.get(who) : undefined;
        for (const foreign of ["https://evil.example", "null", "garbage"]) {
          const answer = await send(page, { method: "POST", cookie, body: "[]", headers: { origin: foreign, "next-action": id, "content-type": "text/plain;charset=UTF-8" } });
          const what = `action ${id} on ${page} from ${foreign} (${who ?? "signed out"})`;
          record(what, answer);
          expectStatus(what, answer, 403);
        }
      }
    }
    const pages = [...new Set(actions.map((a) => a.page))];
    for (const page of pages) {
      const cookie = cookies.get(whoFor(page));
      // A form posted without JavaScript from another site (no Next-Action header).
      const boundary = "hostile0boundary";
      const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--${boundary}--\r\n`;
      const mpa = await send(page, { method: "POST", cookie, body: multipart, headers: { origin: "https://evil.example", "content-type": `multipart/form-data; boundary=${boundary}` } });
      record(`multipart POST ${page} from another site`, mpa);
      expectStatus(`multipart POST ${page} from another site`, mpa, 403);
      // Same origin, an id that is no action of this build: garbled, empty, or of the right shape.
      for (const actionId of ["garbled", "", "0".repeat(42), "x".repeat(42), `${actions[0]!.id}00`]) {
        const answer = await send(page, { method: "POST", cookie, body: "[]", headers: { origin, "next-action": actionId, "content-type": "text/plain;charset=UTF-8" } });
        const what = `Next-Action ${JSON.stringify(actionId)} on ${page}`;
        record(what, answer);
        expectStatus(what, answer, 404);
      }
    }
  });
  expect(wrong).toEqual([]);
});
