import { Card, CardContent } from "@/components/ui/card";

/** One figure with its label (and an optional line under it). */
export function StatCard({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <Card className="gap-0 py-3">
      <CardContent className="px-3 sm:px-4">
        <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
        <p className="mt-1 text-lg font-bold tabular-nums sm:text-2xl" data-testid={testId}>
          {value}
        </p>
        {hint ? <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}
