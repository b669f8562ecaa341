import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatTaka } from "@/lib/format";
import { openingReserve, type OpeningLine } from "@/lib/society/books/opening-figures";
import type { OpeningBalanceView } from "@/lib/society/books/queries";
import { SHORT_DATE } from "@/lib/society/rules";
import { DecideOpeningBalance } from "./decide-opening-balance";
import { OpeningBalanceForm, type OpeningMember } from "./opening-balance-form";

type Props = {
  societyId: string;
  opening: OpeningBalanceView | null;
  firstEntryDate: string | null;
  /** The society's active members, for a new opening (admins only; empty otherwise). */
  members: OpeningMember[];
  isAdmin: boolean;
  viewerId: string | null;
};

/**
 * The society's opening balances on the books tab: posted (what they were and who posted them), waiting for a second
 * admin, or — for a society whose books hold nothing on or before the day — the form to enter them.
 */
export async function OpeningBalanceSection({ societyId, opening, firstEntryDate, members, isAdmin, viewerId }: Props) {
  const [t, locale] = await Promise.all([getTranslations("society.opening"), getLocale() as Promise<Locale>]);
  const day = (iso: string) => formatCalendarDate(iso, locale, SHORT_DATE);
  const shown = opening && opening.status !== "rejected" ? opening : null;
  const reserve = shown ? openingReserve(shown.lines.map((l) => ({ kind: l.kind as OpeningLine["kind"], memberId: null, amount: l.amount }))) : 0;
  return (
    <section className="space-y-2 rounded-md border bg-background p-3" aria-labelledby="opening-title" data-testid="opening-section" data-status={shown?.status ?? "none"}>
      <h2 id="opening-title" className="font-semibold">
        {t("title")}
      </h2>
      {shown ? (
        <>
          <p className="text-sm" data-testid="opening-status">
            {shown.status === "posted"
              ? t("posted", { date: day(shown.asOf), by: shown.proposedByName ?? "—", approver: shown.decidedByName ?? "—" })
              : t("waiting", { date: day(shown.asOf), by: shown.proposedByName ?? "—" })}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="opening-figures">
              <caption className="sr-only">{t("title")}</caption>
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="px-2 py-1">{t("figure")}</th>
                  <th scope="col" className="px-2 py-1 text-right">{t("amount")}</th>
                </tr>
              </thead>
              <tbody>
                {shown.lines.map((line, i) => (
                  <tr key={i} className="border-t">
                    <td className="px-2 py-1">
                      {t(`kinds.${line.kind as OpeningLine["kind"]}`)}
                      {line.member ? (
                        <>
                          {": "}
                          {line.member.name} <span className="text-muted-foreground">{line.member.memberCode}</span>
                        </>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">{formatTaka(line.amount, locale)}</td>
                  </tr>
                ))}
                <tr className="border-t font-medium">
                  <td className="px-2 py-1">{t("kinds.reserve")}</td>
                  <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums" data-testid="opening-reserve-posted">{formatTaka(reserve, locale)}</td>
                </tr>
              </tbody>
            </table>
          </div>
          {shown.status === "proposed" && isAdmin ? (
            shown.proposedById && shown.proposedById === viewerId ? <p className="text-sm text-muted-foreground">{t("ownOpening")}</p> : <DecideOpeningBalance societyId={societyId} openingId={shown.id} />
          ) : null}
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{firstEntryDate ? t("introAfter", { date: day(firstEntryDate) }) : t("intro")}</p>
          {opening?.status === "rejected" ? (
            <p className="text-sm" data-testid="opening-rejected">
              {t("rejected", { date: day(opening.asOf), note: opening.rejectionNote ?? "" })}
            </p>
          ) : null}
          {isAdmin ? (
            <details className="rounded-md border p-2">
              <summary className="cursor-pointer text-sm font-medium" data-testid="opening-open-form">{t("enter")}</summary>
              <div className="pt-3">
                <OpeningBalanceForm societyId={societyId} members={members} firstEntryDate={firstEntryDate} />
              </div>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}
