import { z } from "zod";
import { memberPassbookPdf } from "@/lib/society/reports";
import { societyDownload } from "@/lib/society/report-routes";

/** A member's passbook as a printable PDF (society.view): every movement of their savings and loan with running balances. */
export async function GET(request: Request, { params }: { params: Promise<{ societyId: string; memberId: string }> }) {
  const { societyId, memberId } = await params;
  return societyDownload(request, societyId, { permission: "society.view", where: "/society-manager/members/passbook.pdf", query: z.object({}) }, (access, _query, locale) =>
    memberPassbookPdf(access, memberId, locale),
  );
}
