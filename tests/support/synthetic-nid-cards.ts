/**
 * Synthetic Bangladeshi NID cards for the OCR tests and benchmark, rendered by Chromium from known names, numbers
 * and dates: the smart card's front (Bengali and English lines, "ID NO"), and the older laminated card ("National ID
 * No.", 13 or 17 digits). Each identity is photographed clear; some also rotated, blurred, dark or at low resolution,
 * as phones deliver them. Deterministic: the same set every run.
 */
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

export type SyntheticIdentity = {
  nameBn: string;
  nameEn: string;
  fatherBn: string;
  motherBn: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  nid: string;
  style: "smart" | "old";
};

export type CardVariant = "clear" | "tilted" | "rotated90" | "blurred" | "dark" | "lowres";

export type SyntheticCard = { identity: SyntheticIdentity; variant: CardVariant; jpeg: Uint8Array };

const FIRST = [
  ["রহিমা", "RAHIMA"], ["কামাল", "KAMAL"], ["নুসরাত", "NUSRAT"], ["হাবিবুর", "HABIBUR"], ["ফাতেমা", "FATEMA"], ["জামাল", "JAMAL"],
  ["শিরিন", "SHIRIN"], ["রফিক", "RAFIQ"], ["সুমাইয়া", "SUMAIYA"], ["আনোয়ার", "ANWAR"], ["রুবিনা", "RUBINA"], ["মাহমুদ", "MAHMUD"],
] as const;
const LAST = [["খাতুন", "KHATUN"], ["হোসেন", "HOSSAIN"], ["জাহান", "JAHAN"], ["রহমান", "RAHMAN"], ["বেগম", "BEGUM"], ["উদ্দিন", "UDDIN"]] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 24 identities: names in both scripts, dates 1960-2004, NIDs of 10 (smart card), 13 and 17 digits (old card). */
export function syntheticIdentities(): SyntheticIdentity[] {
  return Array.from({ length: 24 }, (_, i) => {
    const [firstBn, firstEn] = FIRST[i % FIRST.length]!;
    const [lastBn, lastEn] = LAST[(i * 5) % LAST.length]!;
    const title = i % 4 === 1 ? ["মোঃ ", "MD "] : ["", ""];
    const year = 1960 + ((i * 7) % 45);
    const month = 1 + ((i * 5) % 12);
    const day = 1 + ((i * 11) % 28);
    const dateOfBirth = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    const serial = String(((1_234_567_891 + i * 987_654_323) % 9_000_000_000) + 1_000_000_000);
    const style = i % 3 === 2 ? "old" : "smart";
    const nid = style === "smart" ? serial : i % 2 === 0 ? `${year}${serial.slice(1)}${String(i).padStart(4, "0")}`.slice(0, 17) : `${String(year).slice(2)}${serial}${i % 10}`;
    return {
      nameBn: `${title[0]}${firstBn} ${lastBn}`,
      nameEn: `${title[1]}${firstEn} ${lastEn}`,
      fatherBn: `${FIRST[(i + 3) % FIRST.length]![0]} ${LAST[(i + 1) % LAST.length]![0]}`,
      motherBn: `${FIRST[(i + 6) % FIRST.length]![0]} বেগম`,
      dateOfBirth,
      nid,
      style,
    };
  });
}

function printedDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
}

/** Groups the smart card's number as printed: 1234 567 890. */
function printedNid(nid: string): string {
  return nid.length === 10 ? `${nid.slice(0, 4)} ${nid.slice(4, 7)} ${nid.slice(7)}` : nid;
}

function fontFace(): string {
  const font = (file: string) => readFileSync(path.join(import.meta.dirname, "../../assets/fonts", file)).toString("base64");
  return `@font-face { font-family: "Card Bengali"; src: url(data:font/ttf;base64,${font("NotoSansBengali-Regular.ttf")}); font-weight: 400; }
    @font-face { font-family: "Card Bengali"; src: url(data:font/ttf;base64,${font("NotoSansBengali-Bold.ttf")}); font-weight: 700; }`;
}

