import { getTranslations } from "next-intl/server";
import { requireRoutePermission } from "@/lib/auth/guard";
import { csvResponse, toCsv } from "@/lib/csv";
import { dhakaToday, formatDateTime, formatPhone } from "@/lib/format";
import { exportKycBatches } from "@/lib/kyc/queries";
import { kycListFiltersSchema } from "@/lib/kyc/schemas";

const CSV_COLUMNS = ["caseNumber", "member", "memberId", "phone", "email", "status", "priority", "assignee", "documents", "checks", "submitted", "lastActivity"] as const;

/** Export Report: the queue's filtered cases as CSV (tab, q, status, priority), headings in the user's language. */
export async function GET(request: Request) {
  const ctx = await requireRoutePermission("kyc.read", "/admin/api/kyc/export");
  if (ctx instanceof Response) return ctx;
  const filters = kycListFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const t = await getTranslations("adminKyc");
  // ASCII digits whatever the screen's language, so spreadsheets can compute with them.
  const locale = "en";
  const rows: (string | number | null)[][] = [CSV_COLUMNS.map((column) => t(`csv.${column}`))];
  for await (const batch of exportKycBatches(filters, ctx.scope)) {
    for (const c of batch) {
      rows.push([
        c.caseNumber,
        c.person.name,
        c.person.memberId ?? c.person.applicationId,
        c.person.phone ? formatPhone(c.person.phone) : null,
        c.person.email,
        t(`status.${c.status}`),
        t(`priority.${c.priority}`),
        c.assignee?.name ?? null,
        c.documents.map((d) => `${t(`documentType.${d.type}`)} (${t(`documentStatus.${d.verificationStatus}`)})`).join("; "),
        c.checks.map((check) => `${t(`checkKind.${check.kind}`)}: ${t(`checkStatus.${check.status}`)}`).join("; "),
        formatDateTime(c.submittedAt, locale),
        formatDateTime(c.lastActivityAt, locale),
      ]);
    }
  }
  return csvResponse(toCsv(rows), `kyc-${filters.tab}-${dhakaToday()}.csv`);
}
