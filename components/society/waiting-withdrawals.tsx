import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { formatDateTime, formatTaka } from "@/lib/format";
import { waitingWithdrawals } from "@/lib/society/books/queries";
import { DecideWithdrawal } from "./decide-withdrawal";

/** Withdrawals above the society's limit, waiting for a second admin (maker-checker); nothing when none waits. */
export async function WaitingWithdrawals({ societyId, canDecide, viewerId }: { societyId: string; canDecide: boolean; viewerId: string | null }) {
  const rows = await waitingWithdrawals(societyId);
  if (rows.length === 0) return null;
  const [t, locale] = await Promise.all([getTranslations("society.withdrawals"), getLocale() as Promise<Locale>]);
  return (
    <section className="rounded-md border p-3" aria-labelledby="waiting-withdrawals" data-testid="waiting-withdrawals">
      <h2 id="waiting-withdrawals" className="mb-2 font-semibold">
        {t("waitingTitle")}
      </h2>
      <ul className="divide-y text-sm">
        {rows.map((w) => (
          <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="waiting-withdrawal">
            <div>
              <p className="font-medium">
                <span className="text-muted-foreground">{w.code}</span> {w.member.name} ({w.member.memberCode}) · {formatTaka(w.amount, locale)}
              </p>
              <p className="text-muted-foreground text-xs" data-testid="waiting-withdrawal-asked">
                {w.requestedByName ? t("askedBy", { name: w.requestedByName, time: formatDateTime(w.requestedAt, locale) }) : t("askedAt", { time: formatDateTime(w.requestedAt, locale) })}
              </p>
            </div>
            {canDecide && viewerId && w.requestedById === viewerId ? (
              <p className="text-xs text-muted-foreground" data-testid="waiting-withdrawal-own">
                {t("ownRequest")}
              </p>
            ) : canDecide ? (
              <DecideWithdrawal societyId={societyId} withdrawalId={w.id} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
