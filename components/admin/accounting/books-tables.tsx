/** The lender's books on screen (issue 50): trial balance, journal, a ledger and a cash book, server-rendered tables. */
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ListPagination } from "@/components/admin/list-pagination";
import { ListTable } from "@/components/admin/list-parts";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import type { CashBookDay, JournalEntryRow, LedgerLine, LenderAccountRow, TrialBalanceLine } from "@/lib/accounting/queries";
import type { BooksQuery } from "@/lib/accounting/schemas";
import { formatCalendarDate, formatTaka } from "@/lib/format";
import { listHref } from "@/lib/validation/search-params";
import { cn } from "@/lib/utils";

type T = Awaited<ReturnType<typeof getTranslations<"adminAccounting">>>;

/** The screen's URL for a view and period (defaults left out). */
export function booksHref(query: BooksQuery, change: Partial<BooksQuery>): string {
  const next = { ...query, page: 1, ...change };
  return listHref("/admin/accounting", { view: next.view, from: next.from, to: next.to, account: next.account ?? undefined, channel: next.channel, loan: next.loan ?? undefined, page: next.page }, { view: "trial-balance", channel: "cash_in_hand" });
}

/** An account's name: the super admin's own in the reader's language, else the usual name of its kind. */
export function accountName(t: T, locale: Locale, account: { kind: LenderAccountRow["kind"]; labelBn: string | null; labelEn: string | null }): string {
  return (locale === "bn" ? account.labelBn : account.labelEn) || t(`accounts.${account.kind}`);
}

const amountCell = (value: number, locale: Locale) => (value === 0 ? "" : formatTaka(value, locale));
const num = "text-right tabular-nums whitespace-nowrap";

export async function TrialBalanceTable({ trial, query }: { trial: { rows: TrialBalanceLine[]; debit: number; credit: number }; query: BooksQuery }) {
  const [t, locale] = await Promise.all([getTranslations("adminAccounting"), getLocale() as Promise<Locale>]);
  const balanced = trial.debit === trial.credit;
  return (
    <section aria-labelledby="trial-balance-title">
      <h2 id="trial-balance-title" className="mb-2 text-base font-semibold">
        {t("trialBalance.title", { to: formatCalendarDate(query.to, locale) })}
      </h2>
      <ListTable testId="trial-balance" columns={[t("columns.code"), t("columns.account"), t("columns.type"), t("columns.debit"), t("columns.credit")]}>
        {trial.rows.map((row) => (
          <TableRow key={row.id} data-testid="trial-balance-row" data-kind={row.kind} data-debit={row.debit} data-credit={row.credit}>
            <TableCell className="tabular-nums">{row.code}</TableCell>
            <TableCell>
              <Link className="underline-offset-2 hover:underline" href={booksHref(query, { view: "ledger", account: row.code })} aria-label={t("ledger.open", { account: accountName(t, locale, row) })}>
                {accountName(t, locale, row)}
              </Link>
            </TableCell>
            <TableCell>{t(`types.${row.type}`)}</TableCell>
            <TableCell className={num}>{amountCell(row.debit, locale)}</TableCell>
            <TableCell className={num}>{amountCell(row.credit, locale)}</TableCell>
          </TableRow>
        ))}
        <TableRow className="font-semibold" data-testid="trial-balance-total" data-debit={trial.debit} data-credit={trial.credit}>
          <TableCell colSpan={3}>{t("columns.total")}</TableCell>
          <TableCell className={num}>{formatTaka(trial.debit, locale)}</TableCell>
          <TableCell className={num}>{formatTaka(trial.credit, locale)}</TableCell>
        </TableRow>
      </ListTable>
      <p className={cn("mt-2 text-sm", balanced ? "text-muted-foreground" : "font-semibold text-destructive")} data-testid="trial-balance-agrees" data-balanced={balanced}>
        {balanced ? t("trialBalance.agrees") : t("trialBalance.differs")}
      </p>
    </section>
  );
}

export async function JournalTable({ journal, query }: { journal: { entries: JournalEntryRow[]; total: number; page: number; pageCount: number }; query: BooksQuery }) {
  const [t, locale] = await Promise.all([getTranslations("adminAccounting"), getLocale() as Promise<Locale>]);
  if (journal.entries.length === 0) {
    return (
      <p className="rounded-md border bg-background p-4 text-sm text-muted-foreground" data-testid="journal-empty">
        {t("journal.empty")}
      </p>
    );
  }
  return (
    <>
      <ListTable testId="journal" columns={[t("columns.voucher"), t("columns.date"), t("columns.particulars"), t("columns.account"), t("columns.branch"), t("columns.debit"), t("columns.credit")]}>
        {journal.entries.flatMap((entry) =>
          entry.lines.map((line, index) => (
            <TableRow key={`${entry.id}:${index}`} data-testid="journal-line" data-voucher={entry.voucher} data-kind={entry.kind} data-account={line.accountKind} data-amount={line.amount} className={index > 0 ? "border-t-0" : undefined}>
              <TableCell className="tabular-nums">{index === 0 ? entry.voucher : ""}</TableCell>
              <TableCell className="whitespace-nowrap">{index === 0 ? formatCalendarDate(entry.date, locale) : ""}</TableCell>
              <TableCell>
                {index === 0 ? (
                  <>
                    {t(`kinds.${entry.kind}`)}
                    {entry.loanNumber ? <span className="block text-xs text-muted-foreground">{entry.loanNumber}</span> : null}
                    {entry.paymentNumber ? <span className="block text-xs text-muted-foreground">{t("journal.receipt", { number: entry.paymentNumber })}</span> : null}
                    {entry.reversesVoucher ? <span className="block text-xs text-muted-foreground">{t("journal.reverses", { voucher: String(entry.reversesVoucher) })}</span> : null}
                  </>
                ) : null}
              </TableCell>
              <TableCell className={line.amount < 0 ? "pl-6" : undefined}>{accountName(t, locale, { kind: line.accountKind, labelBn: line.labelBn, labelEn: line.labelEn })}</TableCell>
              <TableCell>{line.branchCode}</TableCell>
              <TableCell className={num}>{line.amount > 0 ? formatTaka(line.amount, locale) : ""}</TableCell>
              <TableCell className={num}>{line.amount < 0 ? formatTaka(-line.amount, locale) : ""}</TableCell>
            </TableRow>
          )),
        )}
      </ListTable>
      <ListPagination list={journal} summary={(n) => t("journal.pageSummary", n)} hrefFor={(page) => booksHref(query, { page })} />
    </>
  );
}

