/**
 * What the office scope narrows, as data (pure; lib/offices/scope.ts applies it): each branch-scoped model and the
 * way its rows reach their branch. A payment belongs to the branch where it was received, so a transfer of the loan
 * leaves the old payments where they were; instalments and KYC documents follow their loan and case.
 */
export type OfficeScope =
  | { readonly kind: "all" }
  | { readonly kind: "branches"; readonly officeId: string; readonly branchIds: readonly string[] };

export const ALL_OFFICES: OfficeScope = { kind: "all" };

const inBranches = (ids: readonly string[]) => ({ in: [...ids] });

const FILTERS = {
  loanApplication: (ids: readonly string[]) => ({ branchId: inBranches(ids) }),
  customer: (ids: readonly string[]) => ({ branchId: inBranches(ids) }),
  loan: (ids: readonly string[]) => ({ branchId: inBranches(ids) }),
  kycCase: (ids: readonly string[]) => ({ branchId: inBranches(ids) }),
  collectionActivity: (ids: readonly string[]) => ({ branchId: inBranches(ids) }),
  loanPayment: (ids: readonly string[]) => ({ receivedAtBranchId: inBranches(ids) }),
  loanInstallment: (ids: readonly string[]) => ({ loan: { branchId: inBranches(ids) } }),
  kycDocument: (ids: readonly string[]) => ({ case: { branchId: inBranches(ids) } }),
  loanNote: (ids: readonly string[]) => ({ loan: { branchId: inBranches(ids) } }),
  loanDocument: (ids: readonly string[]) => ({ loan: { branchId: inBranches(ids) } }),
  loanWriteOff: (ids: readonly string[]) => ({ loan: { branchId: inBranches(ids) } }),
  /** A message about a record of the branch (none about no branch's record is in a branch's scope). */
  outboxMessage: (ids: readonly string[]) => ({ branchId: inBranches(ids) }),
} as const;

export type ScopedModel = keyof typeof FILTERS;
export const SCOPED_MODELS = Object.keys(FILTERS) as ScopedModel[];

export function branchFilter(model: ScopedModel, branchIds: readonly string[]): Record<string, unknown> {
  return FILTERS[model](branchIds);
}

export function inScope(scope: OfficeScope, branchId: string | null): boolean {
  return scope.kind === "all" || (branchId !== null && scope.branchIds.includes(branchId));
}

/** The part of a cache key that names a scope: figures memoised per scope never leak from one to another. */
export function scopeKey(scope: OfficeScope): string {
  return scope.kind === "all" ? "all" : `${scope.officeId}:${scope.branchIds.join(",")}`;
}

/** The branch a new record made by this member of staff goes to: theirs when they work in one branch, else none given. */
export function ownBranch(scope: OfficeScope): string | null {
  return scope.kind === "branches" && scope.branchIds.length === 1 ? scope.branchIds[0]! : null;
}

/** A Prisma condition on a loan's own branch (for a relation filter such as a payment's `loan`): none for all. */
export function loanBranchWhere(scope: OfficeScope): { branchId?: { in: string[] } } {
  return scope.kind === "all" ? {} : { branchId: { in: [...scope.branchIds] } };
}

/**
 * Whether a member of staff of `office` sees a record of the branch at `branchPath` (null: the head office's queue):
 * the head office sees everything, any other office the branches of its subtree (their paths start with its own).
 */
export function officeSees(office: { path: string; parentId: string | null }, branchPath: string | null): boolean {
  if (office.parentId === null) return true;
  return branchPath !== null && branchPath.startsWith(office.path);
}
