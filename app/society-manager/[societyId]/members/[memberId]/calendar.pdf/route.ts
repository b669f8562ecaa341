import { calendarQuerySchema } from "@/lib/society/schemas";
import { memberCalendarPdf } from "@/lib/society/reports";
import { societyDownload } from "@/lib/society/report-routes";
import { recordId } from "@/lib/validation/fields";
import { parsePathParams } from "@/lib/validation/path-params";

/** A member's collection calendar for one month (?month=YYYY-MM, default this month) as a PDF (society.view). */
export async function GET(request: Request, { params }: { params: Promise<{ societyId: string; memberId: string }> }) {
  const { societyId } = await params;
  const ids = await parsePathParams(params, { memberId: recordId });
  return societyDownload(request, societyId, { permission: "society.view", where: "/society-manager/members/calendar.pdf", query: calendarQuerySchema }, async (access, query, locale) =>
    ids ? memberCalendarPdf(access, ids.memberId, query.month, locale) : null,
  );
}
