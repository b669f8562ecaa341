import { cn } from "@/lib/utils";

/** The spec's status colours (section 4): green good, yellow pending, blue approved/upcoming, red bad, orange partial, purple under review. */
export const PILL_TONES = {
  green: "bg-green-100 text-green-800",
  yellow: "bg-yellow-100 text-yellow-900",
  blue: "bg-blue-100 text-blue-800",
  red: "bg-red-100 text-red-800",
  orange: "bg-orange-100 text-orange-900",
  purple: "bg-purple-100 text-purple-800",
  grey: "bg-muted text-muted-foreground",
} as const;

export type PillTone = keyof typeof PILL_TONES;

/** A small rounded status label; `status` goes to data-status for tests and styles. */
export function StatusPill({ tone, label, status, testId }: { tone: PillTone; label: string; status?: string; testId?: string }) {
  return (
    <span data-testid={testId} data-status={status} className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", PILL_TONES[tone])}>
      {label}
    </span>
  );
}
