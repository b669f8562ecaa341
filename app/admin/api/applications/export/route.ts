import { getTranslations } from "next-intl/server";
import { authorizeRoute } from "@/lib/auth/guard";
import { dhakaToday } from "@/lib/applications/schemas";
import { exportApplications, loanTypeTitles } from "@/lib/applications/review-queries";
import { reviewListFiltersSchema } from "@/lib/applications/review-schemas";
import { csvResponse, toCsv } from "@/lib/csv";
import { formatDateTime } from "@/lib/format";

/** The review list as CSV, with the screen's filters, in the signed-in user's language. */
export async function GET(request: Request) {
  const ctx = await authorizeRoute("applications.read", "/admin/api/applications/export");
  if (ctx instanceof Response) return ctx;
  const filters = reviewListFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [t, rows, titles] = await Promise.all([getTranslations("adminReview"), exportApplications(filters), loanTypeTitles()]);
  const locale = "en"; // numbers and dates in ASCII digits, so spreadsheets can compute with them
  const header = (["id", "submitted", "status", "name", "phone", "email", "loanType", "amount", "tenure", "emi", "rate", "income", "employment", "purpose", "reviewedBy", "reviewedAt", "reason"] as const).map((k) => t(`csv.${k}`));
  const body = rows.map((r) => [
    r.applicationId,
    formatDateTime(r.submittedAt, locale),
    t(`status.${r.status}`),
    r.name,
    r.phone,
    r.email,
    titles[r.loanType]?.[r.language] ?? r.loanType,
    r.amount,
    r.tenure,
    r.emi,
    r.interestRate.toNumber(),
    r.monthlyIncome,
    t(`dialog.employmentTypes.${r.employmentType}`),
    r.purpose,
    r.reviewedBy?.name ?? null,
    r.reviewedAt ? formatDateTime(r.reviewedAt, locale) : null,
    r.rejectionReason,
  ]);
  return csvResponse(toCsv([header, ...body]), `applications-${filters.status}-${dhakaToday()}.csv`);
}
