"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

const POLL_MS = 5000;

/**
 * Keeps the dashboard current without reloading it every 5 seconds: asks the server for a small
 * fingerprint of the data and re-renders the page only when it changed. Paused while the tab is hidden.
 */
export function LiveRefresh({ version }: { version: string }) {
  const router = useRouter();
  const known = useRef(version);
  useEffect(() => {
    known.current = version;
  }, [version]);
  useEffect(() => {
    const timer = setInterval(async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const res = await fetch("/admin/api/dashboard/version", { cache: "no-store" });
        if (!res.ok) return;
        const { version: latest } = (await res.json()) as { version: string };
        if (latest !== known.current) {
          known.current = latest;
          router.refresh();
        }
      } catch {
        // Offline for a moment: try again on the next tick.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}
