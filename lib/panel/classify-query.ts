/** How a typed search term is matched (pure; shared by the panel search and the review list). */
import { normalizeApplicationId } from "@/lib/applications/ids";
import { toAsciiDigits } from "@/lib/format";
import { normalizeBdMobile, normalizeNid } from "@/lib/validation/bd";

export const MAX_QUERY_LENGTH = 100;

/** What the query looks like: each kind is matched on its indexed column, names by substring. */
export function classifyQuery(raw: string) {
  const q = raw.trim().slice(0, MAX_QUERY_LENGTH);
  const ascii = toAsciiDigits(q);
  return {
    text: q,
    applicationId: normalizeApplicationId(q),
    phone: normalizeBdMobile(q),
    nid: normalizeNid(q),
    loanNumber: /^LN-?\d+$/i.test(ascii) ? `LN-${ascii.replace(/\D/g, "").padStart(6, "0")}` : null,
    userNumber: /^U\d+$/i.test(ascii) ? ascii.toUpperCase() : null,
    userCode: /^RB-[A-Z0-9]{4}$/i.test(ascii) ? ascii.toUpperCase() : null,
    email: /^[^\s@]+@[^\s@]+$/.test(q) ? q.toLowerCase() : null,
  };
}

