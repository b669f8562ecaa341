import { getTranslations } from "next-intl/server";
import { requireRoutePermission } from "@/lib/auth/guard";
import { dhakaToday } from "@/lib/format";
import { exportApplicationBatches, loanTypeTitles } from "@/lib/applications/review-queries";
import { reviewListFiltersSchema } from "@/lib/applications/review-schemas";
import { csvResponse, toCsv } from "@/lib/csv";
import { formatDateTime, formatPhone } from "@/lib/format";

const CSV_COLUMNS = ["id", "submitted", "status", "name", "phone", "email", "loanType", "amount", "tenure", "emi", "rate", "income", "employment", "purpose", "reviewedBy", "reviewedAt", "reason"] as const;

/** The review list as CSV: the screen's filters (q, status), every matching row, headings in the user's language. */
export async function GET(request: Request) {
  const ctx = await requireRoutePermission("applications.read", "/admin/api/applications/export");
  if (ctx instanceof Response) return ctx;
  const filters = reviewListFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [t, titles] = await Promise.all([getTranslations("adminReview"), loanTypeTitles()]);
  // Numbers and dates in ASCII digits whatever the screen's language, so spreadsheets can compute with them.
  const locale = "en";
  const rows: (string | number | null)[][] = [CSV_COLUMNS.map((column) => t(`csv.${column}`))];
  for await (const batch of exportApplicationBatches(filters, ctx.scope)) {
    for (const r of batch) {
      rows.push([
        r.applicationId,
        formatDateTime(r.submittedAt, locale),
        t(`status.${r.status}`),
        r.name,
        // "01712-345678": a leading "+" would be quoted as a formula, and bare digits lose their leading 0.
        formatPhone(r.phone),
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
    }
  }
  return csvResponse(toCsv(rows), `applications-${filters.status}-${dhakaToday()}.csv`);
}
