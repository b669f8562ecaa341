import { getLocale, getTranslations } from "next-intl/server";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatNumber, formatTaka } from "@/lib/format";
import type { RepaymentDetail } from "@/lib/repayments/queries";

/**
 * What settlements and prepayments changed in the schedule (issue 50, point 5): per payment, each instalment's amount
 * before and after (or dropped); a reversed payment's change reads as undone (the reversal put the schedule back).
 */
export async function ScheduleChanges({ payments }: { payments: RepaymentDetail["payments"] }) {
  const changed = payments.filter((p) => p.scheduleChange);
  if (changed.length === 0) return null;
  const [t, locale] = await Promise.all([getTranslations("adminRepayments.changes"), getLocale() as Promise<Locale>]);
  const taka = (v: number) => formatTaka(v, locale);
  return (
    <section className="space-y-3" data-testid="schedule-changes">
      <h3 className="font-semibold">{t("title")}</h3>
      {changed.map((p) => {
        const change = p.scheduleChange!;
        return (
          <div key={p.paymentNumber} className="space-y-1 rounded-md border p-3" data-schedule-change={p.paymentNumber} data-kind={change.kind}>
            <p className="text-sm">
              {t(change.kind === "settlement" ? "settlement" : `prepayment.${change.mode ?? "lower_instalment"}`, { amount: taka(p.amount), date: formatCalendarDate(p.paymentDate, locale) })}{" "}
              <span className="font-mono text-xs">{p.paymentNumber}</span>
            </p>
            {p.status === "reversed" ? <p className="text-xs text-red-700">{t("undone")}</p> : null}
            <div className="overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("emi")}</TableHead>
                    <TableHead>{t("before")}</TableHead>
                    <TableHead>{t("after")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {change.instalments.map((c) => (
                    <TableRow key={c.emiNumber} data-emi={c.emiNumber}>
                      <TableCell>{formatNumber(c.emiNumber, locale)}</TableCell>
                      <TableCell className="whitespace-nowrap">{taka(c.before.emiAmount)}</TableCell>
                      <TableCell className="whitespace-nowrap">{c.after ? taka(c.after.emiAmount) : t("dropped")}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        );
      })}
    </section>
  );
}
