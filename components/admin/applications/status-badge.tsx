import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import type { ApplicationStatus } from "@/lib/generated/prisma/enums";

/** The spec's status colours: yellow pending, purple under review, green approved, red rejected. */
const STATUS_TONE: Record<ApplicationStatus, PillTone> = { pending: "yellow", under_review: "purple", approved: "green", rejected: "red" };

export function ApplicationStatusBadge({ status, label }: { status: ApplicationStatus; label: string }) {
  return <StatusPill tone={STATUS_TONE[status]} label={label} status={status} testId="application-status" />;
}
