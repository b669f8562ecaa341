import type { Locale } from "@/i18n/config";
import { formatTaka } from "@/lib/format";

/** A table's amount cell: never wraps (a minus sign stays with its figure); blank where a column has nothing, as on paper. */
export function MoneyCell({ value, locale, strong = false, blankZero = false }: { value: number; locale: Locale; strong?: boolean; blankZero?: boolean }) {
  return <td className={`whitespace-nowrap px-3 py-1.5 text-right tabular-nums ${strong ? "font-semibold" : ""}`}>{blankZero && value === 0 ? "" : formatTaka(value, locale)}</td>;
}
