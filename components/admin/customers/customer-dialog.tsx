import { getLocale, getTranslations } from "next-intl/server";
import { DetailDialogFrame } from "@/components/admin/detail-dialog-frame";
import { Facts } from "@/components/admin/facts";
import { LoanStatusBadge } from "@/components/admin/loans/loan-list";
import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import type { ActivityEntry, CustomerProfile } from "@/lib/customers/queries";
import { EDITABLE_CUSTOMER_FIELDS, type EditableCustomerField } from "@/lib/customers/schemas";
import { formatCalendarDate, formatDate, formatDateTime, formatNumber, formatPercent, formatPhone, formatTaka } from "@/lib/format";
import type { Language, LoanType, PaymentStatus } from "@/lib/generated/prisma/enums";
import { isoDateOf } from "@/lib/validation/fields";
import { ClientMessages } from "@/components/i18n/client-messages";
import { CustomerStatusBadge, KycBadge } from "./customer-list";
import { RequestTransferDialog } from "@/components/admin/offices/transfer-forms";
import { EndBorrowerSessionsButton } from "./end-borrower-sessions-button";

const PAYMENT_TONE: Record<PaymentStatus, PillTone> = { completed: "green", pending: "yellow", failed: "red", reversed: "orange" };

/** Admin spec section 9: Excellent at 700 or more, Good at 650 or more, otherwise Fair. */
export function creditScoreLabel(score: number): "excellent" | "good" | "fair" {
  return score >= 700 ? "excellent" : score >= 650 ? "good" : "fair";
}

const CREDIT_TONE = { excellent: "green", good: "blue", fair: "yellow" } as const satisfies Record<string, PillTone>;

type T = Awaited<ReturnType<typeof getTranslations<"adminCustomers">>>;

/** An audit value as a person reads it: statuses and KYC states translated, amounts as taka. */
function auditValue(t: T, locale: Locale, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "status" && t.has(`status.${String(value)}` as "status.active")) return t(`status.${value as "active"}`);
  if (field === "kycStatus" && t.has(`kyc.${String(value)}` as "kyc.verified")) return t(`kyc.${value as "verified"}`);
  if (typeof value === "number") return field === "monthlyIncome" ? formatTaka(value, locale) : formatNumber(value, locale);
  // Anything else is a name, a number or a code: shown as stored (codes keep their characters).
  return String(value);
}

/** The second line of an activity entry: which fields an edit changed, or the amount / reason the row carries. */
function activityDetail(t: T, locale: Locale, entry: ActivityEntry): string | null {
  const after = entry.after ?? {};
  if (entry.action === "customer.update") {
    const before = entry.before ?? {};
    const fields = Object.keys(after).filter((f): f is EditableCustomerField => (EDITABLE_CUSTOMER_FIELDS as readonly string[]).includes(f));
    return fields
      .map((f) =>
        f === "status" || f === "creditScore" || f === "monthlyIncome"
          ? t("activity.change", { field: t(`fields.${f}`), from: auditValue(t, locale, f, before[f]), to: auditValue(t, locale, f, after[f]) })
          : t(`fields.${f}`),
      )
      .join(", ");
  }
  const amount = [after.amount, after.approvedAmount, after.disbursedAmount].find((v): v is number => typeof v === "number");
  const parts: string[] = [];
  if (amount !== undefined) parts.push(formatTaka(amount, locale));
  if (typeof after.rejectionReason === "string" && after.rejectionReason) parts.push(t("activity.reason", { reason: after.rejectionReason }));
  return parts.length ? parts.join(" · ") : null;
}

const KNOWN_ACTORS = ["applicant", "system", "anonymous", "borrower"] as const;

