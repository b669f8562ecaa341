import { getLocale } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { requireRoutePermission } from "@/lib/auth/guard";
import { loanSchedulePdf } from "@/lib/loan-documents/pdf";

/** A disbursed loan's instalment schedule as a PDF in the reader's language, for staff who may read loans. Never cached. */
export async function GET(_request: Request, { params }: { params: Promise<{ loanNumber: string }> }) {
  const { loanNumber } = await params;
  const ctx = await requireRoutePermission("loans.read", `/admin/api/loans/${loanNumber}/schedule.pdf`);
  if (ctx instanceof Response) return ctx;
  return (await loanSchedulePdf(loanNumber.slice(0, 40), (await getLocale()) as Locale)) ?? new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
}
