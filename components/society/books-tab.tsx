import { getLocale, getTranslations } from "next-intl/server";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatTaka } from "@/lib/format";
import Link from "next/link";
import type { AccountTotal, CashBook, Ledger } from "@/lib/society/books/queries";
import { SHORT_DATE } from "@/lib/society/rules";
import { societyDownloads, societyHref } from "@/lib/society/tabs";
import { AccountLedger } from "./account-ledger";
import { accountName } from "@/lib/society/books/account-name";
import { financialStatements } from "@/lib/ledger/statements";
import { CashBookTable } from "./cash-book";
import { MoneyCell } from "./money-cell";
import { PdfLink } from "./pdf-link";
import { ChartOfAccounts } from "./chart-of-accounts";
import { CloseBooksForm } from "./close-books-form";
import { WithdrawalRulesForm } from "./withdrawal-rules-form";
import { OpeningBalanceSection } from "./opening-balance";
import type { ComponentProps } from "react";

type Props = {
  societyId: string;
  range: { from: string; to: string; worker: string | null };
  /** The account whose ledger is open, if any. */
  ledger: Ledger | null;
  canReverse: boolean;
  workers: { id: string; name: string }[];
  cash: CashBook;
  period: AccountTotal[];
  toDate: AccountTotal[];
  closedThrough: string | null;
  rules: { minimumSavingsBalance: number; withdrawalApprovalLimit: number };
  isAdmin: boolean;
  opening: Omit<ComponentProps<typeof OpeningBalanceSection>, "societyId" | "isAdmin">;
};



/**
 * The society's books for a period: the cash book (the society's cash, or one worker's), the trial balance, the income
 * and expenditure statement and the balance sheet, every figure from the journal; and closing the books (admins).
 */
