/**
 * The accessibility walk's machinery (tests/e2e/accessibility.spec.ts): axe-core in every page of a context, a walker
 * that opens each screen at 1280 px, checks it, narrows the same screen to 360 px and checks it again, and the
 * Bengali-screen check for Latin-letter words. Every problem is collected; the spec asserts once at the end.
 */
import { createRequire } from "node:module";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { sessionCookieFor } from "./staff";
import { dbQuery, testAddress } from "./support";

export type Locale = "bn" | "en";

export type Screen = {
  name: string;
  /** The page.tsx (route, without app/[locale] and route groups) or public/ file this screen shows; for the coverage check. */
  route?: string;
  /** Brings the page to the screen, at the current width. */
  open: (page: Page) => Promise<void>;
  /** A dialog, drawer or menu: both checks look only inside it (the page behind it has its own screen). */
  scope?: string;
  /** Widths in order; the first opens the screen, later ones only narrow it (CSS-only layouts). Default 1280 then 360. */
  widths?: readonly number[];
  /** A static bilingual page: parts marked lang="en" are its English half and are not Bengali screen text. */
  bilingual?: boolean;
  /** Tab triggers inside the screen (a detail dialog's tabs): each further tab is checked as a screen of its own. */
  tabs?: string;
};

export const DIALOG = '[role="dialog"], [role="alertdialog"], dialog[open]';
const WIDTHS = [1280, 360] as const;

/** A browser context in `locale`, with axe-core in every page, signed in as `role` when given, on its own client address. */
export async function walkPage(browser: Browser, locale: Locale, role?: StaffRole): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: test.info().project.use.baseURL });
  // Before the page's own scripts: an init script is not subject to the signed-in pages' nonce policy.
  await context.addInitScript({ path: createRequire(import.meta.url).resolve("axe-core/axe.min.js") });
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: test.info().project.use.baseURL! }]);
  if (role) await sessionCookieFor(context, role);
  const page = await context.newPage();
  // Rate limits count per client address: this walk plays the trusted proxy with an address of its own (see useOwnAddress).
  await page.setExtraHTTPHeaders({ "x-forwarded-for": testAddress() });
  return page;
}

/** Loads `url` and waits until React has hydrated the page (static pages: until loaded). */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    () => !document.querySelector('script[src*="/_next/"]') || Object.keys(document.body).some((k) => k.startsWith("__reactFiber$")),
    undefined,
    { timeout: 15_000 },
  );
  // A dynamic page's <title> is streamed after its shell (Next's streaming metadata); on a busy machine it can land after
  // hydration. Wait for it a little: a page that never gets one is still reported by axe's document-title rule.
  await page.waitForFunction(() => document.title.trim() !== "", undefined, { timeout: 5_000 }).catch(() => undefined);
}

/** Clicks `trigger` until `target` shows (a click before hydration does nothing). */
export async function openBy(trigger: Locator, target: Locator): Promise<void> {
  await expect(async () => {
    if (!(await target.isVisible())) await trigger.click({ timeout: 3_000 });
    await expect(target).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * openBy for a sign-in step: the next step shows while the action's refresh is still pending, and its buttons are
 * disabled (half opacity) until it ends; their fade back in would be checked for contrast mid-way. `pendingButtons`
 * names the buttons disabled only while pending (a submit that waits for a typed code is left out).
 */
export async function openStep(trigger: Locator, step: Locator, pendingButtons = "button"): Promise<void> {
  await openBy(trigger, step);
  await expect(step.locator(`${pendingButtons}:disabled`)).toHaveCount(0);
}

/** The first visible element with this test id (lists render a table and cards; one of them is hidden). */
export const visibleTestId = (page: Page, id: string) => page.getByTestId(id).filter({ visible: true }).first();

/** On `url` with no overlay open: closes one with Escape, or loads the page again. */
export async function onPage(page: Page, url: string): Promise<void> {
  const overlays = page.locator(`${DIALOG}, [role="menu"]`).filter({ visible: true });
  const here = () => {
    const u = new URL(page.url());
    return u.pathname + u.search;
  };
  if (here() === url && (await overlays.count()) > 0) {
    await page.keyboard.press("Escape");
    await overlays.first().waitFor({ state: "hidden", timeout: 3_000 }).catch(() => undefined);
  }
  if (here() !== url || (await overlays.count()) > 0) await visit(page, url);
}

/** Layout and finite animations (dialogs fade and zoom in) have finished: colours are final for the contrast rule. */
async function settle(page: Page): Promise<void> {
  // The pointer stays where the last click left it: a hovered button would be checked in its hover colours.
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2_000))]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

export type AxeProblem = { screen: string; locale: Locale; width: number; rule: string; impact: string; help: string; targets: string[]; summary: string; nodes: number };
export type LatinProblem = { screen: string; width: number; word: string; snippet: string; where: string };
type Segment = { where: string; text: string };
type Sample = { screen: string; width: number; segments: Segment[] };

async function seriousAxe(page: Page, scope: string | undefined) {
  return page.evaluate(async (scope) => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(scope ?? document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        rule: v.id,
        impact: v.impact!,
        help: v.help,
        nodes: v.nodes.length,
        targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(" ")),
        summary: (v.nodes[0]?.failureSummary ?? "").replace(/\s+/g, " ").trim().slice(0, 300),
      }));
  }, scope);
}

