import Link from "next/link";
import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatNumber, formatTaka } from "@/lib/format";
import { LEDGER_PAGE_SIZE, type Ledger, type LedgerLine } from "@/lib/society/books/queries";
import { SHORT_DATE } from "@/lib/society/rules";
import { societyDownloads, societyHref } from "@/lib/society/tabs";
import { accountName, naturalBalance } from "@/lib/society/books/account-name";
import { entryParticulars } from "@/lib/society/books/particulars";
import { PdfLink } from "./pdf-link";
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
  const particulars = (line: LedgerLine) => entryParticulars(`${t("voucher")} ${line.voucher} · ${tKinds(line.kind as "collection")}`, line);
  return (
    <section className="space-y-2" aria-labelledby="account-ledger" data-testid="account-ledger">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="account-ledger" className="font-semibold">
          {t("ledger", { account: `${ledger.account.code} ${name}`, from: day(range.from), to: day(range.to) })}
        </h2>
        <span className="flex flex-wrap items-center gap-3">
          <PdfLink href={societyDownloads.books(societyId, range, ledger.account.code)} testId="ledger-pdf">
            {t("printLedger")}
          </PdfLink>
          <Link href={`${societyHref(societyId, "books")}&from=${range.from}&to=${range.to}`} className="text-sm underline">
            {t("backToBooks")}
          </Link>
        </span>
      </div>
      {/*
        On a phone each line is a card (date, particulars, then its debit or credit and the balance, each labelled);
        from sm up, the table, which scrolls inside its own frame. Amounts never wrap, so a minus sign stays on its figure.
      */}
      <div className="relative overflow-x-auto rounded-md border bg-background" tabIndex={0} role="region" aria-labelledby="account-ledger">
        <table className="w-full text-sm sm:min-w-[640px]" data-testid="ledger-lines">
          <thead className="hidden bg-muted/50 text-left sm:table-header-group">
            <tr>
              <th className="px-3 py-1.5 font-medium">{t("date")}</th>
              <th className="px-3 py-1.5 font-medium">{t("particulars")}</th>
              <th className="px-3 py-1.5 text-right font-medium">{t("debit")}</th>
              <th className="px-3 py-1.5 text-right font-medium">{t("credit")}</th>
              <th className="px-3 py-1.5 text-right font-medium">{t("balance")}</th>
              {canReverse ? <th className="px-3 py-1.5 font-medium"><span className="sr-only">{t("reverse")}</span></th> : null}
            </tr>
          </thead>
          <tbody className="block divide-y sm:table-row-group">
            <tr className={ROW}>
              <td className={CELL} colSpan={4}>
                {t("opening")}
              </td>
              <td className={`${CELL} text-right`}>
                <Money>{taka(side(ledger.opening))}</Money>
              </td>
              {canReverse ? <td className="hidden sm:table-cell" /> : null}
            </tr>
            {ledger.lines.map((line) => (
              <tr key={line.lineId} data-testid="ledger-line" data-kind={line.kind} className={ROW}>
                <td className={`${CELL} col-span-2 text-xs whitespace-nowrap text-muted-foreground sm:text-sm sm:text-foreground`}>{day(line.date)}</td>
                <td className={`${CELL} col-span-2`}>
                  {particulars(line)}
                  {line.reversed ? (
                    <Badge variant="outline" className="ml-2">
                      {t("reversed")}
                    </Badge>
                  ) : null}
                </td>
                <td className={`${CELL} sm:text-right ${line.amount > 0 ? "" : "hidden"}`}>
                  <Label>{t("debit")}</Label>
                  <Money>{line.amount > 0 ? taka(line.amount) : ""}</Money>
                </td>
                <td className={`${CELL} sm:text-right ${line.amount < 0 ? "" : "hidden"}`}>
                  <Label>{t("credit")}</Label>
                  <Money>{line.amount < 0 ? taka(-line.amount) : ""}</Money>
                </td>
                <td className={`${CELL} col-start-2 text-right`}>
                  <Label>{t("balance")}</Label>
                  <Money>{taka(side(line.balance))}</Money>
                </td>
                {canReverse ? (
                  line.reversible && line.incomeExpenseId ? (
                    <td className={`${CELL} col-span-2`}>
                      <ReverseEntryButton societyId={societyId} incomeExpenseId={line.incomeExpenseId} code={line.recordCode ?? ""} />
                    </td>
                  ) : (
                    <td className="hidden sm:table-cell" />
                  )
                ) : null}
              </tr>
            ))}
            <tr className={`${ROW} bg-muted/30 font-semibold`} data-testid="ledger-closing">
              <td className={CELL} colSpan={4}>
                {t("closing")}
              </td>
              <td className={`${CELL} text-right`}>
                <Money>{taka(side(ledger.closing))}</Money>
              </td>
              {canReverse ? <td className="hidden sm:table-cell" /> : null}
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

/** A line's row: a two-column card on a phone, a table row from sm up (as the members table). */
const ROW = "grid grid-cols-2 gap-x-3 gap-y-0.5 px-3 py-2 sm:table-row sm:p-0";
const CELL = "sm:table-cell sm:px-3 sm:py-1.5";

/** A column's name beside its figure on a phone (the table's header says it from sm up). */
function Label({ children }: { children: ReactNode }) {
  return <span className="block text-xs font-normal text-muted-foreground sm:hidden">{children}</span>;
}

/** An amount on one line: a negative balance keeps its minus sign on its figure at any width. */
function Money({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap tabular-nums">{children}</span>;
}
