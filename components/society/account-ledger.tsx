import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatNumber, formatTaka } from "@/lib/format";
import { LEDGER_PAGE_SIZE, type Ledger, type LedgerLine } from "@/lib/society/books/queries";
import { SHORT_DATE } from "@/lib/society/rules";
import { societyHref } from "@/lib/society/tabs";
import { accountName, naturalBalance } from "./account-name";
import { ReverseEntryButton } from "./reverse-entry-button";

type Props = { societyId: string; ledger: Ledger; range: { from: string; to: string }; canReverse: boolean };

/**
 * One account's ledger for the period: the opening balance, each line (what it was, debit or credit, the balance after
 * it on the account's own side) a page at a time, and the closing balance. An admin reverses an income or expense here.
 */
export async function AccountLedger({ societyId, ledger, range, canReverse }: Props) {
  const [t, tKinds, locale] = await Promise.all([getTranslations("society.books"), getTranslations("society.pdf.passbook.kinds"), getLocale() as Promise<Locale>]);
  const day = (iso: string) => formatCalendarDate(iso, locale, SHORT_DATE);
  const taka = (n: number) => formatTaka(n, locale);
  const name = accountName(t, ledger.account);
  const side = (n: number) => naturalBalance(ledger.account.type, n);
  const base = `${societyHref(societyId, "books")}&from=${range.from}&to=${range.to}&account=${ledger.account.code}`;
  const first = ledger.page * LEDGER_PAGE_SIZE;
  const particulars = (line: LedgerLine) =>
    [tKinds(line.kind as "collection"), line.memberName && `${line.memberName} (${line.memberCode ?? ""})`, line.workerName, line.recordCode && `${line.recordCode} ${line.category ?? ""}`.trim()]
      .filter(Boolean)
      .join(" · ");
  return (
    <section className="space-y-2" aria-labelledby="account-ledger" data-testid="account-ledger">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="account-ledger" className="font-semibold">
          {t("ledger", { account: `${ledger.account.code} ${name}`, from: day(range.from), to: day(range.to) })}
        </h2>
        <Link href={`${societyHref(societyId, "books")}&from=${range.from}&to=${range.to}`} className="text-sm underline">
          {t("backToBooks")}
        </Link>
      </div>
      <div className="relative overflow-x-auto rounded-md border bg-background" tabIndex={0} role="region" aria-labelledby="account-ledger">
        <table className="w-full min-w-[640px] text-sm" data-testid="ledger-lines">
          <thead className="bg-muted/50 text-left">
            <tr>
              <th className="px-3 py-1.5 font-medium">{t("date")}</th>
              <th className="px-3 py-1.5 font-medium">{t("particulars")}</th>
              <th className="px-3 py-1.5 text-right font-medium">{t("debit")}</th>
              <th className="px-3 py-1.5 text-right font-medium">{t("credit")}</th>
              <th className="px-3 py-1.5 text-right font-medium">{t("balance")}</th>
              {canReverse ? <th className="px-3 py-1.5 font-medium"><span className="sr-only">{t("reverse")}</span></th> : null}
            </tr>
          </thead>
          <tbody className="divide-y">
            <tr>
              <td className="px-3 py-1.5" colSpan={4}>
                {t("opening")}
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">{taka(side(ledger.opening))}</td>
              {canReverse ? <td /> : null}
            </tr>
            {ledger.lines.map((line) => (
              <tr key={line.lineId} data-testid="ledger-line" data-kind={line.kind}>
                <td className="px-3 py-1.5 whitespace-nowrap">{day(line.date)}</td>
                <td className="px-3 py-1.5">
                  {particulars(line)}
                  {line.reversed ? (
                    <Badge variant="outline" className="ml-2">
                      {t("reversed")}
                    </Badge>
                  ) : null}
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{line.amount > 0 ? taka(line.amount) : ""}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{line.amount < 0 ? taka(-line.amount) : ""}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{taka(side(line.balance))}</td>
                {canReverse ? <td className="px-3 py-1.5">{line.reversible && line.incomeExpenseId ? <ReverseEntryButton societyId={societyId} incomeExpenseId={line.incomeExpenseId} code={line.recordCode ?? ""} /> : null}</td> : null}
              </tr>
            ))}
            <tr className="bg-muted/30" data-testid="ledger-closing">
              <td className="px-3 py-1.5 font-semibold" colSpan={4}>
                {t("closing")}
              </td>
              <td className="px-3 py-1.5 text-right font-semibold tabular-nums">{taka(side(ledger.closing))}</td>
              {canReverse ? <td /> : null}
            </tr>
          </tbody>
        </table>
      </div>
      {ledger.total > LEDGER_PAGE_SIZE ? (
        <nav className="flex items-center gap-3 text-sm" aria-label={t("ledgerPage", { from: formatNumber(first + 1, locale), to: formatNumber(first + ledger.lines.length, locale), total: formatNumber(ledger.total, locale) })}>
          {ledger.page > 0 ? <Link href={`${base}&page=${ledger.page}`}>{t("previousPage")}</Link> : null}
          <span>{t("ledgerPage", { from: formatNumber(first + 1, locale), to: formatNumber(first + ledger.lines.length, locale), total: formatNumber(ledger.total, locale) })}</span>
          {first + ledger.lines.length < ledger.total ? <Link href={`${base}&page=${ledger.page + 2}`}>{t("nextPage")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