/**
 * What a Bengali reader sees or hears inside `scope`: the rendered text (innerText: visible and visually hidden text),
 * the page title, and the names and descriptions given by attributes. Text in <code>/<kbd>/<samp> is literal code, not
 * prose; on bilingual static pages, parts marked lang="en" are left out.
 */
async function readableText(page: Page, scope: string | undefined, bilingual: boolean): Promise<Segment[]> {
  return page.evaluate(
    ({ scope, bilingual }) => {
      const roots = scope ? [...document.querySelectorAll<HTMLElement>(scope)].filter((el) => el.checkVisibility()) : [document.body];
      const excluded = (el: Element) => !!el.closest("code, kbd, samp") || (bilingual && /^en\b/i.test(el.closest("[lang]")?.getAttribute("lang") ?? ""));
      const segments: { where: string; text: string }[] = [];
      // A referenced name's text (it may be hidden), without its English half on a bilingual page.
      const nameText = (el: HTMLElement | null) => {
        if (!el) return "";
        const copy = el.cloneNode(true) as HTMLElement;
        if (bilingual) copy.querySelectorAll('[lang^="en"]').forEach((e) => e.remove());
        return copy.textContent ?? "";
      };
      if (!scope) segments.push({ where: "page title", text: document.title });
      for (const root of roots) {
        let text = root.innerText;
        for (const el of root.querySelectorAll<HTMLElement>(bilingual ? 'code, kbd, samp, [lang^="en"]' : "code, kbd, samp")) text = text.replace(el.innerText, " ");
        segments.push({ where: "text", text });
        for (const el of [root, ...root.querySelectorAll<HTMLElement>("*")]) {
          if (excluded(el) || !el.checkVisibility()) continue;
          const tag = el.tagName.toLowerCase();
          const testId = el.getAttribute("data-testid");
          const label = `${tag}${testId ? `[data-testid=${testId}]` : ""}`;
          for (const attr of ["aria-label", "alt", "title", "placeholder", "aria-description", "aria-roledescription", "aria-valuetext"]) {
            const value = el.getAttribute(attr);
            if (value) segments.push({ where: `${attr} of ${label}`, text: value });
          }
          const ids = el.getAttribute("aria-labelledby") ?? "";
          for (const [attr, list] of [["aria-labelledby", ids], ["aria-describedby", el.getAttribute("aria-describedby") ?? ""]] as const) {
            const text = list.split(/\s+/).map((id) => (id ? nameText(document.getElementById(id)) : "")).join(" ").trim();
            if (text) segments.push({ where: `${attr} of ${label}`, text });
          }
          if (el instanceof HTMLInputElement && ["button", "submit", "reset"].includes(el.type) && el.value) segments.push({ where: `value of ${label}`, text: el.value });
        }
      }
      return segments;
    },
    { scope, bilingual },
  );
}

/** Opens each screen and checks it at each width; problems are kept, never thrown, so one run shows them all. */
export class Walk {
  readonly axe: AxeProblem[] = [];
  readonly walkErrors: string[] = [];
  /** Seconds per screen (both widths), in the attached JSON: where the walk's time goes. */
  readonly timings: Record<string, number> = {};
  private readonly samples: Sample[] = [];

  constructor(readonly locale: Locale) {}

  async screens(page: Page, screens: readonly Screen[]): Promise<void> {
    for (const screen of screens) await this.screen(page, screen);
  }

  async screen(page: Page, screen: Screen): Promise<void> {
    const widths = screen.widths ?? WIDTHS;
    const started = Date.now();
    for (const [i, width] of widths.entries()) {
      try {
        await page.setViewportSize({ width, height: 800 });
        if (i === 0) await screen.open(page);
        await settle(page);
        for (const v of await seriousAxe(page, screen.scope)) this.axe.push({ screen: screen.name, locale: this.locale, width, ...v });
        if (this.locale === "bn") this.samples.push({ screen: screen.name, width, segments: await readableText(page, screen.scope, !!screen.bilingual) });
      } catch (error) {
        this.walkErrors.push(`[walk] ${screen.name} · ${this.locale} · ${width}px: ${String(error instanceof Error ? error.message : error).split("\n")[0]}`);
        if (i === 0) break;
      }
    }
    this.timings[screen.name] = (Date.now() - started) / 1000;
    if (!screen.tabs || this.walkErrors.some((e) => e.startsWith(`[walk] ${screen.name} ·`))) return;
    const tabs = page.locator(screen.tabs);
    const count = await tabs.count();
    for (let t = 1; t < count; t++) {
      const tab = tabs.nth(t);
      const label = (await tab.getAttribute("data-testid")) ?? String(t + 1);
      await this.screen(page, {
        name: `${screen.name} › ${label}`,
        scope: screen.scope,
        widths: screen.widths,
        open: async () => {
          await tab.click();
          await expect(tab).toHaveAttribute("aria-selected", "true");
        },
      });
    }
  }

