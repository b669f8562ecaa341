/** The month-end classification and provisioning (issue 50, point 3): the rules, the runs and a run's report. */
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ListTable } from "@/components/admin/list-parts";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import type { ProvisioningReportBranch, ProvisioningRuleRow } from "@/lib/accounting/queries";
import type { BooksQuery } from "@/lib/accounting/schemas";
import type { ProvisioningBase } from "@/lib/generated/prisma/enums";
import { formatCalendarDate, formatNumber, formatPercent, formatTaka } from "@/lib/format";
import { addCalendarDays } from "@/lib/repayments/schedule";
import { cn } from "@/lib/utils";
import { booksHref } from "./books-tables";

const num = "text-right tabular-nums whitespace-nowrap";

export async function ProvisioningRules({ rules, base }: { rules: ProvisioningRuleRow[]; base: ProvisioningBase }) {
  const [t, locale] = await Promise.all([getTranslations("adminAccounting.provisioning"), getLocale() as Promise<Locale>]);
  const days = (r: ProvisioningRuleRow) =>
    r.maxDays === null
      ? t("daysOver", { days: formatNumber(r.minDays - 1, locale) })
      : r.maxDays === 0
        ? t("notOverdue")
        : t("daysRange", { from: formatNumber(r.minDays, locale), to: formatNumber(r.maxDays, locale) });
  return (
    <section aria-labelledby="provisioning-rules-title" className="mb-6">
      <h2 id="provisioning-rules-title" className="mb-1 text-base font-semibold">
        {t("rulesTitle")}
      </h2>
      <p className="mb-2 text-sm text-muted-foreground">{t("rulesText")}</p>
      <p className="mb-2 text-sm" data-testid="provisioning-base" data-base={base}>
        {t("baseIs", { base: t(`bases.${base}`) })}
      </p>
      <ListTable testId="provisioning-rules" columns={[t("category"), t("daysOverdue"), t("rate")]}>
        {rules.map((r) => (
          <TableRow key={r.category} data-category={r.category}>
            <TableCell>{t(`categories.${r.category}`)}</TableCell>
            <TableCell>{days(r)}</TableCell>
            <TableCell className={num}>{formatPercent(r.percent, locale)}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    </section>
  );
}

export async function ProvisioningRuns({ runs, query }: { runs: { asOf: string }[]; query: BooksQuery }) {
  const [t, locale] = await Promise.all([getTranslations("adminAccounting.provisioning"), getLocale() as Promise<Locale>]);
  if (runs.length === 0) return <p className="mb-4 text-sm text-muted-foreground" data-testid="provisioning-no-runs">{t("noRuns")}</p>;
  return (
    <nav className="mb-4 flex flex-wrap gap-2 text-sm" aria-label={t("runsLabel")} data-testid="provisioning-runs">
      {runs.map((run) => (
        <Link
          key={run.asOf}
          href={booksHref(query, { view: "provisioning", run: run.asOf })}
          aria-current={run.asOf === query.run ? "page" : undefined}
          className={cn("rounded border px-2 py-1", run.asOf === query.run ? "bg-muted font-semibold" : "hover:bg-muted")}
        >
          {formatCalendarDate(run.asOf, locale)}
        </Link>
      ))}
    </nav>
  );
}

export async function ProvisioningReport({ asOf, branches }: { asOf: string; branches: ProvisioningReportBranch[] }) {
  const [t, locale] = await Promise.all([getTranslations("adminAccounting.provisioning"), getLocale() as Promise<Locale>]);
  const taka = (v: number) => formatTaka(v, locale);
  return (
    <section aria-labelledby="provisioning-report-title">
      <h2 id="provisioning-report-title" className="mb-2 text-base font-semibold">
        {t("reportTitle", { date: formatCalendarDate(asOf, locale) })}
      </h2>
      {branches.length === 0 ? <p className="text-sm text-muted-foreground">{t("reportEmpty")}</p> : null}
      {branches.map((branch) => (
        <div key={branch.branchId} className="mb-4" data-testid="provisioning-branch" data-code={branch.code} data-required={branch.required} data-kept={branch.kept} data-shortfall={branch.shortfall}>
          <h3 className="mb-1 text-sm font-semibold">
            {locale === "bn" ? branch.nameBn : branch.nameEn} ({branch.code})
          </h3>
          <ListTable testId="provisioning-report" columns={[t("category"), t("borrowers"), t("outstanding"), t("required")]}>
            {branch.rows.map((row) => (
              <TableRow key={row.category} data-category={row.category} data-required={row.required}>
                <TableCell>{t(`categories.${row.category}`)}</TableCell>
                <TableCell className={num}>{formatNumber(row.borrowers, locale)}</TableCell>
                <TableCell className={num}>{taka(row.outstanding)}</TableCell>
                <TableCell className={num}>{taka(row.required)}</TableCell>
              </TableRow>
            ))}
            <TableRow className="font-semibold">
              <TableCell colSpan={3}>{t("requiredTotal")}</TableCell>
              <TableCell className={num}>{taka(branch.required)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell colSpan={3}>{t("keptBefore")}</TableCell>
              <TableCell className={num}>{taka(branch.keptBefore)}</TableCell>
            </TableRow>
            <TableRow data-testid="provisioning-posted" data-posted={branch.posted}>
              <TableCell colSpan={3}>{t("posted")}</TableCell>
              <TableCell className={num}>{taka(branch.posted)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell colSpan={3}>{t("kept")}</TableCell>
              <TableCell className={num}>{taka(branch.kept)}</TableCell>
            </TableRow>
            <TableRow className={branch.shortfall > 0 ? "font-semibold text-destructive" : undefined}>
              <TableCell colSpan={3}>{t("shortfall")}</TableCell>
              <TableCell className={num}>{taka(branch.shortfall)}</TableCell>
            </TableRow>
            <TableRow data-testid="provisioning-accrued" data-accrued={branch.accrued}>
              <TableCell colSpan={3} className="min-w-48 whitespace-normal">
                {t("accrued", { date: formatCalendarDate(addCalendarDays(asOf, 1), locale) })}
              </TableCell>
              <TableCell className={num}>{taka(branch.accrued)}</TableCell>
            </TableRow>
          </ListTable>
        </div>
      ))}
    </section>
  );
}
