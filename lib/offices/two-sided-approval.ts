/**
 * The maker-checker rule of a move between two offices (a customer's, decision 0258; a member of staff's, 0260), pure:
 * an open move, approved once for each side by someone who sees that side and is neither its requester nor (for a staff
 * move) the person moved; one person approves one side, the side it leaves first when she sees both.
 */
import type { ActionError } from "@/lib/auth/action-result";

export type TwoSidedMove = {
  status: string;
  requestedById: string;
  fromApprovedById: string | null;
  toApprovedById: string | null;
};

export type Approval =
  | { ok: true; side: "from" | "to"; approvals: { fromApprovedById: string | null; toApprovedById: string | null }; completed: boolean }
  | { ok: false; error: ActionError };

export function approvalOf(move: TwoSidedMove, approverId: string, sees: { from: boolean; to: boolean }): Approval {
  if (move.status !== "requested") return { ok: false, error: { code: "conflict", reason: "transferDecided", details: { status: move.status } } };
  if (move.requestedById === approverId) return { ok: false, error: { code: "forbidden", reason: "sameAsRequester" } };
  if (move.fromApprovedById === approverId || move.toApprovedById === approverId) return { ok: false, error: { code: "forbidden", reason: "alreadyApprovedByYou" } };
  const side = !move.fromApprovedById && sees.from ? "from" : !move.toApprovedById && sees.to ? "to" : null;
  if (!side) return { ok: false, error: { code: "conflict", reason: "awaitingOtherBranch" } };
  const approvals = {
    fromApprovedById: side === "from" ? approverId : move.fromApprovedById,
    toApprovedById: side === "to" ? approverId : move.toApprovedById,
  };
  return { ok: true, side, approvals, completed: approvals.fromApprovedById !== null && approvals.toApprovedById !== null };
}