  /** Bengali only: the Latin words found, judged against the database as it is now (other specs add names meanwhile). */
  async latin(): Promise<LatinProblem[]> {
    if (this.locale !== "bn") return [];
    const allowed = await latinAllowances();
    const seen = new Set<string>();
    const problems: LatinProblem[] = [];
    for (const sample of this.samples) {
      for (const segment of sample.segments) {
        for (const { word, snippet } of latinWords(segment.text, allowed)) {
          const key = `${sample.screen}\u0000${word}\u0000${snippet}`;
          if (seen.has(key)) continue;
          seen.add(key);
          problems.push({ screen: sample.screen, width: sample.width, word, snippet, where: segment.where });
        }
      }
    }
    return problems;
  }

  /** One readable line per problem; attached as JSON too. */
  async report(): Promise<string[]> {
    const latin = await this.latin();
    await test.info().attach(`a11y-${this.locale}.json`, { body: JSON.stringify({ axe: this.axe, latin, walk: this.walkErrors, timings: this.timings }, null, 2), contentType: "application/json" });
    return [
      ...this.walkErrors,
      ...this.axe.map((p) => `[axe] ${p.screen} · ${p.locale} · ${p.width}px · ${p.rule} (${p.impact}, ${p.nodes} element${p.nodes === 1 ? "" : "s"}): ${p.help} — ${p.targets.join(" | ")} — ${p.summary}`),
      ...latin.map((p) => `[latin] ${p.screen} · bn · ${p.width}px · "${p.word}" in ${p.where}: …${p.snippet}…`),
    ];
  }
}

/**
 * Latin-letter words a Bengali screen may show without a translation, kept short on purpose: a brand, file type or unit
 * is here only when the project's Bengali text (messages/bn.json, the Bengali half of public/*.html) has no Bengali
 * spelling for it. Not here, because that text spells them in Bengali: bKash/Nagad/Rocket (বিকাশ, নগদ, রকেট),
 * Android/Chrome/iPhone (অ্যান্ড্রয়েড, ক্রোম, আইফোন), NID, SMS, EMI (এনআইডি, এসএমএস, ইএমআই), PDF, CSV (পিডিএফ, সিএসভি).
 */
const ALLOWED_WORDS = new Set([
  // The language toggle names the other language in that language.
  "English",
  // Browsers and systems with no Bengali spelling in the app's Bengali text (unlike Chrome and Android: ক্রোম, অ্যান্ড্রয়েড).
  "Safari",
  "iOS",
  // Units of file size, as phones and computers show them ("৫MB-এর").
  "KB",
  "MB",
  "GB",
  // File types, as file pickers and phone settings show them.
  "JPG",
  "JPEG",
  "PNG",
  "HEIC",
  "WebP",
  "JSON",
  "APK",
  // Authenticator apps the staff must find in the app store under these names, and the QR code they scan.
  "Google",
  "Microsoft",
  "Authenticator",
  "Aegis",
  "QR",
  // The label of the transaction id in mobile-money receipts, which staff copy from the SMS.
  "TrxID",
]);

/** Brand names of more than one word, allowed only whole. */
const ALLOWED_PHRASES = ["Samsung Internet"];

/** Prefixes of the app's own references (lib/ids, lib/society/codes), quoted bare in hints: "LN-…", "LB দিয়ে শুরু". */
// HO: the head office's code, kept as typed like every office code (the others carry digits: B0001, A01).
const REFERENCE_PREFIX = /^(LN|KYC|PAY|LB|APP|U|RB|AS|WS|W|M|C|HO)-?$/;

type Allowances = { nameWords: Set<string>; phrases: string[] };

/**
 * From the database: the words of people's and societies' names (allowed anywhere), and what people typed (addresses,
 * employers, banks, purposes, notes, reasons, messages as sent), allowed only where it appears whole. Text the app
 * writes itself (collection activity descriptions, audit actions, errors) is not here: shown raw it is a finding.
 */
