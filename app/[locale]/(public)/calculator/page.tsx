import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { EmiCalculator, type CalculatorProduct } from "@/components/loans/emi-calculator";
import { LoanType } from "@/lib/generated/prisma/enums";
import { CALCULATOR_RATES } from "@/lib/loans/emi";
import { listActiveProducts } from "@/lib/products/queries";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("calculator");
  return { title: t("metaTitle") };
}

function isLoanType(value: unknown): value is LoanType {
  return typeof value === "string" && Object.values(LoanType).includes(value as LoanType);
}

export default async function CalculatorPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, locale, { type }] = await Promise.all([getTranslations("calculator"), getLocale(), searchParams]);

  let products: CalculatorProduct[] = (await listActiveProducts(locale)).map((p) => ({
    key: p.key,
    title: p.title,
    annualRate: p.annualRate,
    amount: { min: p.minAmount, max: p.maxAmount },
    tenure: { min: p.minTenure, max: p.maxTenure },
  }));
  // With no products configured the calculator still works on the spec's standard rates, without limits.
  if (products.length === 0) {
    products = Object.values(LoanType).map((key) => ({
      key,
      title: t(`types.${key}`),
      annualRate: CALCULATOR_RATES[key],
      amount: null,
      tenure: null,
    }));
  }

  // /loans links here with ?type=<key> so the chosen product is preselected.
  const initialType = isLoanType(type) && products.some((p) => p.key === type) ? type : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <header className="mb-6 max-w-2xl md:mb-8">
        <h1 className="text-2xl font-bold md:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground mt-2">{t("subtitle")}</p>
      </header>
      <ClientMessages namespaces={["calculator"]}>
        <EmiCalculator products={products} initialType={initialType} />
      </ClientMessages>
    </div>
  );
}
