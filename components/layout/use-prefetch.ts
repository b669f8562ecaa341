"use client";

import { useSyncExternalStore } from "react";

type Connection = { saveData?: boolean; effectiveType?: string; addEventListener?(type: "change", listener: () => void): void; removeEventListener?(type: "change", listener: () => void): void };

const connection = (): Connection | undefined => (typeof navigator === "undefined" ? undefined : (navigator as Navigator & { connection?: Connection }).connection);

/** A phone that asked to save data, or on a 2G/3G connection: prefetching pages it may never open costs it. */
export function isSlowConnection(c: Connection | undefined): boolean {
  return !!c && (c.saveData === true || ["slow-2g", "2g", "3g"].includes(c.effectiveType ?? ""));
}

function subscribe(onChange: () => void): () => void {
  const c = connection();
  c?.addEventListener?.("change", onChange);
  return () => c?.removeEventListener?.("change", onChange);
}

/**
 * Whether links may prefetch the pages they point to: never on a slow or data-saving connection. False while the page
 * hydrates (the server cannot know the connection), so a link never starts a prefetch before the connection is read.
 */
export function usePrefetchAllowed(): boolean {
  return useSyncExternalStore(subscribe, () => !isSlowConnection(connection()), () => false);
}
