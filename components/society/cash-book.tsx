import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate } from "@/lib/format";
import type { CashBook, CashBookEntry } from "@/lib/society/books/queries";
import { SHORT_DATE } from "@/lib/society/rules";
import { entryParticulars } from "@/lib/society/books/particulars";
import { MoneyCell } from "./money-cell";


/**
 * The cash book of a period: the opening balance, each day with its receipts and payments listed one by one (voucher,
 * what and whom), the day's totals and closing balance, and the period's totals.
 */
export async function CashBookTable({ cash, range }: { cash: CashBook; range: { from: string; to: string } }) {
  const [t, tKinds, locale] = await Promise.all([getTranslations("society.books"), getTranslations("society.pdf.passbook.kinds"), getLocale() as Promise<Locale>]);
  const day = (iso: string) => formatCalendarDate(iso, locale, SHORT_DATE);
  const particulars = (e: CashBookEntry) =>
    entryParticulars(tKinds(e.kind as "collection"), e);
  return (
    <section className="space-y-2" aria-labelledby="cash-book">
      <h2 id="cash-book" className="font-semibold">
        {t("cashBook", { from: day(range.from), to: day(range.to) })}
      </h2>
      {/* Focusable, so a keyboard can scroll it on a narrow screen. */}
      <div className="overflow-x-auto rounded-md border bg-background" tabIndex={0} role="region" aria-labelledby="cash-book">
        <table className="w-full text-sm" data-testid="cash-book">
          <thead className="bg-muted/50 text-left">
            <tr>
              <th className="px-3 py-1.5 font-medium">{t("particulars")}</th>
              <th className="px-3 py-1.5 text-right font-medium">{t("receipts")}</th>
              <th className="px-3 py-1.5 text-right font-medium">{t("payments")}</th>
              <th className="px-3 py-1.5 text-right font-medium">{t("closing")}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            <tr>
              <td className="px-3 py-1.5" colSpan={3}>
                {t("opening")}
              </td>
              <MoneyCell value={cash.opening} locale={locale} />
            </tr>
            {cash.days.flatMap((d) => [
              ...d.entries.map((e) => (
                <tr key={e.entryId} className="text-muted-foreground" data-testid="cash-book-entry">
                  <td className="px-3 py-1 pl-6">
                    <span className="whitespace-nowrap">
                      {t("voucher")} {e.voucher}
                    </span>{" "}
                    · {particulars(e)}
                  </td>
                  <MoneyCell value={Math.max(e.amount, 0)} locale={locale} blankZero />
                  <MoneyCell value={Math.max(-e.amount, 0)} locale={locale} blankZero />
                  <td />
                </tr>
              )),
              <tr key={d.date} data-testid="cash-book-day">
                <td className="whitespace-nowrap px-3 py-1.5 font-medium">{day(d.date)}</td>
                <MoneyCell value={d.receipts} locale={locale} blankZero />
                <MoneyCell value={d.payments} locale={locale} blankZero />
                <MoneyCell value={d.closing} locale={locale} />
              </tr>,
            ])}
            <tr className="bg-muted/30" data-testid="cash-book-total">
              <td className="px-3 py-1.5 font-semibold">{t("total")}</td>
              <MoneyCell value={cash.receipts} locale={locale} strong />
              <MoneyCell value={cash.payments} locale={locale} strong />
              <MoneyCell value={cash.closing} locale={locale} strong />
            </tr>
          </tbody>
        </table>
      </div>
      {cash.entries > cash.listed ? <p className="text-sm text-muted-foreground">{t("cashBookMore", { listed: cash.listed, total: cash.entries })}</p> : null}
    </section>
  );
}
