import { calendarQuerySchema } from "@/lib/society/schemas";
import { memberCalendarPdf } from "@/lib/society/reports";
import { societyDownload } from "@/lib/society/report-routes";

/** A member's collection calendar for one month (?month=YYYY-MM, default this month) as a PDF (society.view). */
export async function GET(request: Request, { params }: { params: Promise<{ societyId: string; memberId: string }> }) {
  const { societyId, memberId } = await params;
  return societyDownload(request, societyId, { permission: "society.view", where: "/society-manager/members/calendar.pdf", query: calendarQuerySchema }, (access, query, locale) =>
    memberCalendarPdf(access, memberId, query.month, locale),
  );
}
