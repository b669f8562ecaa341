"use client";

import { useTranslations } from "next-intl";
import { approveWithdrawalAction, rejectWithdrawalAction } from "@/lib/society/actions";
import { DecideButtons } from "./decide-buttons";

/** The second person's decision on a waiting withdrawal: pay it, or refuse it with a reason. */
export function DecideWithdrawal({ societyId, withdrawalId }: { societyId: string; withdrawalId: string }) {
  const t = useTranslations("society.withdrawals");
  return (
    <DecideButtons
      id={withdrawalId}
      labels={{ approve: t("approve"), reject: t("reject"), rejectNote: t("rejectNote") }}
      testIds={{ approve: "approve-withdrawal", reject: "reject-withdrawal" }}
      approve={(input) => approveWithdrawalAction(societyId, { withdrawalId, ...input })}
      reject={(note) => rejectWithdrawalAction(societyId, { withdrawalId, note })}
    />
  );
}
