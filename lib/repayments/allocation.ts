/**
 * Where a payment goes (admin spec section 6): the oldest instalment with anything owed first, and within
 * each instalment its late fee, then its interest, then its principal. A payment above everything the loan
 * still owes is refused rather than kept as credit. Pure.
 */

/** What one instalment still owes, by part, whole taka. */
export type InstallmentOwed = { emiNumber: number; lateFee: number; interest: number; principal: number };

export type Allocation = { emiNumber: number; lateFee: number; interest: number; principal: number };

export type AllocationResult =
  | { ok: true; allocations: Allocation[]; /** Nothing is owed after this payment: the loan can close. */ settlesLoan: boolean }
  | { ok: false; error: "notPositive" }
  | { ok: false; error: "exceedsOwed"; owed: number };

export function totalOwed(installments: readonly InstallmentOwed[]): number {
  return installments.reduce((sum, i) => sum + i.lateFee + i.interest + i.principal, 0);
}

export function allocatePayment(amount: number, installments: readonly InstallmentOwed[]): AllocationResult {
  if (!Number.isInteger(amount) || amount <= 0) return { ok: false, error: "notPositive" };
  const owed = totalOwed(installments);
  if (amount > owed) return { ok: false, error: "exceedsOwed", owed };

  const allocations: Allocation[] = [];
  let left = amount;
  for (const installment of [...installments].sort((a, b) => a.emiNumber - b.emiNumber)) {
    if (left === 0) break;
    const take = (due: number) => {
      const taken = Math.min(due, left);
      left -= taken;
      return taken;
    };
    const lateFee = take(installment.lateFee);
    const interest = take(installment.interest);
    const principal = take(installment.principal);
    if (lateFee + interest + principal > 0) allocations.push({ emiNumber: installment.emiNumber, lateFee, interest, principal });
  }
  return { ok: true, allocations, settlesLoan: amount === owed };
}
