import { getLocale } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { borrowerRouteRefusal, notFoundPdf } from "@/lib/borrower/route";
import { getBorrower } from "@/lib/borrower/current";
import { loanSchedulePdf } from "@/lib/loan-documents/pdf";
import { loanNumberField } from "@/lib/loans/schemas";
import { parsePathParams } from "@/lib/validation/path-params";

/** A borrower's own disbursed loan's schedule as a PDF, in their language. Another's loan is "not found". Never cached. */
export async function GET(_request: Request, { params }: { params: Promise<{ loanNumber: string }> }) {
  const borrower = await getBorrower();
  if (!borrower) return borrowerRouteRefusal();
  const ids = await parsePathParams(params, { loanNumber: loanNumberField });
  if (!ids) return notFoundPdf();
  return (await loanSchedulePdf(ids.loanNumber, (await getLocale()) as Locale, borrower)) ?? notFoundPdf();
}
