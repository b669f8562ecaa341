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
    <section aria-labelledby="stats-title" data-testid="stats-strip" className="page-width py-10">
      <h2 id="stats-title" className="sr-only">
        {t("title")}
      </h2>
      <dl className="stats">
        {stats.map((stat, i) => (
          <div key={i}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
