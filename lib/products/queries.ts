import "server-only";
import type { Locale } from "@/i18n/config";
import { prisma } from "@/lib/db";
import type { LoanType } from "@/lib/generated/prisma/enums";

/** A loan product in one language, as the public pages show it. */
export type ProductView = {
  key: LoanType;
  title: string;
  description: string;
  minAmount: number;
  maxAmount: number;
  minTenure: number;
  maxTenure: number;
  annualRate: number;
  features: string[];
  badge: string | null;
};

export async function listActiveProducts(locale: Locale): Promise<ProductView[]> {
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
