import { getLocale } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { requireRoutePermission } from "@/lib/auth/guard";
import { paymentReceiptPdf } from "@/lib/loan-documents/pdf";
import { paymentNumberField } from "@/lib/repayments/schemas";
import { notFoundResponse, parsePathParams } from "@/lib/validation/path-params";

/** A payment's receipt as a PDF in the reader's language, for staff who may read payments. Never cached. */
export async function GET(_request: Request, { params }: { params: Promise<{ paymentNumber: string }> }) {
  const ids = await parsePathParams(params, { paymentNumber: paymentNumberField });
  const ctx = await requireRoutePermission("payments.read", `/admin/api/payments/${ids?.paymentNumber ?? "[paymentNumber]"}/receipt.pdf`);
  if (ctx instanceof Response) return ctx;
  return (ids && (await paymentReceiptPdf(ids.paymentNumber, (await getLocale()) as Locale, ctx.scope))) || notFoundResponse();
}
