import "server-only";
import { unstable_cache } from "next/cache";
import type { Locale } from "@/i18n/config";
import { prisma } from "@/lib/db";
import type { ProductTerms } from "./terms";

/** A loan product in one language, as the public pages show it. */
export type ProductView = ProductTerms & {
  description: string;
  features: string[];
  badge: string | null;
};

/** Cache tag of everything the public pages read about products; the product settings action updates it. */
export const PRODUCTS_CACHE_TAG = "products";

/**
 * Age after which cached products are read again. Both this cache and the pages serve their stale copy
 * while they refresh, so a page regenerated after a change may still get the old products once; the
 * next regeneration has the new ones. Kept below the pages' 30 s, a direct database change reaches the
 * public pages within about 30-45 s, never more than a minute.
 */
export const PRODUCTS_MAX_AGE_SECONDS = 15;

/**
 * The active products in one language, cached across requests (the public pages are rendered once and
 * served from Next's cache): dropped when the back office saves a product (updateTag), else re-read.
 */
export const listActiveProducts: (locale: Locale) => Promise<ProductView[]> = unstable_cache(readActiveProducts, ["active-products"], {
  tags: [PRODUCTS_CACHE_TAG],
  revalidate: PRODUCTS_MAX_AGE_SECONDS,
});

/** The active products as the database has them now: what a submission is checked against. */
export async function readActiveProducts(locale: Locale): Promise<ProductView[]> {
  const rows = await prisma.loanProduct.findMany({
    where: { active: true },
    orderBy: { sortOrder: "asc" },
  });
  return rows.map((p) => ({
    key: p.key,
    title: locale === "bn" ? p.titleBn : p.titleEn,
    description: locale === "bn" ? p.descriptionBn : p.descriptionEn,
    minAmount: p.minAmount,
    maxAmount: p.maxAmount,
    minTenure: p.minTenure,
    maxTenure: p.maxTenure,
    annualRate: p.annualRate.toNumber(),
    features: locale === "bn" ? p.featuresBn : p.featuresEn,
    badge: (locale === "bn" ? p.badgeBn : p.badgeEn) ?? null,
  }));
}

/** Every product with both languages, for the back office's product settings. */
export async function listProductsForSettings() {
  const rows = await prisma.loanProduct.findMany({ orderBy: { sortOrder: "asc" } });
  return rows.map((p) => ({
    key: p.key,
    titleBn: p.titleBn,
    titleEn: p.titleEn,
    minAmount: p.minAmount,
    maxAmount: p.maxAmount,
    minTenure: p.minTenure,
    maxTenure: p.maxTenure,
    annualRate: p.annualRate.toNumber(),
    featuresBn: p.featuresBn,
    featuresEn: p.featuresEn,
    badgeBn: p.badgeBn,
    badgeEn: p.badgeEn,
    active: p.active,
    version: p.updatedAt.toISOString(),
  }));
}
export type ProductSettingsRow = Awaited<ReturnType<typeof listProductsForSettings>>[number];