export async function LedgerTable({ ledger, query }: { ledger: { account: LenderAccountRow; opening: number; closing: number; lines: LedgerLine[]; total: number; page: number; pageCount: number }; query: BooksQuery }) {
  const [t, locale] = await Promise.all([getTranslations("adminAccounting"), getLocale() as Promise<Locale>]);
  const signed = (value: number) => (value < 0 ? t("ledger.credit", { amount: formatTaka(-value, locale) }) : formatTaka(value, locale));
  return (
    <section aria-labelledby="ledger-title">
      <h2 id="ledger-title" className="mb-2 text-base font-semibold">
        {t("ledger.title", { account: `${ledger.account.code} ${accountName(t, locale, ledger.account)}`, from: formatCalendarDate(query.from, locale), to: formatCalendarDate(query.to, locale) })}
      </h2>
      <ListTable testId="ledger" columns={[t("columns.date"), t("columns.voucher"), t("columns.particulars"), t("columns.branch"), t("columns.debit"), t("columns.credit"), t("columns.balance")]}>
        <TableRow data-testid="ledger-opening" data-balance={ledger.opening}>
          <TableCell colSpan={6}>{t("ledger.opening")}</TableCell>
          <TableCell className={num}>{signed(ledger.opening)}</TableCell>
        </TableRow>
        {ledger.lines.map((line, index) => (
          <TableRow key={`${line.voucher}:${index}`} data-testid="ledger-line" data-balance={line.balance}>
            <TableCell className="whitespace-nowrap">{formatCalendarDate(line.date, locale)}</TableCell>
            <TableCell className="tabular-nums">{line.voucher}</TableCell>
            <TableCell>
              {t(`kinds.${line.kind}`)}
              {line.loanNumber ? <span className="block text-xs text-muted-foreground">{line.loanNumber}</span> : null}
            </TableCell>
            <TableCell>{line.branchCode}</TableCell>
            <TableCell className={num}>{amountCell(line.debit, locale)}</TableCell>
            <TableCell className={num}>{amountCell(line.credit, locale)}</TableCell>
            <TableCell className={num}>{signed(line.balance)}</TableCell>
          </TableRow>
        ))}
        <TableRow className="font-semibold" data-testid="ledger-closing" data-balance={ledger.closing}>
          <TableCell colSpan={6}>{t("ledger.closing")}</TableCell>
          <TableCell className={num}>{signed(ledger.closing)}</TableCell>
        </TableRow>
      </ListTable>
      <ListPagination list={ledger} summary={(n) => t("ledger.pageSummary", n)} hrefFor={(page) => booksHref(query, { page })} />
    </section>
  );
}

export async function CashBookTable({ book, query }: { book: { account: LenderAccountRow; opening: number; closing: number; days: CashBookDay[] }; query: BooksQuery }) {
  const [t, locale] = await Promise.all([getTranslations("adminAccounting"), getLocale() as Promise<Locale>]);
  return (
    <section aria-labelledby="cash-book-title">
      <h2 id="cash-book-title" className="mb-2 text-base font-semibold">
        {t("cashBook.title", { account: accountName(t, locale, book.account), from: formatCalendarDate(query.from, locale), to: formatCalendarDate(query.to, locale) })}
      </h2>
      <ListTable testId="cash-book" columns={[t("columns.date"), t("cashBook.receipts"), t("cashBook.payments"), t("columns.balance")]}>
        <TableRow data-testid="cash-book-opening" data-balance={book.opening}>
          <TableCell colSpan={3}>{t("ledger.opening")}</TableCell>
          <TableCell className={num}>{formatTaka(book.opening, locale)}</TableCell>
        </TableRow>
        {book.days.map((row) => (
          <TableRow key={row.date} data-testid="cash-book-day" data-date={row.date} data-receipts={row.receipts} data-payments={row.payments}>
            <TableCell className="whitespace-nowrap">
              <Link className="underline-offset-2 hover:underline" href={booksHref(query, { view: "ledger", account: book.account.code, from: row.date, to: row.date })}>
                {formatCalendarDate(row.date, locale)}
              </Link>
            </TableCell>
            <TableCell className={num}>{amountCell(row.receipts, locale)}</TableCell>
            <TableCell className={num}>{amountCell(row.payments, locale)}</TableCell>
            <TableCell className={num}>{formatTaka(row.balance, locale)}</TableCell>
          </TableRow>
        ))}
        <TableRow className="font-semibold" data-testid="cash-book-closing" data-balance={book.closing}>
          <TableCell colSpan={3}>{t("ledger.closing")}</TableCell>
          <TableCell className={num}>{formatTaka(book.closing, locale)}</TableCell>
        </TableRow>
      </ListTable>
      {book.days.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">{t("cashBook.empty")}</p> : null}
    </section>
  );
}
