import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { log } from "@/lib/ops/logger";
import { printable } from "@/lib/validation/path-params";

/**
 * Catches every URL no other route or public file answers, logs it, and shows the 404 page
 * inside the public layout. Logging lives here rather than in a not-found file because Next.js
 * renders not-found files on every request (to have them ready), so a log there would fire for
 * every page. Trade-off: after notFound() in a dynamic route, Next.js 16 sends the 404 body in the
 * RSC payload and the browser renders it, so the page needs JavaScript (every phone we target has it).
 */
export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  // The language from the address (/en/…), before any translation: the proxy no longer tells next-intl.
  await segmentLocale(props);
  const t = await getTranslations("notFound");
  return { title: t("metaTitle") };
}

// Any path at all: caching each one would let a scanner fill the cache. Rendered per request.
export const dynamic = "force-dynamic";

export default async function MissingPage({ params }: { params: Promise<{ locale: string; missing: string[] }> }) {
  await segmentLocale({ params });
  const { missing } = await params;
  // Any segments at all name nothing here: the address is only logged, control characters and length made harmless.
  log.warn({ area: "404", path: printable(`/${missing.join("/")}`) }, "page not found");
  notFound();
}
