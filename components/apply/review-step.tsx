"use client";

import { Pencil } from "@/components/icons";
import { useLocale, useTranslations } from "next-intl";
import type { NidCaptureValue } from "@/components/nid/nid-capture";
import { Button } from "@/components/ui/button";
import { EMPLOYMENT_TYPES } from "@/lib/applications/rules";
import { formatCalendarDate, formatNumber, formatPercent, formatPhone, formatTaka, parseNumberInput, toAsciiDigits } from "@/lib/format";
import { upazilaLabel } from "@/lib/geo/upazilas";
import { calculateEmi } from "@/lib/loans/emi";
import { normalizeBdMobile, normalizeNid } from "@/lib/validation/bd";
import { emiInputFrom } from "./apply-calculator";
import type { Step } from "./step-indicator";
import type { ApplyProduct, EmploymentInfoValues, LoanDetailsValues, PersonalInfoValues } from "./types";

type Row = { label: string; value: string; testId?: string };

function Section({
  title,
  rows,
  onEdit,
  editLabel,
  children,
}: {
  title: string;
  rows: Row[];
  onEdit: () => void;
  editLabel: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="rounded-lg border p-4">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 className="font-semibold">{title}</h3>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          // The second click of a double click on the previous step's Next can land here.
          onClick={(event) => event.detail <= 1 && onEdit()}
          aria-label={`${editLabel}: ${title}`}
        >
          <Pencil aria-hidden />
          {editLabel}
        </Button>
      </div>
      <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="min-w-0">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="font-medium break-words whitespace-pre-line" data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

/** Step 4: everything the applicant entered, cleaned the way the server will store it, with edit links. */
export function ReviewStep({
  loan,
  personal,
  employment,
  products,
  nidCapture,
  onEdit,
}: {
  loan: LoanDetailsValues;
  personal: PersonalInfoValues;
  employment: EmploymentInfoValues;
  products: readonly ApplyProduct[];
  nidCapture: NidCaptureValue | null;
  onEdit: (step: Step) => void;
}) {
  const t = useTranslations("apply");
  const locale = useLocale();
  const none = t("review.notProvided");
  const product = products.find((p) => p.key === loan.loanType);
  const amount = parseNumberInput(loan.amount);
  const income = parseNumberInput(employment.monthlyIncome);
  const existing = employment.existingLoans.trim() === "" ? null : parseNumberInput(employment.existingLoans);
  const emiInput = emiInputFrom(loan, products);
  const emi = emiInput ? calculateEmi(emiInput) : null;
  const phone = normalizeBdMobile(personal.phone);
  const nid = normalizeNid(personal.nid);
  const dob = toAsciiDigits(personal.dob);
  const employmentType = (EMPLOYMENT_TYPES as readonly string[]).includes(employment.employmentType)
    ? t(`employmentTypes.${employment.employmentType as (typeof EMPLOYMENT_TYPES)[number]}`)
    : none;

  return (
    <div className="space-y-4" data-testid="apply-review">
      <Section
        title={t("steps.loanDetails")}
        editLabel={t("actions.edit")}
        onEdit={() => onEdit(1)}
        rows={[
          { label: t("fields.loanType"), value: product?.title ?? none },
          { label: t("fields.amount"), value: amount !== null ? formatTaka(amount, locale) : none, testId: "review-amount" },
          {
            label: t("fields.tenure"),
            value: loan.tenure ? t("fields.tenureOption", { months: formatNumber(Number(loan.tenure), locale) }) : none,
          },
          { label: t("review.emi"), value: emi ? formatTaka(emi.emi, locale) : none, testId: "review-emi" },
          ...(product ? [{ label: t("calculator.rate"), value: formatPercent(product.annualRate, locale) }] : []),
          { label: t("fields.purpose"), value: loan.purpose.trim() || none },
        ]}
      />
      <Section
        title={t("steps.personalInfo")}
        editLabel={t("actions.edit")}
        onEdit={() => onEdit(2)}
        rows={[
          { label: t("fields.name"), value: personal.name.trim() || none },
          { label: t("fields.phone"), value: phone ? formatPhone(phone) : personal.phone, testId: "review-phone" },
          { label: t("fields.email"), value: personal.email.trim() || none },
          {
            label: t("fields.dob"),
            value: /^\d{4}-\d{2}-\d{2}$/.test(dob) ? formatCalendarDate(dob, locale) : none,
          },
          { label: t("fields.nid"), value: nid || personal.nid },
          { label: t("fields.address"), value: personal.address.trim() || none },
          { label: t("fields.upazila"), value: (personal.upazilaCode && upazilaLabel(personal.upazilaCode, locale)) || none, testId: "review-upazila" },
          {
            label: t("review.nidCard"),
            value: nidCapture?.simulated
              ? t("review.nidVerified", { confidence: formatPercent(nidCapture.simulated.confidence, locale) })
              : nidCapture
                ? t("review.nidPending")
                : none,
          },
        ]}
      >
        {nidCapture ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local object URL, nothing to optimise
          <img
            src={nidCapture.previewUrl}
            alt={t("review.nidCard")}
            className="mt-3 max-h-32 rounded-md border bg-black/5 object-contain"
          />
        ) : null}
      </Section>
      <Section
        title={t("steps.employmentInfo")}
        editLabel={t("actions.edit")}
        onEdit={() => onEdit(3)}
        rows={[
          { label: t("fields.employmentType"), value: employmentType },
          { label: t("fields.employer"), value: employment.employer.trim() || none },
          { label: t("fields.monthlyIncome"), value: income !== null ? formatTaka(income, locale) : none },
          { label: t("fields.existingLoans"), value: existing !== null ? formatTaka(existing, locale) : none },
        ]}
      />
      <p className="text-muted-foreground text-sm">{t("review.confirm")}</p>
    </div>
  );
}
