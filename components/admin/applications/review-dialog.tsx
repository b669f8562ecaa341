import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { upazilaLabel } from "@/lib/geo/upazilas";
import { Facts } from "@/components/admin/facts";
import { ClientMessages } from "@/components/i18n/client-messages";
import { allowedDecisions, debtToIncomePercent, EMI_TO_INCOME_LIMIT_PERCENT, emiToIncomePercent } from "@/lib/applications/review";
import type { ApplicationForReview } from "@/lib/applications/review-queries";
import { formatDate, formatDateTime, formatNumber, formatPercent, formatPhone, formatTaka } from "@/lib/format";
import type { Language, LoanType } from "@/lib/generated/prisma/enums";
import { cn } from "@/lib/utils";
import { AssignBranchForm } from "./assign-branch-form";
import { DecisionButtons } from "./decision-buttons";
import { DetailDialogFrame } from "@/components/admin/detail-dialog-frame";
import { ApplicationStatusBadge } from "./status-badge";

/** An income ratio, green at or below the 40% limit and red above it. */
function Ratio({ value, label, verdict, locale }: { value: number | null; label: string; verdict: (ok: boolean) => string; locale: Locale }) {
  if (value === null) return null;
  const within = value <= EMI_TO_INCOME_LIMIT_PERCENT;
  return (
    <div className={cn("rounded-md border p-3", within ? "border-green-300 bg-green-50" : "border-red-300 bg-red-50")} data-testid="ratio" data-within={within}>
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className={cn("text-2xl font-bold", within ? "text-green-700" : "text-red-700")}>{formatPercent(value, locale)}</p>
      <p className="text-xs">{verdict(within)}</p>
    </div>
  );
}

