import { getLocale, getTranslations } from "next-intl/server";
import { formatNumber, formatPercent, localizeDigits } from "@/lib/format";

/** Marketing figures fixed by the spec (section 1), not computed from data. */
const CUSTOMERS = 50_000;
const APPROVAL_RATE_PERCENT = 85;
const DISBURSED_CRORE = 100;

export async function StatsStrip() {
  const locale = await getLocale();
  const t = await getTranslations("home.stats");
  const stats = [
    { value: `${formatNumber(CUSTOMERS, locale)}+`, label: t("customers") },
    { value: formatPercent(APPROVAL_RATE_PERCENT, locale), label: t("approval") },
    { value: t("disbursedValue", { amount: formatNumber(DISBURSED_CRORE, locale) }), label: t("disbursed") },
    { value: localizeDigits("24/7", locale), label: t("support") },
  ];
  return (
    <section aria-labelledby="stats-title" data-testid="stats-strip" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h2 id="stats-title" className="sr-only">
        {t("title")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse rounded-xl border bg-card px-3 py-4 text-center shadow-xs">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-xl font-bold whitespace-nowrap text-primary min-[400px]:text-2xl sm:text-3xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
