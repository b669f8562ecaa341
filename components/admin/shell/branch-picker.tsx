"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { compactSelectClassName } from "@/components/forms/native-select";
import { pickBranchAction } from "@/lib/offices/actions";

export type PickableBranch = { id: string; label: string };

/**
 * The branch picker of head-office and area staff (issue 41, point 6; decision 0257): every page, list, figure and
 * export shows the chosen branch, or all of the staff member's branches (consolidated). The server checks the choice.
 */
export function BranchPicker({ branches, current, labels }: { branches: PickableBranch[]; current: string; labels: { label: string; consolidated: string } }) {
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(current);
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-1 pt-2" data-testid="branch-picker">
      <label htmlFor={id} className="block text-xs font-medium text-muted-foreground">
        {labels.label}
      </label>
      <select
        id={id}
        className={compactSelectClassName}
        value={value}
        disabled={pending}
        onChange={(event) => {
          const branchId = event.target.value;
          const before = value;
          setValue(branchId);
          startTransition(async () => {
            const result = await pickBranchAction({ branchId });
            if (result.ok) router.refresh();
            else setValue(before);
          });
        }}
      >
        <option value="">{labels.consolidated}</option>
        {branches.map((b) => (
          <option key={b.id} value={b.id}>
            {b.label}
          </option>
        ))}
      </select>
    </div>
  );
}
