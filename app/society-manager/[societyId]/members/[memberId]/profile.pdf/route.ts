import { z } from "zod";
import { memberProfilePdf } from "@/lib/society/reports";
import { societyDownload } from "@/lib/society/report-routes";

/** A member's profile as a printable PDF (society.view). */
export async function GET(request: Request, { params }: { params: Promise<{ societyId: string; memberId: string }> }) {
  const { societyId, memberId } = await params;
  return societyDownload(request, societyId, { permission: "society.view", where: "/society-manager/members/profile.pdf", query: z.object({}) }, (access, _query, locale) =>
    memberProfilePdf(access, memberId, locale),
  );
}
