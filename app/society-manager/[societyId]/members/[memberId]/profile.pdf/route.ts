import { z } from "zod";
import { memberProfilePdf } from "@/lib/society/reports";
import { societyDownload } from "@/lib/society/report-routes";
import { recordId } from "@/lib/validation/fields";
import { parsePathParams } from "@/lib/validation/path-params";

/** A member's profile as a printable PDF (society.view). */
export async function GET(request: Request, { params }: { params: Promise<{ societyId: string; memberId: string }> }) {
  const { societyId } = await params;
  const ids = await parsePathParams(params, { memberId: recordId });
  return societyDownload(request, societyId, { permission: "society.view", where: "/society-manager/members/profile.pdf", query: z.object({}) }, async (access, _query, locale) =>
    ids ? memberProfilePdf(access, ids.memberId, locale) : null,
  );
}