export async function ApplicationReviewDialog({
  application: a,
  titles,
  canDecide,
  closeHref,
  branches,
}: {
  application: ApplicationForReview;
  titles: Record<LoanType, Record<Language, string>>;
  canDecide: boolean;
  closeHref: string;
  /** Open branches, given when the application waits in the head office's queue and the reader may assign it. */
  branches?: { id: string; label: string }[];
}) {
  const [t, locale] = await Promise.all([getTranslations("adminReview"), getLocale()]);
  const d = (key: Parameters<typeof t>[0]) => t(key);
  const taka = (v: number) => formatTaka(v, locale);
  const rate = a.interestRate.toNumber();
  const emiRatio = emiToIncomePercent(a.emi, a.monthlyIncome);
  const debtRatio = debtToIncomePercent(a.emi, a.existingLoans, a.monthlyIncome);
  const allowed = allowedDecisions(a.status);

  const details = (
    <div className="space-y-4">
      <Facts
        rows={[
          [d("dialog.loanType"), titles[a.loanType]?.[locale] ?? a.loanType],
          [d("dialog.amount"), taka(a.amount)],
          [d("dialog.tenure"), t("months", { count: formatNumber(a.tenure, locale) })],
          [d("dialog.purpose"), a.purpose],
        ]}
      />
      <h3 className="font-semibold">{d("dialog.personal")}</h3>
      <Facts
        rows={[
          [d("dialog.name"), a.name],
          [d("dialog.phone"), formatPhone(a.phone)],
          [d("dialog.email"), a.email ?? "—"],
          [d("dialog.dob"), formatDate(a.dob, locale)],
          [d("dialog.nid"), a.nid],
          [d("dialog.address"), a.address],
          [d("dialog.upazila"), a.upazilaCode ? (upazilaLabel(a.upazilaCode, locale) ?? a.upazilaCode) : "—"],
        ]}
      />
      <h3 className="font-semibold">{d("dialog.employment")}</h3>
      <Facts
        rows={[
          [d("dialog.employmentType"), t(`dialog.employmentTypes.${a.employmentType}`)],
          [d("dialog.employer"), a.employer],
          [d("dialog.income"), taka(a.monthlyIncome)],
          [d("dialog.existingLoans"), a.existingLoans ? taka(a.existingLoans) : d("dialog.none")],
        ]}
      />
    </div>
  );

  const verification = (
    <div className="space-y-4">
      <Facts
        rows={[
          [
            d("dialog.nidStatus"),
            <span key="s" className="flex flex-wrap items-center gap-2">
              {t(`dialog.nidStatuses.${a.nidVerificationStatus}`)}
              {a.nidSimulated ? (
                <span className="rounded bg-orange-100 px-1.5 text-xs text-orange-800" data-testid="simulated-badge">
                  {d("dialog.simulated")}
                </span>
              ) : null}
            </span>,
          ],
          [d("dialog.verifiedName"), a.nidVerifiedName ?? "—"],
          [d("dialog.confidence"), a.nidConfidence !== null ? formatPercent(a.nidConfidence, locale) : "—"],
          [d("dialog.dob"), a.nidVerifiedDob ? formatDate(a.nidVerifiedDob, locale) : "—"],
          [d("dialog.bloodGroup"), a.nidBloodGroup ?? "—"],
        ]}
      />
      <h3 className="font-semibold">{d("dialog.metadata")}</h3>
      <Facts
        rows={[
          [d("dialog.source"), a.nidSimulated ? d("dialog.simulated") : a.nidVerificationStatus === "not_captured" ? "—" : d("dialog.staffCheck")],
          [d("dialog.cardNumber"), a.nidVerifiedNumber ? a.nidVerifiedNumber : "—"],
          [d("dialog.fatherName"), a.nidFatherName ?? "—"],
          [d("dialog.motherName"), a.nidMotherName ?? "—"],
          [d("dialog.cardAddress"), a.nidVerifiedAddress ?? "—"],
        ]}
      />
      <h3 className="font-semibold">{d("dialog.cardImage")}</h3>
      {a.nidImage ? (
        <figure className="space-y-1">
          {/* Served by an authorized route handler with no-store caching; not optimised by next/image on purpose. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={`/admin/api/applications/${encodeURIComponent(a.applicationId)}/nid-image`}
            alt={d("dialog.cardImage")}
            className="max-h-80 w-auto rounded-md border"
            data-testid="nid-image"
          />
          <figcaption className="text-xs text-muted-foreground">
            {t("dialog.imageMeta", { type: a.nidImage.mimeType, size: formatNumber(Math.round(a.nidImage.sizeBytes / 1024), locale), time: formatDateTime(a.nidImage.uploadedAt, locale) })}
          </figcaption>
        </figure>
      ) : (
        <p className="text-sm text-muted-foreground">{d("dialog.noImage")}</p>
      )}
    </div>
  );

  const calculation = (
    <div className="space-y-4">
      <Facts
        rows={[
          [d("dialog.principal"), taka(a.principal)],
          [d("dialog.rate"), t("dialog.perYear", { rate: formatNumber(rate, locale, 2) })],
          [d("dialog.tenure"), t("months", { count: formatNumber(a.months, locale) })],
          [d("dialog.monthlyEmi"), taka(a.emi)],
          [d("dialog.totalPayable"), taka(a.totalPayable)],
          [d("dialog.totalInterest"), taka(a.totalInterest)],
        ]}
      />
      <h3 className="font-semibold">{d("dialog.incomeAnalysis")}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Ratio value={emiRatio} label={d("dialog.emiToIncome")} verdict={(ok) => (ok ? d("dialog.withinLimit") : d("dialog.overLimit"))} locale={locale} />
        <Ratio value={debtRatio} label={d("dialog.debtToIncome")} verdict={(ok) => (ok ? d("dialog.withinLimit") : d("dialog.overLimit"))} locale={locale} />
      </div>
    </div>
  );

  const review = (
    <div className="space-y-4" data-testid="review-actions">
      <div className="flex items-center gap-2 text-sm">
        <span className="text-muted-foreground">{d("dialog.currentStatus")}</span>
        <ApplicationStatusBadge status={a.status} label={t(`status.${a.status}`)} />
      </div>
      {a.reviewedBy && a.reviewedAt ? <p className="text-sm">{t("dialog.reviewedBy", { name: a.reviewedBy.name, time: formatDateTime(a.reviewedAt, locale) })}</p> : null}
      {a.rejectionReason ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{d("dialog.rejectionReason")}: </span>
          {a.rejectionReason}
        </p>
      ) : null}
      {a.loan ? <p className="text-sm">{t("dialog.loanCreated", { loan: a.loan.loanNumber })}</p> : null}
      <p className="text-sm" data-testid="application-branch">
        <span className="text-muted-foreground">{d("dialog.branch")}: </span>
        {a.branch ? `${locale === "bn" ? a.branch.nameBn : a.branch.nameEn} (${a.branch.code})` : d("dialog.queue")}
      </p>
      {!a.branch && canDecide && branches && branches.length > 0 && allowed.length > 0 ? (
        <ClientMessages namespaces={["adminReview", "adminCommon"]}>
          <AssignBranchForm applicationId={a.applicationId} branches={branches} />
        </ClientMessages>
      ) : null}
      {/* Mounted whatever the status, so the outcome of a decision stays visible after the refresh. */}
      {canDecide ? (
        <ClientMessages namespaces={["adminReview"]}>
          <DecisionButtons applicationId={a.applicationId} allowed={allowed} />
        </ClientMessages>
      ) : null}
      {allowed.length === 0 ? <p className="text-sm text-muted-foreground">{d("dialog.final")}</p> : null}
      {allowed.length > 0 && !canDecide ? <p className="text-sm text-muted-foreground">{d("dialog.noPermission")}</p> : null}
    </div>
  );

  return (
    <DetailDialogFrame
      closeLabel={(await getTranslations("adminCommon"))("close")}
      title={t("dialog.title", { id: a.applicationId })}
      description={`${a.name} · ${taka(a.amount)} · ${t(`status.${a.status}`)}`}
      closeHref={closeHref}
      tabs={[
        { value: "details", label: d("dialog.tabs.details"), content: details },
        { value: "verification", label: d("dialog.tabs.verification"), content: verification },
        { value: "calculation", label: d("dialog.tabs.calculation"), content: calculation },
        { value: "review", label: d("dialog.tabs.review"), content: review },
      ]}
    />
  );
}
