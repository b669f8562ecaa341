/** What a collection sheet's save moves in the books (pure; unit-tested beside this file). */
import type { ExistingSheetRow, SheetPlan } from "@/lib/society/rules";
import type { CollectionMovement } from "./types";

/**
 * The difference a save makes, per member: a new row is collected in full, a changed row by what changed, a removed
 * row taken back whole. Rows recorded as pending or missed had posted nothing.
 */
export function sheetMovements(existing: readonly (ExistingSheetRow & { posted: boolean })[], plan: SheetPlan, workerId: string): CollectionMovement[] {
  const byId = new Map(existing.map((row) => [row.id, row]));
  const before = (id: string) => {
    const row = byId.get(id);
    return row && row.posted ? { installment: row.installment, savings: row.savings } : { installment: 0, savings: 0 };
  };
  return [
    ...plan.create.map((row) => ({ memberId: row.memberId, workerId, installment: row.installment, savings: row.savings })),
    ...plan.update.map((row) => {
      const old = before(row.id);
      return { memberId: byId.get(row.id)!.memberId, workerId, installment: row.installment - old.installment, savings: row.savings - old.savings };
    }),
    ...plan.remove.map((id) => {
      const old = before(id);
      return { memberId: byId.get(id)!.memberId, workerId, installment: 0 - old.installment, savings: 0 - old.savings };
    }),
  ].filter((m) => m.installment !== 0 || m.savings !== 0);
}
