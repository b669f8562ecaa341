/** The lender's financial statements (issue 50, point 8): the income statement of a period and the balance sheet at its end. */
import { getLocale, getTranslations } from "next-intl/server";
import { ListTable } from "@/components/admin/list-parts";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import type { LenderStatements } from "@/lib/accounting/queries";
import type { BooksQuery } from "@/lib/accounting/schemas";
import { formatCalendarDate, formatTaka } from "@/lib/format";
import { cn } from "@/lib/utils";
import { accountName } from "./books-tables";

const num = "text-right tabular-nums whitespace-nowrap";

export async function StatementsView({ statements, query }: { statements: LenderStatements; query: BooksQuery }) {
  const [t, locale] = await Promise.all([getTranslations("adminAccounting"), getLocale() as Promise<Locale>]);
  const taka = (v: number) => formatTaka(v, locale);
  const s = statements;
  const rows = (list: LenderStatements["assets"], testId: string) =>
    list.map((a) => (
      <TableRow key={a.code} data-testid={testId} data-kind={a.kind} data-amount={a.balance}>
        <TableCell>{accountName(t, locale, a)}</TableCell>
        <TableCell className={num}>{taka(a.balance)}</TableCell>
      </TableRow>
    ));
  const total = (label: string, value: number, testId: string) => (
    <TableRow className="font-semibold" data-testid={testId} data-amount={value}>
      <TableCell>{label}</TableCell>
      <TableCell className={num}>{taka(value)}</TableCell>
    </TableRow>
  );
  const balanced = s.totalAssets === s.totalLiabilities;
  return (
    <div className="space-y-8" data-testid="statements">
      <section aria-labelledby="income-statement-title">
        <h2 id="income-statement-title" className="mb-2 text-base font-semibold">
          {t("statements.incomeTitle", { from: formatCalendarDate(query.from, locale), to: formatCalendarDate(query.to, locale) })}
        </h2>
        <ListTable testId="income-statement" columns={[t("columns.account"), t("statements.amount")]}>
          {s.incomes.map((a) => (
            <TableRow key={a.code} data-testid="income-line" data-kind={a.kind} data-amount={-a.total}>
              <TableCell>{accountName(t, locale, a)}</TableCell>
              <TableCell className={num}>{taka(-a.total)}</TableCell>
            </TableRow>
          ))}
          {total(t("statements.totalIncome"), s.income, "income-total")}
          {s.expenses.map((a) => (
            <TableRow key={a.code} data-testid="expense-line" data-kind={a.kind} data-amount={a.total}>
              <TableCell>{accountName(t, locale, a)}</TableCell>
              <TableCell className={num}>{taka(a.total)}</TableCell>
            </TableRow>
          ))}
          {total(t("statements.totalExpense"), s.expense, "expense-total")}
          {total(t("statements.surplus"), s.income - s.expense, "period-surplus")}
        </ListTable>
      </section>

      <section aria-labelledby="balance-sheet-title">
        <h2 id="balance-sheet-title" className="mb-2 text-base font-semibold">
          {t("statements.balanceTitle", { to: formatCalendarDate(query.to, locale) })}
        </h2>
        <ListTable testId="balance-sheet" columns={[t("statements.assets"), t("statements.amount")]}>
          {rows(s.assets, "asset-line")}
          {total(t("statements.totalAssets"), s.totalAssets, "assets-total")}
        </ListTable>
        <div className="mt-4">
          <ListTable testId="balance-sheet-liabilities" columns={[t("statements.liabilities"), t("statements.amount")]}>
            {rows(s.liabilities, "liability-line")}
            {rows(s.equity, "equity-line")}
            <TableRow data-testid="surplus-to-date" data-amount={s.surplusToDate}>
              <TableCell>{t("statements.surplusToDate")}</TableCell>
              <TableCell className={num}>{taka(s.surplusToDate)}</TableCell>
            </TableRow>
            {total(t("statements.totalLiabilities"), s.totalLiabilities, "liabilities-total")}
          </ListTable>
        </div>
        <p className={cn("mt-2 text-sm", balanced ? "text-muted-foreground" : "font-semibold text-destructive")} data-testid="balance-sheet-agrees" data-balanced={balanced}>
          {balanced ? t("statements.agrees") : t("statements.differs")}
        </p>
      </section>
    </div>
  );
}
