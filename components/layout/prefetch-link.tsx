"use client";

import Link from "next/link";
import type { ComponentProps } from "react";
import { usePrefetchAllowed } from "./use-prefetch";

/** next/link for the public pages: it prefetches as usual, except on a Save-Data or 2G/3G connection (issue 25). */
export function PrefetchLink({ prefetch, ...props }: ComponentProps<typeof Link>) {
  const allowed = usePrefetchAllowed();
  return <Link {...props} prefetch={allowed ? (prefetch ?? null) : false} />;
}
