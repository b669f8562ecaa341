"use client";

import { useEffect } from "react";

/**
 * Product cards and /loans link to the calculator and the eligibility check with ?type=<key>. The
 * pages are cached without their query string, so the browser reads it after hydration and selects
 * the product if it is one of `keys`.
 */
export function useProductFromAddress(keys: readonly string[], select: (key: string) => void) {
  useEffect(() => {
    const type = new URLSearchParams(window.location.search).get("type");
    if (type && keys.includes(type)) select(type);
    // Once, on arrival: later edits of the form are the visitor's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
