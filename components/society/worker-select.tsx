"use client";

import { compactSelectClassName } from "@/components/forms/native-select";

export type WorkerOption = { id: string; code: string; name: string };

/** The dialogs' worker choice: a native select ("W001 · name"), with an empty first option to choose from. */
export function WorkerSelect({ workers, placeholder, ...props }: React.ComponentProps<"select"> & { workers: WorkerOption[]; placeholder: string }) {
  return (
    <select className={compactSelectClassName} {...props}>
      <option value="">{placeholder}</option>
      {workers.map((w) => (
        <option key={w.id} value={w.id}>
          {w.code} · {w.name}
        </option>
      ))}
    </select>
  );
}
