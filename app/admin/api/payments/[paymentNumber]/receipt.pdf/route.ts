import { getLocale } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { requireRoutePermission } from "@/lib/auth/guard";
import { paymentReceiptPdf } from "@/lib/loan-documents/pdf";

/** A payment's receipt as a PDF in the reader's language, for staff who may read payments. Never cached. */
export async function GET(_request: Request, { params }: { params: Promise<{ paymentNumber: string }> }) {
  const { paymentNumber } = await params;
  const ctx = await requireRoutePermission("payments.read", `/admin/api/payments/${paymentNumber}/receipt.pdf`);
  if (ctx instanceof Response) return ctx;
  return (await paymentReceiptPdf(paymentNumber.slice(0, 40), (await getLocale()) as Locale)) ?? new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
}
