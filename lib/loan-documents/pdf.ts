import "server-only";
import { getTranslations } from "next-intl/server";
import { createElement } from "react";
import type { Locale } from "@/i18n/config";
import { formatDateTime } from "@/lib/format";
import { planTables, TablesDocument, type PdfChrome } from "@/lib/pdf/components";
import { loanScheduleSections, paymentReceiptSections } from "@/lib/pdf/loan-documents";
import { pdfResponse, preparePdf, renderPdf } from "@/lib/pdf/render";
import type { Translate } from "@/lib/pdf/society-reports";
import type { TableSection } from "@/lib/pdf/table-plan";
import { loanScheduleData, paymentReceiptData } from "./queries";
import type { DocumentReader } from "./types";

async function chromeFor(locale: Locale, title: string, subtitle: string): Promise<{ chrome: PdfChrome; t: Translate }> {
  const t = (await getTranslations({ locale, namespace: "loanPdf" })) as unknown as Translate;
  const appName = (await getTranslations({ locale, namespace: "common" }))("appName");
  return {
    t,
    chrome: {
      locale,
      societyName: appName,
      title: t(title),
      subtitle,
      printedAt: t("printedAt", { time: formatDateTime(new Date(), locale) }),
      pageTemplate: t("page", { page: "{page}", total: "{total}" }),
      continued: t("continued"),
    },
  };
}

/** A loan document rendered from its sections, as a PDF response. */
async function render(locale: Locale, title: string, subtitle: string, sections: (t: Translate) => TableSection[], filename: string): Promise<Response> {
  const { chrome, t } = await chromeFor(locale, title, subtitle);
  await preparePdf();
  const pdf = await renderPdf(createElement(TablesDocument, { chrome, pages: planTables(sections(t)) }));
  return pdfResponse(pdf, filename);
}

/** One payment's receipt as a PDF response, or null when there is no such payment (of this borrower, or in the staff member's branches). */
export async function paymentReceiptPdf(paymentNumber: string, locale: Locale, reader: DocumentReader): Promise<Response | null> {
  const data = await paymentReceiptData(paymentNumber, reader);
  if (!data) return null;
  const subtitle = `${data.paymentNumber} · ${data.borrower}`;
  return render(locale, "receiptTitle", subtitle, (t) => paymentReceiptSections(data, t, locale), `receipt_${data.paymentNumber}.pdf`);
}

/** A disbursed loan's schedule as a PDF response, or null when there is none. */
export async function loanSchedulePdf(loanNumber: string, locale: Locale, reader: DocumentReader): Promise<Response | null> {
  const data = await loanScheduleData(loanNumber, reader);
  if (!data) return null;
  const subtitle = `${data.loanNumber} · ${data.borrower}`;
  return render(locale, "scheduleTitle", subtitle, (t) => loanScheduleSections(data, t, locale), `schedule_${data.loanNumber}.pdf`);
}
