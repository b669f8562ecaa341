/**
 * Write-offs (issue 50, point 4; decision 0267), on the accounting screen: the loans the policy allows on its latest day
 * (oldest first), the proposals waiting for the head office, and the register of written-off loans with what was
 * recovered since.
 */
import { getLocale, getTranslations } from "next-intl/server";
import { ListTable } from "@/components/admin/list-parts";
import { ClientMessages } from "@/components/i18n/client-messages";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatMonthDays, formatNumber, formatTaka } from "@/lib/format";
import type { WriteOffCandidate, WriteOffRow } from "@/lib/write-offs/queries";
import { DecideWriteOff, ProposeWriteOff } from "./write-off-forms";
import { WriteOffPolicyForm } from "./write-off-policy-form";

const num = "text-right tabular-nums whitespace-nowrap";
const CLIENT_NAMESPACES = ["adminWriteOffs", "adminCommon", "validation"] as const;

export async function WriteOffView({
  candidates,
  lists,
  policy,
  viewerId,
  canPropose,
  canDecide,
  canEditPolicy,
}: {
  candidates: { onDate: string | null; loans: WriteOffCandidate[] };
  lists: { proposed: WriteOffRow[]; register: WriteOffRow[] };
  policy: { badForMonths: number; requireFullyProvisioned: boolean; allowedDays: string[] };
  viewerId: string;
  canPropose: boolean;
  canDecide: boolean;
  canEditPolicy: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations("adminWriteOffs"), getLocale() as Promise<Locale>]);
  const taka = (v: number) => formatTaka(v, locale);
  const date = (iso: string) => formatCalendarDate(iso, locale);
  return (
    <ClientMessages namespaces={[...CLIENT_NAMESPACES]}>
      <div className="space-y-8" data-testid="write-offs">
        <p className="max-w-3xl text-sm text-muted-foreground" data-testid="write-off-policy">
          {t("policy", { months: policy.badForMonths, monthsText: formatNumber(policy.badForMonths, locale), provisioned: policy.requireFullyProvisioned ? "yes" : "no", days: formatMonthDays(policy.allowedDays, locale) })}
        </p>
        {canEditPolicy ? <WriteOffPolicyForm current={policy} /> : null}

        <section aria-labelledby="write-off-proposed-title">
          <h2 id="write-off-proposed-title" className="mb-2 text-base font-semibold">
            {t("proposedTitle")}
          </h2>
          {lists.proposed.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noneProposed")}</p>
          ) : (
            <ListTable testId="write-off-proposals" columns={[t("loan"), t("amount"), t("reason")]}>
              {lists.proposed.flatMap((w) => [
                <TableRow key={w.id} data-write-off={w.loanNumber}>
                  <TableCell>
                    <span className="font-mono text-xs">{w.loanNumber}</span>
                    <div className="text-sm">{w.customerName}</div>
                    <div className="text-xs text-muted-foreground">{t("onDate", { date: date(w.writeOffDate), branch: w.branchCode })}</div>
                  </TableCell>
                  <TableCell className={num}>{taka(w.amount)}</TableCell>
                  <TableCell className="min-w-48 text-sm whitespace-normal">
                    {w.reason}
                    <div className="text-xs text-muted-foreground">{t("proposedBy", { name: w.proposedBy })}</div>
                  </TableCell>
                </TableRow>,
                // The decision on a row of its own at the table's left edge: reached on a phone without scrolling sideways.
                <TableRow key={`${w.id}:decision`} data-write-off-decision={w.loanNumber} className="border-t-0">
                  <TableCell colSpan={3} className="pt-0">
                    <div className="sticky left-0 max-w-[calc(100vw-5rem)] whitespace-normal sm:max-w-xl">
                      {canDecide && w.proposedById !== viewerId ? (
                        <DecideWriteOff writeOffId={w.id} loanNumber={w.loanNumber} />
                      ) : (
                        <span className="text-xs text-muted-foreground" data-testid="write-off-waiting">
                          {t("waiting")}
                        </span>
                      )}
                    </div>
                  </TableCell>
                </TableRow>,
              ])}
            </ListTable>
          )}
        </section>

        <section aria-labelledby="write-off-register-title">
          <h2 id="write-off-register-title" className="mb-2 text-base font-semibold">
            {t("registerTitle")}
          </h2>
          {lists.register.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noneWrittenOff")}</p>
          ) : (
            <ListTable testId="write-off-register" columns={[t("loan"), t("date"), t("amount"), t("recovered"), t("boardResolution")]}>
              {lists.register.map((w) => (
                <TableRow key={w.id} data-written-off={w.loanNumber} data-recovered={w.recovered}>
                  <TableCell>
                    <span className="font-mono text-xs">{w.loanNumber}</span>
                    <div className="text-sm">{w.customerName}</div>
                    <div className="text-xs text-muted-foreground">{w.branchCode}</div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{date(w.writeOffDate)}</TableCell>
                  <TableCell className={num}>{taka(w.amount)}</TableCell>
                  <TableCell className={num}>{taka(w.recovered)}</TableCell>
                  <TableCell className="text-sm">
                    <span className="font-mono text-xs">{w.boardResolution}</span>
                    <div className="text-xs text-muted-foreground">{t("decidedBy", { proposer: w.proposedBy, approver: w.decidedBy ?? "—" })}</div>
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          )}
        </section>

        <section aria-labelledby="write-off-candidates-title">
          <h2 id="write-off-candidates-title" className="mb-1 text-base font-semibold">
            {candidates.onDate ? t("candidatesTitle", { date: date(candidates.onDate) }) : t("candidatesNoDay")}
          </h2>
          {candidates.loans.length === 0 || !candidates.onDate ? (
            <p className="text-sm text-muted-foreground">{t("noCandidates")}</p>
          ) : (
            <ListTable testId="write-off-candidates" columns={[t("loan"), t("overdueSince"), t("amount")]}>
              {candidates.loans.flatMap((c) => [
                <TableRow key={c.loanNumber} data-candidate={c.loanNumber}>
                  <TableCell>
                    <span className="font-mono text-xs">{c.loanNumber}</span>
                    <div className="text-sm">{c.customerName}</div>
                    <div className="text-xs text-muted-foreground">{c.branchCode}</div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{date(c.oldestUnpaidDue)}</TableCell>
                  <TableCell className={num}>{taka(c.principalOutstanding)}</TableCell>
                </TableRow>,
                ...(canPropose
                  ? [
                      <TableRow key={`${c.loanNumber}:propose`} className="border-t-0">
                        <TableCell colSpan={3} className="pt-0">
                          <div className="sticky left-0 max-w-[calc(100vw-5rem)] whitespace-normal sm:max-w-xl">
                            <ProposeWriteOff loanNumber={c.loanNumber} writeOffDay={candidates.onDate!} />
                          </div>
                        </TableCell>
                      </TableRow>,
                    ]
                  : []),
              ])}
            </ListTable>
          )}
        </section>
      </div>
    </ClientMessages>
  );
}
