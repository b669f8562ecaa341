/**
 * `npm run bench:pdf`: the society's PDFs rendered on one core, without a database (the documents are fed
 * plain data, as the route handlers feed them). The complete database report at about 10, 100 and 500 pages
 * (members sized to fill them, Bengali names), the member profile and the calendar; each run once as this
 * project renders them (planned pages drawn directly, shaping cache, pdfkit font reuse) and once as plain
 * react-pdf sets the same content (bench/plain-react-pdf.tsx), in a separate process so nothing is shared.
 * BENCH_ROUNDS (default 5) for the small documents.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { createTranslator } from "next-intl";
import { renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import bn from "../messages/bn.json";
import { planTables, TablesDocument, type PdfChrome } from "../lib/pdf/components";
import { ensurePdfFonts } from "../lib/pdf/fonts";
import { installPdfkitFontReuse } from "../lib/pdf/pdfkit-font-reuse";
import { setShapingCacheEnabled } from "../lib/pdf/shaping-cache";
import { databaseReportSections, memberProfileSections, MemberCalendarDocument, type Translate } from "../lib/pdf/society-reports";
import { calendarMonth } from "../lib/society/rules";
import { PlainTablesDocument } from "./plain-react-pdf";
import { stats } from "./stats";

const mode = process.env.BENCH_PDF_MODE;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
/**
 * Plain react-pdf paginates by laying out what is left again for every page: the 500-page report ran for
 * over 20 minutes at 3 GB without finishing here, so by default it is skipped for the baseline.
 */
const plainMaxMembers = Number(process.env.BENCH_PLAIN_MAX_MEMBERS ?? 5_000);
const reportRounds = (members: number) => (members > 10_000 ? 3 : rounds);
const t = createTranslator({ locale: "bn", messages: bn, namespace: "society.pdf" }) as unknown as Translate;
const chrome: PdfChrome = { locale: "bn", societyName: "আদর্শ সঞ্চয় সমিতি", title: t("databaseTitle"), printedAt: t("printedAt", { time: "২৩ নভে, ২০২৬, ১০:০০" }), pageTemplate: t("page", { page: "{page}", total: "{total}" }), continued: t("continued") };
const first = ["রহিমা", "সালমা", "আয়েশা", "ফাতেমা", "কুলসুম", "শিরিন", "নাসরিন", "মরিয়ম", "জোহরা", "হাসিনা"];
const last = ["খাতুন", "বেগম", "আক্তার", "সুলতানা", "পারভীন", "ইসলাম"];
const workers = Array.from({ length: 10 }, (_, i) => ({ code: `W${String(i + 1).padStart(3, "0")}`, name: `কর্মী ${first[i]} শ্রমিক`, area: `মিরপুর ${i + 1}`, phone: `+88017110000${String(i).padStart(2, "0")}`, totalMembers: 0, dailyCollection: 125_000 * (i + 1), status: "active" }));
const member = (i: number) => ({
  code: `M${String(i + 1).padStart(3, "0")}`, memberCode: `ASS-${i + 1}`, name: `${first[i % 10]} ${last[i % 6]} ${i % 7 === 0 ? "স্ত্রী সংগ্রহ কিস্তি" : ""}`.trim(),
  nid: String(3_304_718_265 + i), phone: `+88018${String(11_000_000 + i).padStart(8, "0")}`, area: workers[i % 10]!.area, installmentAmount: 100 + (i % 5) * 50, savingsAmount: (i % 4) * 10, status: "active", workerName: workers[i % 10]!.name,
});
const collection = (i: number) => ({ code: `C${String(i + 1).padStart(3, "0")}`, date: `2026-11-${String((i % 23) + 1).padStart(2, "0")}`, memberName: member(i).name, memberCode: member(i).memberCode, workerName: member(i).workerName, installment: 100, savings: 50 });

