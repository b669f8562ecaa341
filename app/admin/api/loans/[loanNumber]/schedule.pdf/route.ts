import { getLocale } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { requireRoutePermission } from "@/lib/auth/guard";
import { loanSchedulePdf } from "@/lib/loan-documents/pdf";
import { loanNumberField } from "@/lib/loans/schemas";
import { notFoundResponse, parsePathParams } from "@/lib/validation/path-params";

/** A disbursed loan's instalment schedule as a PDF in the reader's language, for staff who may read loans. Never cached. */
export async function GET(_request: Request, { params }: { params: Promise<{ loanNumber: string }> }) {
  const ids = await parsePathParams(params, { loanNumber: loanNumberField });
  const ctx = await requireRoutePermission("loans.read", `/admin/api/loans/${ids?.loanNumber ?? "[loanNumber]"}/schedule.pdf`);
  if (ctx instanceof Response) return ctx;
  return (ids && (await loanSchedulePdf(ids.loanNumber, (await getLocale()) as Locale, ctx.scope))) || notFoundResponse();
}