function cardHtml(p: SyntheticIdentity): string {
  const lines =
    p.style === "smart"
      ? `<div class="bn">নাম: ${p.nameBn}</div>
         <div class="en">Name: ${p.nameEn}</div>
         <div class="bn small">পিতা: ${p.fatherBn}</div>
         <div class="bn small">মাতা: ${p.motherBn}</div>
         <div class="en">Date of Birth: ${printedDate(p.dateOfBirth)}</div>
         <div class="en id">ID NO: ${printedNid(p.nid)}</div>`
      : `<div class="bn">নাম: ${p.nameBn}</div>
         <div class="en">Name: ${p.nameEn}</div>
         <div class="bn small">পিতা: ${p.fatherBn} &nbsp; মাতা: ${p.motherBn}</div>
         <div class="en">Date of Birth: ${printedDate(p.dateOfBirth)}</div>
         <div class="en id">National ID No. ${p.nid}</div>`;
  return `<div class="card ${p.style}">
    <div class="head"><div class="flag"></div><div>
      <div class="bn title">গণপ্রজাতন্ত্রী বাংলাদেশ সরকার</div>
      <div class="en sub">Government of the People's Republic of Bangladesh</div>
      <div class="en sub">National ID Card / <span class="bn">জাতীয় পরিচয় পত্র</span></div></div></div>
    <div class="body"><div class="photo"></div><div class="fields">${lines}</div></div></div>`;
}

const VARIANT_STYLE: Record<CardVariant, string> = {
  clear: "",
  tilted: "transform: rotate(-6deg);",
  rotated90: "transform: rotate(90deg);",
  blurred: "filter: blur(1.3px);",
  dark: "filter: brightness(0.45) contrast(0.85);",
  lowres: "",
};

/** The variants each identity gets: every one clear; every second tilted, blurred or dark; a few turned or small. */
function variantsOf(index: number): CardVariant[] {
  const hard: CardVariant[] = (["tilted", "blurred", "dark", "lowres", "rotated90"] as const).filter((_, k) => (index + k) % 3 === 0);
  return ["clear", ...hard];
}

export async function renderSyntheticCards(identities = syntheticIdentities()): Promise<SyntheticCard[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 }, deviceScaleFactor: 1 });
    const style = `<style>${fontFace()}
      body { margin: 0; width: 100vw; height: 100vh; display: flex; align-items: center; justify-content: center;
             background: repeating-linear-gradient(45deg, #9a8f7f, #9a8f7f 14px, #a39886 14px, #a39886 28px); }
      .card { width: 860px; height: 540px; border-radius: 24px; background: linear-gradient(135deg, #f4f7f1, #e8efe6); box-shadow: 0 6px 18px #0006; overflow: hidden; }
      .head { display: flex; gap: 20px; align-items: center; background: #0d6b46; color: white; padding: 16px 28px; }
      .flag { width: 56px; height: 56px; border-radius: 50%; background: #d93a3a; flex: none; }
      .bn { font-family: "Card Bengali", sans-serif; }
      .en { font-family: "Noto Sans", "DejaVu Sans", Arial, sans-serif; }
      .title { font-size: 26px; font-weight: 700; } .sub { font-size: 18px; }
      .body { display: flex; gap: 30px; padding: 26px 30px; }
      .photo { width: 170px; height: 210px; background: #b9c3cc; border-radius: 6px; flex: none; }
      .fields { display: flex; flex-direction: column; gap: 10px; color: #1c2a22; font-size: 24px; }
      .small { font-size: 20px; } .id { font-size: 30px; font-weight: 700; margin-top: 10px; letter-spacing: 1px; }
      .old .head { background: #3d5a80; }
    </style>`;
    const cards: SyntheticCard[] = [];
    for (const [index, identity] of identities.entries()) {
      for (const variant of variantsOf(index)) {
        // A card photographed with the phone held the other way: a portrait picture of a card lying sideways.
        await page.setViewportSize(variant === "rotated90" ? { width: 700, height: 1000 } : { width: 1000, height: 700 });
        await page.setContent(`<!doctype html><html><head><meta charset="utf-8">${style}</head><body><div style="${VARIANT_STYLE[variant]}">${cardHtml(identity)}</div></body></html>`);
        await page.evaluate(() => document.fonts.ready);
        let jpeg = new Uint8Array(await page.screenshot({ type: "jpeg", quality: 85 }));
        if (variant === "lowres") {
          // A distant, small photo: 400 px wide, as a cheap phone's thumbnail.
          const sharp = (await import("sharp")).default;
          jpeg = new Uint8Array(await sharp(jpeg).resize({ width: 400 }).jpeg({ quality: 70 }).toBuffer());
        }
        cards.push({ identity, variant, jpeg });
      }
    }
    return cards;
  } finally {
    await browser.close();
  }
}

/** Writes the set to a folder (to look at it, or to feed other tools). */
export function writeSyntheticCards(cards: SyntheticCard[], folder: string): void {
  mkdirSync(folder, { recursive: true });
  for (const [i, card] of cards.entries()) writeFileSync(path.join(folder, `${String(i).padStart(3, "0")}-${card.variant}.jpg`), card.jpeg);
}