function report(members: number) {
  return databaseReportSections(
    { society: { name: chrome.societyName, registrationNumber: "DHK-COOP-2019-0417", address: "১২ মিরপুর রোড, ঢাকা" }, stats: { workers: 10, members, collections: 300_000, totalAmount: 45_000_000 }, workers, members: Array.from({ length: members }, (_, i) => member(i)), collections: Array.from({ length: 50 }, (_, i) => collection(i)), range: null, truncated: false },
    t,
    "bn",
  );
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measure() {
  if (mode === "fast") installPdfkitFontReuse();
  await ensurePdfFonts();
  setShapingCacheEnabled(mode === "fast");
  const out: Record<string, number> = {};
  const fast = mode === "fast";
  // Pages as printed: react-pdf's own pagination may place the same rows on a different number of pages.
  const render = async (sections: ReturnType<typeof report>) => {
    const pdf = fast ? await renderToBuffer(createElement(TablesDocument, { chrome, pages: planTables(sections) }) as never) : await renderToBuffer(createElement(PlainTablesDocument, { chrome, sections }) as never);
    return pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;
  };
  await render(report(200)); // warm-up
  for (const members of [430, 4_650, 23_400]) {
    if (!fast && members > plainMaxMembers) continue;
    let pages = 0;
    // Median of several renders (this machine's timings vary by a fifth from run to run); plain react-pdf,
    // at minutes a document, once.
    const times: number[] = [];
    for (let round = 0; round < (fast ? reportRounds(members) : 1); round++) {
      times.push(
        await time(async () => {
          pages = await render(report(members));
        }),
      );
    }
    const ms = stats(times).p50;
    if (process.env.BENCH_DEBUG) console.error(members, times.map((t) => t.toFixed(0)).join(" "));
    out[`report${members}`] = pages / (ms / 1000);
    out[`report${members}ms`] = ms;
    out[`report${members}pages`] = pages;
  }
  const profile = { member: { ...member(0), loanAmount: 20_000, joinDate: "2026-01-05", membershipType: "regular" }, month: { month: "2026-11", installment: 2_300, savings: 1_150, collectedDays: 23, missedDays: 0, target: 4_500 }, recent: Array.from({ length: 15 }, (_, i) => collection(i)) };
  const calendar = { member: member(0), calendar: calendarMonth("2026-11", "2026-11-23", new Map(Array.from({ length: 20 }, (_, i) => [`2026-11-${String(i + 1).padStart(2, "0")}`, { installment: 100, savings: 50 }]))) };
  const profileMs: number[] = [];
  const calendarMs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    profileMs.push(await time(() => render(memberProfileSections(profile, t, "bn"))));
    calendarMs.push(await time(() => renderToBuffer(createElement(MemberCalendarDocument, { chrome, data: calendar, t }) as never)));
  }
  out.profileP50 = stats(profileMs).p50;
  out.calendarP50 = stats(calendarMs).p50;
  console.log(JSON.stringify(out));
}

if (mode) {
  void measure();
} else {
  const run = (m: string) => {
    const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], { env: { ...process.env, BENCH_PDF_MODE: m }, encoding: "utf8" });
    if (child.status !== 0) throw new Error(child.stderr);
    return JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Record<string, number>;
  };
  const plain = run("plain");
  const fast = run("fast");
  console.log("| Document | plain react-pdf | this project | gain |\n|---|---|---|---|");
  for (const key of Object.keys(fast).filter((k) => /^report\d+$/.test(k))) {
    const cell = (r: Record<string, number>) => (r[key] === undefined ? `not run (BENCH_PLAIN_MAX_MEMBERS)` : `${r[key].toFixed(1)} pages/s (${r[`${key}pages`]} pages, ${(r[`${key}ms`]! / 1000).toFixed(2)} s)`);
    const gain = plain[key] === undefined ? "—" : `×${(fast[key]! / plain[key]).toFixed(1)}`;
    console.log(`| Database report, ${key.slice(6)} members | ${cell(plain)} | ${cell(fast)} | ${gain} |`);
  }
  console.log(`| Member profile (p50 of ${rounds}) | ${plain.profileP50!.toFixed(0)} ms | ${fast.profileP50!.toFixed(0)} ms | ×${(plain.profileP50! / fast.profileP50!).toFixed(1)} |`);
  console.log(`| Collection calendar (p50 of ${rounds}) | ${plain.calendarP50!.toFixed(0)} ms | ${fast.calendarP50!.toFixed(0)} ms | ×${(plain.calendarP50! / fast.calendarP50!).toFixed(1)} |`);
}