async function latinAllowances(): Promise<Allowances> {
  const names = await dbQuery<{ v: string }>(
    `SELECT v FROM (
       SELECT "name" AS v FROM "Customer" UNION SELECT "emergencyContactName" FROM "Customer"
       UNION SELECT "name" FROM "LoanApplication" UNION SELECT "nidVerifiedName" FROM "LoanApplication"
       UNION SELECT "nidFatherName" FROM "LoanApplication" UNION SELECT "nidMotherName" FROM "LoanApplication"
       UNION SELECT "name" FROM "StaffUser" UNION SELECT "name" FROM "Society"
       UNION SELECT "name" FROM "SocietyWorker" UNION SELECT "name" FROM "SocietyMember"
     ) n WHERE v ~ '[A-Za-z]'`,
  );
  const typed = await dbQuery<{ v: string }>(
    `SELECT v FROM (
       SELECT "address" AS v FROM "Customer" UNION SELECT "employer" FROM "Customer" UNION SELECT "emergencyContactRelation" FROM "Customer"
       UNION SELECT "bankName" FROM "Customer" UNION SELECT "bankBranch" FROM "Customer"
       UNION SELECT "purpose" FROM "LoanApplication" UNION SELECT "address" FROM "LoanApplication" UNION SELECT "employer" FROM "LoanApplication"
       UNION SELECT "nidVerifiedAddress" FROM "LoanApplication" UNION SELECT "rejectionReason" FROM "LoanApplication"
       UNION SELECT "purpose" FROM "Loan" UNION SELECT "rejectionReason" FROM "Loan" UNION SELECT "disbursementBankName" FROM "Loan"
       UNION SELECT "content" FROM "LoanNote" UNION SELECT "content" FROM "KycNote" UNION SELECT "rejectionReason" FROM "KycCase"
       UNION SELECT "ocrText" FROM "KycDocument" UNION SELECT "reason" FROM "BlacklistEntry"
       UNION SELECT "reference" FROM "LoanPayment" UNION SELECT "notes" FROM "LoanPayment"
       UNION SELECT "address" FROM "Society" UNION SELECT "area" FROM "SocietyWorker" UNION SELECT "area" FROM "SocietyMember"
       UNION SELECT "category" FROM "IncomeExpense" UNION SELECT "description" FROM "IncomeExpense"
       UNION SELECT "note" FROM "FieldCashHandover" UNION SELECT "confirmNote" FROM "FieldCashHandover"
       UNION SELECT "originalName" FROM "StoredDocument" UNION SELECT "subject" FROM "OutboxMessage" UNION SELECT "body" FROM "OutboxMessage"
     ) t WHERE v ~ '[A-Za-z]'`,
  );
  const nameWords = new Set(names.flatMap((r) => latinParts(r.v)).map((w) => w.toLowerCase()));
  const phrases = [...ALLOWED_PHRASES, ...typed.map((r) => r.v)]
    .map(squash).filter((p) => p.length > 0).sort((a, b) => b.length - a.length);
  return { nameWords, phrases };
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();
const latinParts = (s: string) => s.split(/[^\p{Script=Latin}]+/u).filter((w) => /\p{Script=Latin}/u.test(w));

/** A code, not a word: a number or reference, an e-mail address, a web address or path, a file name or type. */
function isCode(token: string): boolean {
  return (
    /[0-9০-৯]/.test(token) ||
    /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(token) ||
    /^(https?:\/\/|www\.|\/)/i.test(token) ||
    /^[a-z0-9-]{2,}(\.[a-z0-9-]{2,})+(\/\S*)?$/i.test(token) ||
    /^\.[a-z0-9]+(\.[a-z0-9]+)*$/i.test(token) ||
    /^(image|application|text|audio|video)\/[a-z0-9.+-]+$/.test(token) ||
    REFERENCE_PREFIX.test(token)
  );
}

/** The words of `text` with a Latin letter that are not a name, code, unit or allowed brand, each with ±40 characters. */
export function latinWords(text: string, allowed: Allowances): { word: string; snippet: string }[] {
  let masked = squash(text);
  const original = masked;
  for (const phrase of allowed.phrases) masked = masked.split(phrase).join(" ".repeat(phrase.length));
  const found: { word: string; snippet: string }[] = [];
  for (const match of masked.matchAll(/\S+/g)) {
    const token = match[0];
    if (!/\p{Script=Latin}/u.test(token)) continue;
    const core = token.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, "");
    if (isCode(core) || isCode(token)) continue;
    const bad = latinParts(core).filter((w) => !ALLOWED_WORDS.has(w) && !allowed.nameWords.has(w.toLowerCase()));
    if (bad.length === 0) continue;
    const at = match.index ?? 0;
    const snippet = original.slice(Math.max(0, at - 40), at + token.length + 40);
    found.push({ word: bad.join(" "), snippet });
  }
  return found;
}
