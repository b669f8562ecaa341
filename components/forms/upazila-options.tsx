import type { UpazilaGroup } from "@/lib/geo/upazilas";

/** A select's upazilas, one group per district (the wizard's and the offices screen's choice). */
export function UpazilaOptions({ groups }: { groups: UpazilaGroup[] }) {
  return groups.map((group) => (
    <optgroup key={group.district} label={group.district}>
      {group.upazilas.map((u) => (
        <option key={u.code} value={u.code}>
          {u.name}
        </option>
      ))}
    </optgroup>
  ));
}
