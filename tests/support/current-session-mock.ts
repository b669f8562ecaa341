import { sessionState } from "./session-state";

export const BRANCH_PICK_COOKIE = "rb_branch";

export async function currentSessionToken(): Promise<string | null> {
  return sessionState.token;
}

export async function currentBranchPick(): Promise<string | null> {
  return sessionState.branch;
}

export async function setBranchPick(branchId: string | null): Promise<void> {
  sessionState.branch = branchId;
}
