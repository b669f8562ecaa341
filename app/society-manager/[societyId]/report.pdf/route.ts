import { databaseReportQuerySchema } from "@/lib/society/schemas";
import { databaseReportPdf } from "@/lib/society/reports";
import { societyDownload } from "@/lib/society/report-routes";

/** The complete database report (?from=&to= for every collection in a range) as a PDF (society.view). */
export async function GET(request: Request, { params }: { params: Promise<{ societyId: string }> }) {
  const { societyId } = await params;
  return societyDownload(request, societyId, { permission: "society.view", where: "/society-manager/report.pdf", query: databaseReportQuerySchema }, (access, range, locale) =>
    databaseReportPdf(access, range, locale),
  );
}
