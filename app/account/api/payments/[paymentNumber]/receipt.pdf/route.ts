import { getLocale } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { borrowerRouteRefusal, notFoundPdf } from "@/lib/borrower/route";
import { getBorrower } from "@/lib/borrower/current";
import { paymentReceiptPdf } from "@/lib/loan-documents/pdf";
import { paymentNumberField } from "@/lib/repayments/schemas";
import { parsePathParams } from "@/lib/validation/path-params";

/** A borrower's receipt for one of their own payments, in their language. Another's payment is "not found". Never cached. */
export async function GET(_request: Request, { params }: { params: Promise<{ paymentNumber: string }> }) {
  const borrower = await getBorrower();
  if (!borrower) return borrowerRouteRefusal();
  const ids = await parsePathParams(params, { paymentNumber: paymentNumberField });
  if (!ids) return notFoundPdf();
  return (await paymentReceiptPdf(ids.paymentNumber, (await getLocale()) as Locale, borrower)) ?? notFoundPdf();
}