/** The view dialog (?view=U…): personal info, loans, payment history and the activity log from audit rows. */
export async function CustomerProfileDialog({
  customer,
  titles,
  closeHref,
  canEndSessions,
  transferBranches,
}: {
  customer: CustomerProfile;
  titles: Record<LoanType, Record<Language, string>>;
  closeHref: string;
  /** "customers.sessions": support may end the borrower's sessions on their own page. */
  canEndSessions: boolean;
  /** "customers.transfer": the open branches she may be moved to (decision 0258); null without the permission. */
  transferBranches: { id: string; code: string; nameBn: string; nameEn: string }[] | null;
}) {
  const [t, locale] = await Promise.all([getTranslations("adminCustomers"), getLocale() as Promise<Locale>]);
  const taka = (v: number) => formatTaka(v, locale);
  const c = customer;
  const dash = (v: string | null | undefined) => (v ? v : "—");
  const score = c.creditScore;

  const personal = (
    <div className="space-y-5" data-testid="customer-personal">
      <div className="flex flex-wrap items-center gap-2">
        <CustomerStatusBadge status={c.status} />
        <KycBadge status={c.kycStatus} />
        {transferBranches ? (
          <span className="ml-auto">
            <ClientMessages namespaces={["adminTransfers", "adminCommon", "validation"]}>
              <RequestTransferDialog userNumber={c.userNumber} branches={transferBranches.map((b) => ({ id: b.id, label: `${b.code} · ${locale === "bn" ? b.nameBn : b.nameEn}` }))} />
            </ClientMessages>
          </span>
        ) : null}
      </div>
      <section>
        <h3 className="mb-2 font-semibold">{t("dialog.contact")}</h3>
        <Facts
          rows={[
            [t("fields.phone"), formatPhone(c.phone)],
            [t("fields.email"), dash(c.email)],
            [t("fields.address"), c.address],
          ]}
        />
      </section>
      <section>
        <h3 className="mb-2 font-semibold">{t("dialog.emergency")}</h3>
        {c.emergencyContactName || c.emergencyContactPhone ? (
          <Facts
            rows={[
              [t("fields.emergencyContactName"), dash(c.emergencyContactName)],
              [t("fields.emergencyContactPhone"), c.emergencyContactPhone ? formatPhone(c.emergencyContactPhone) : "—"],
              [t("fields.emergencyContactRelation"), dash(c.emergencyContactRelation)],
            ]}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t("dialog.noEmergency")}</p>
        )}
      </section>
      <section>
        <h3 className="mb-2 font-semibold">{t("dialog.personal")}</h3>
        <Facts
          rows={[
            [t("fields.userNumber"), c.userNumber],
            [t("fields.userCode"), c.userCode],
            [t("fields.nid"), c.nid],
            [t("fields.dateOfBirth"), c.dateOfBirth ? formatCalendarDate(isoDateOf(c.dateOfBirth), locale) : "—"],
            [t("fields.employmentType"), c.employmentType ? t(`employment.${c.employmentType}`) : "—"],
            [t("fields.employer"), dash(c.employer)],
            [t("fields.monthlyIncome"), c.monthlyIncome === null ? "—" : taka(c.monthlyIncome)],
            [t("dialog.joinDate"), formatCalendarDate(isoDateOf(c.joinDate), locale)],
            [t("dialog.lastActivity"), c.lastActivityAt ? formatDateTime(c.lastActivityAt, locale) : "—"],
          ]}
        />
      </section>
      <section data-testid="customer-online-access">
        <h3 className="mb-2 font-semibold">{t("dialog.onlineAccess")}</h3>
        <Facts
          rows={[
            [t("dialog.lastSignIn"), c.onlineAccess.lastSignInAt ? formatDateTime(c.onlineAccess.lastSignInAt, locale) : t("dialog.neverSignedIn")],
            [t("dialog.openSessions"), t("dialog.openSessionsValue", { count: c.onlineAccess.openSessions })],
          ]}
        />
        {canEndSessions && c.onlineAccess.lastSignInAt ? (
          <div className="mt-2">
            <ClientMessages namespaces={["adminCustomers", "adminCommon"]}>
              <EndBorrowerSessionsButton userNumber={c.userNumber} />
            </ClientMessages>
          </div>
        ) : null}
      </section>
      <section>
        <h3 className="mb-2 font-semibold">{t("dialog.bank")}</h3>
        {c.bankName || c.bankAccountNumber ? (
          <Facts
            rows={[
              [t("fields.bankName"), dash(c.bankName)],
              [t("fields.bankAccountNumber"), c.bankAccountNumber ? c.bankAccountNumber : "—"],
              [t("fields.bankBranch"), dash(c.bankBranch)],
            ]}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t("dialog.noBank")}</p>
        )}
      </section>
      <section>
        <h3 className="mb-2 font-semibold">{t("dialog.summary")}</h3>
        <Facts
          rows={[
            [
              t("fields.creditScore"),
              score === null ? (
                <span data-testid="credit-score" data-score="">
                  {t("notAssessed")}
                </span>
              ) : (
                <span className="inline-flex items-center gap-2" data-testid="credit-score" data-score={score}>
                  {formatNumber(score, locale)}
                  <StatusPill tone={CREDIT_TONE[creditScoreLabel(score)]} label={t(`creditLabel.${creditScoreLabel(score)}`)} />
                </span>
              ),
            ],
            ...(c.totalLoans !== null && c.activeLoanAmount !== null
              ? ([
                  [t("dialog.totalLoans"), formatNumber(c.totalLoans, locale)],
                  [t("dialog.activeLoanAmount"), taka(c.activeLoanAmount)],
                ] as [string, React.ReactNode][])
              : []),
            ...(c.totalRepaid !== null
              ? ([[t("dialog.totalRepaid"), <span key="repaid" data-testid="total-repaid" data-amount={c.totalRepaid}>{taka(c.totalRepaid)}</span>]] as [string, React.ReactNode][])
              : []),
          ]}
        />
      </section>
    </div>
  );

  const loans =
    c.loans === null ? null : c.loans.length === 0 ? (
      <p className="py-6 text-center text-sm text-muted-foreground" data-testid="customer-loans-empty">
        {t("dialog.noLoans")}
      </p>
    ) : (
      <div className="overflow-x-auto rounded-md border">
        <Table data-testid="customer-loans-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("loans.loan")}</TableHead>
              <TableHead className="text-right">{t("loans.amount")}</TableHead>
              <TableHead className="text-right">{t("loans.emi")}</TableHead>
              <TableHead className="text-right">{t("loans.remaining")}</TableHead>
              <TableHead className="text-right">{t("loans.rate")}</TableHead>
              <TableHead>{t("loans.nextDue")}</TableHead>
              <TableHead>{t("loans.status")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {c.loans.map((loan) => (
              <TableRow key={loan.loanNumber} data-testid="customer-loan-row" data-loan-number={loan.loanNumber}>
                <TableCell>
                  <div className="font-mono text-xs">{loan.loanNumber}</div>
                  <div className="text-sm">{titles[loan.loanType]?.[locale] ?? loan.loanType}</div>
                  <div className="text-xs text-muted-foreground">
                    {loan.disbursedAt ? t("loans.disbursedOn", { date: formatDate(loan.disbursedAt, locale) }) : t("loans.months", { count: formatNumber(loan.tenure, locale) })}
                  </div>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">{taka(loan.amount)}</TableCell>
                <TableCell className="text-right whitespace-nowrap">{taka(loan.emi)}</TableCell>
                <TableCell className="text-right whitespace-nowrap">{loan.remaining === null ? "—" : taka(loan.remaining)}</TableCell>
                <TableCell className="text-right whitespace-nowrap">{formatPercent(loan.interestRate, locale)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {loan.nextDue ? (
                    <>
                      <div className={loan.nextDue.overdue ? "font-medium text-red-700" : undefined}>{formatCalendarDate(loan.nextDue.date, locale)}</div>
                      <div className="text-xs text-muted-foreground">{taka(loan.nextDue.amount)}</div>
                    </>
                  ) : (
                    "—"
                  )}
                </TableCell>
                <TableCell>
                  <LoanStatusBadge status={loan.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    );

  const payments =
    c.payments === null ? null : c.payments.length === 0 ? (
      <p className="py-6 text-center text-sm text-muted-foreground" data-testid="customer-payments-empty">
        {t("dialog.noPayments")}
      </p>
    ) : (
      <div className="overflow-x-auto rounded-md border">
        <Table data-testid="customer-payments-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("payments.number")}</TableHead>
              <TableHead>{t("payments.loan")}</TableHead>
              <TableHead className="text-right">{t("payments.amount")}</TableHead>
              <TableHead>{t("payments.date")}</TableHead>
              <TableHead>{t("payments.method")}</TableHead>
              <TableHead>{t("payments.reference")}</TableHead>
              <TableHead>{t("payments.status")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {c.payments.map((p) => (
              <TableRow key={p.paymentNumber} data-testid="customer-payment-row">
                <TableCell className="font-mono text-xs whitespace-nowrap">{p.paymentNumber}</TableCell>
                <TableCell className="font-mono text-xs whitespace-nowrap">{p.loanNumber}</TableCell>
                <TableCell className="text-right whitespace-nowrap">{taka(p.amount)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatCalendarDate(p.date, locale)}</TableCell>
                <TableCell>{p.method ? t(`paymentMethods.${p.method}`) : "—"}</TableCell>
                <TableCell className="font-mono text-xs">{p.reference ?? "—"}</TableCell>
                <TableCell>
                  <StatusPill tone={PAYMENT_TONE[p.status]} label={t(`paymentStatus.${p.status}`)} status={p.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    );

  const activity =
    c.activity.length === 0 ? (
      <p className="py-6 text-center text-sm text-muted-foreground" data-testid="customer-activity-empty">
        {t("activity.none")}
      </p>
    ) : (
      <ol className="space-y-3" data-testid="customer-activity">
        {c.activity.map((entry) => {
          const key = `activity.actions.${entry.action}`;
          const what = t.has(key as "activity.none") ? t(key as "activity.none", { subject: entry.subject ?? "" }) : t("activity.other", { action: entry.action, subject: entry.subject ?? "" });
          const detail = activityDetail(t, locale, entry);
          const actor = !entry.byStaff && (KNOWN_ACTORS as readonly string[]).includes(entry.by.toLowerCase()) ? t(`activity.actors.${entry.by.toLowerCase() as "system"}`) : entry.by;
          return (
            <li key={entry.id} className="rounded-md border p-3 text-sm" data-testid="activity-entry" data-action={entry.action}>
              <p className="font-medium">{what}</p>
              {detail ? <p className="text-muted-foreground">{detail}</p> : null}
              <p className="text-xs text-muted-foreground">{t("activity.byAt", { by: actor, at: formatDateTime(entry.at, locale) })}</p>
            </li>
          );
        })}
      </ol>
    );

  return (
    <DetailDialogFrame
      closeLabel={(await getTranslations("adminCommon"))("close")}
      testId="customer-dialog"
      title={`${c.name} · ${c.userNumber}`}
      description={t("dialog.description", { code: c.userCode })}
      closeHref={closeHref}
      tabs={[
        { value: "personal", label: t("dialog.tabs.personal"), content: personal },
        // Loans and payments only for those who may read them (lib/customers/access.ts).
        ...(loans ? [{ value: "loans", label: t("dialog.tabs.loans"), content: loans }] : []),
        ...(payments ? [{ value: "payments", label: t("dialog.tabs.payments"), content: payments }] : []),
        { value: "activity", label: t("dialog.tabs.activity"), content: activity },
      ]}
    />
  );
}
