"use client";

import { useLocale } from "next-intl";
import { compactSelectClassName } from "@/components/forms/native-select";
import type { Locale } from "@/i18n/config";
import { localizeDigits } from "@/lib/format";

export type WorkerOption = { id: string; code: string; name: string };

/** The dialogs' worker choice: a native select ("W001 · name"), with an empty first option to choose from. */
export function WorkerSelect({ workers, placeholder, ...props }: React.ComponentProps<"select"> & { workers: WorkerOption[]; placeholder: string }) {
  const locale = useLocale() as Locale;
  return (
    <select className={compactSelectClassName} {...props}>
      <option value="">{placeholder}</option>
      {workers.map((w) => (
        <option key={w.id} value={w.id}>
          {localizeDigits(w.code, locale)} · {w.name}
        </option>
      ))}
    </select>
  );
}
