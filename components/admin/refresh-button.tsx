"use client";

import { RefreshCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Re-renders the page on the server; spins at least a second (the spec's Refresh) so the press is seen. */
export function RefreshButton({ label }: { label: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [spinning, setSpinning] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      data-testid="refresh"
      onClick={() => {
        setSpinning(true);
        setTimeout(() => setSpinning(false), 1000);
        startTransition(() => router.refresh());
      }}
    >
      <RefreshCw className={cn(spinning || pending ? "animate-spin" : undefined)} aria-hidden />
      {label}
    </Button>
  );
}