export async function BooksTab({ societyId, range, ledger, canReverse, workers, cash, period, toDate, closedThrough, rules, isAdmin, opening }: Props) {
  const [t, locale] = await Promise.all([getTranslations("society.books"), getLocale() as Promise<Locale>]);
  const day = (iso: string) => formatCalendarDate(iso, locale, SHORT_DATE);
  const { trial, incomes, expenses, income, expense, assets, liabilities, equity, surplusToDate, totalAssets, totalLiabilities, cashInHand } = financialStatements(period, toDate);
  const { debit, credit } = trial;

  return (
    <div className="space-y-6" data-testid="books-tab">
      {cashInHand < 0 ? (
        <Alert variant="destructive" data-testid="cash-below-zero">
          <AlertDescription>{t("cashBelowZero", { amount: formatTaka(cashInHand, locale), to: day(range.to) })}</AlertDescription>
        </Alert>
      ) : null}
      <form method="get" className="flex flex-wrap items-end gap-3 rounded-md border bg-background p-3">
        <input type="hidden" name="tab" value="books" />
        <div className="space-y-1">
          <Label htmlFor="books-from">{t("from")}</Label>
          <Input id="books-from" name="from" type="date" defaultValue={range.from} className="w-40" />
        </div>
        <div className="space-y-1">
          <Label htmlFor="books-to">{t("to")}</Label>
          <Input id="books-to" name="to" type="date" defaultValue={range.to} className="w-40" />
        </div>
        <div className="space-y-1">
          <Label htmlFor="books-worker">{t("cashOf")}</Label>
          <select id="books-worker" name="worker" defaultValue={range.worker ?? ""} className="h-9 rounded-md border bg-background px-2 text-sm">
            <option value="">{t("society")}</option>
            {workers.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
        {ledger ? <input type="hidden" name="account" value={ledger.account.code} /> : null}
        <Button type="submit" size="sm">
          {t("show")}
        </Button>
      </form>
      <div className="flex justify-end">
        <PdfLink href={societyDownloads.books(societyId, range)} testId="books-pdf">
          {t("printBooks")}
        </PdfLink>
      </div>

      {ledger ? <AccountLedger societyId={societyId} ledger={ledger} range={range} canReverse={canReverse} /> : null}

      <CashBookTable cash={cash} range={range} />

      <section className="space-y-2" aria-labelledby="trial-balance">
        <h2 id="trial-balance" className="font-semibold">
          {t("trialBalance", { to: day(range.to) })}
        </h2>
        <div className="overflow-x-auto rounded-md border bg-background" tabIndex={0} role="region" aria-labelledby="trial-balance">
          <table className="w-full text-sm" data-testid="trial-balance">
            <thead className="bg-muted/50 text-left">
              <tr>
                <th className="px-3 py-1.5 font-medium">{t("account")}</th>
                <th className="px-3 py-1.5 text-right font-medium">{t("debit")}</th>
                <th className="px-3 py-1.5 text-right font-medium">{t("credit")}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {toDate
                .filter((a) => a.total !== 0)
                .map((a) => (
                  <tr key={a.code}>
                    <td className="px-3 py-1.5">
                      {/* Each account opens its ledger for the period. */}
                      <Link href={`${societyHref(societyId, "books")}&from=${range.from}&to=${range.to}&account=${a.code}`} className="underline-offset-2 hover:underline" data-testid="ledger-link">
                        {accountName(t, a)}
                      </Link>
                    </td>
                    <MoneyCell value={Math.max(a.total, 0)} locale={locale} blankZero />
                    <MoneyCell value={Math.max(-a.total, 0)} locale={locale} blankZero />
                  </tr>
                ))}
              <tr className="bg-muted/30" data-testid="trial-balance-total">
                <td className="px-3 py-1.5 font-semibold">{t("total")}</td>
                <MoneyCell value={debit} locale={locale} strong />
                <MoneyCell value={credit} locale={locale} strong />
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section className="space-y-2" aria-labelledby="income-statement">
          <h2 id="income-statement" className="font-semibold">
            {t("incomeStatement", { from: day(range.from), to: day(range.to) })}
          </h2>
          <table className="w-full rounded-md border bg-background text-sm" data-testid="income-statement">
            <tbody className="divide-y">
              {incomes.map((a) => (
                <tr key={a.code}>
                  <td className="px-3 py-1.5">{accountName(t, a)}</td>
                  <MoneyCell value={-a.total} locale={locale} />
                </tr>
              ))}
              <tr className="bg-muted/30">
                <td className="px-3 py-1.5 font-semibold">{t("totalIncome")}</td>
                <MoneyCell value={income} locale={locale} strong />
              </tr>
              {expenses.map((a) => (
                <tr key={a.code}>
                  <td className="px-3 py-1.5">{accountName(t, a)}</td>
                  <MoneyCell value={a.total} locale={locale} />
                </tr>
              ))}
              <tr className="bg-muted/30">
                <td className="px-3 py-1.5 font-semibold">{t("totalExpense")}</td>
                <MoneyCell value={expense} locale={locale} strong />
              </tr>
              <tr data-testid="surplus">
                <td className="px-3 py-1.5 font-semibold">{t("surplus")}</td>
                <MoneyCell value={income - expense} locale={locale} strong />
              </tr>
            </tbody>
          </table>
        </section>

        <section className="space-y-2" aria-labelledby="balance-sheet">
          <h2 id="balance-sheet" className="font-semibold">
            {t("balanceSheet", { to: day(range.to) })}
          </h2>
          <table className="w-full rounded-md border bg-background text-sm" data-testid="balance-sheet">
            <tbody className="divide-y">
              {assets.map((a) => (
                <tr key={a.code}>
                  <td className="px-3 py-1.5">{accountName(t, a)}</td>
                  <MoneyCell value={a.balance} locale={locale} />
                </tr>
              ))}
              <tr className="bg-muted/30">
                <td className="px-3 py-1.5 font-semibold">{t("totalAssets")}</td>
                <MoneyCell value={totalAssets} locale={locale} strong />
              </tr>
              {[...liabilities, ...equity].map((a) => (
                <tr key={a.code}>
                  <td className="px-3 py-1.5">{accountName(t, a)}</td>
                  <MoneyCell value={a.balance} locale={locale} />
                </tr>
              ))}
              <tr>
                <td className="px-3 py-1.5">{t("surplusToDate")}</td>
                <MoneyCell value={surplusToDate} locale={locale} />
              </tr>
              <tr className="bg-muted/30" data-testid="balance-sheet-total">
                <td className="px-3 py-1.5 font-semibold">{t("totalLiabilities")}</td>
                <MoneyCell value={totalLiabilities} locale={locale} strong />
              </tr>
            </tbody>
          </table>
        </section>
      </div>

      {/* Folded: a long list on a phone, opened when an admin names or adds an account. */}
      <details className="group space-y-2 rounded-md border bg-background p-3" data-testid="chart-section">
        <summary className="cursor-pointer">
          <h2 id="chart-title" className="inline font-semibold">
            {t("chartTitle")}
          </h2>
        </summary>
        <p className="text-sm text-muted-foreground">{t("chartText")}</p>
        <ChartOfAccounts societyId={societyId} accounts={toDate.map((a) => ({ code: a.code, kind: a.kind, type: a.type, name: a.name, label: a.label }))} isAdmin={isAdmin} />
      </details>

      <OpeningBalanceSection societyId={societyId} isAdmin={isAdmin} {...opening} />

      <section className="space-y-2 rounded-md border bg-background p-3" aria-labelledby="close-books">
        <h2 id="close-books" className="font-semibold">
          {t("closeTitle")}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="books-closed-through">
          {closedThrough ? t("closedThrough", { date: day(closedThrough) }) : t("neverClosed")}
        </p>
        {isAdmin ? <CloseBooksForm societyId={societyId} /> : null}
      </section>

      <section className="space-y-2 rounded-md border bg-background p-3" aria-labelledby="withdrawal-rules">
        <h2 id="withdrawal-rules" className="font-semibold">
          {t("rulesTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("rulesText")}</p>
        <WithdrawalRulesForm societyId={societyId} rules={rules} disabled={!isAdmin} />
      </section>
    </div>
  );
}
