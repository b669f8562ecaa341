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

/**
 * Members whose instalments in these movements are more than their loan still owes (before the movements): an
 * instalment is a repayment, so one from a member who owes less is refused rather than posted below zero on her loan
 * (the walk found ৳100 "owed" as −৳100). A lowered or removed instalment gives money back and is always allowed.
 */
export function instalmentsBeyondLoan(movements: readonly Pick<CollectionMovement, "memberId" | "installment">[], owed: ReadonlyMap<string, number>): { memberId: string; owed: number; instalment: number }[] {
  const paying = new Map<string, number>();
  for (const m of movements) if (m.installment !== 0) paying.set(m.memberId, (paying.get(m.memberId) ?? 0) + m.installment);
  return [...paying]
    .filter(([memberId, instalment]) => instalment > 0 && instalment > Math.max(0, owed.get(memberId) ?? 0))
    .map(([memberId, instalment]) => ({ memberId, owed: Math.max(0, owed.get(memberId) ?? 0), instalment }));
}
