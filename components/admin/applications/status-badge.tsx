import type { ApplicationStatus } from "@/lib/generated/prisma/enums";
import { cn } from "@/lib/utils";

/** The spec's status colours: yellow pending, purple under review, green approved, red rejected. */
const STATUS_CLASS: Record<ApplicationStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900",
  under_review: "bg-purple-100 text-purple-800",
  approved: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
};

export function ApplicationStatusBadge({ status, label }: { status: ApplicationStatus; label: string }) {
  return (
    <span data-testid="application-status" data-status={status} className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", STATUS_CLASS[status])}>
      {label}
    </span>
  );
}
