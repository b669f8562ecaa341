"use client";

import { useTranslations } from "next-intl";
import { approveOpeningBalanceAction, rejectOpeningBalanceAction } from "@/lib/society/actions";
import { DecideButtons } from "./decide-buttons";

/** The second admin's decision on opening balances another entered: post them (asked first), or refuse them saying why. */
export function DecideOpeningBalance({ societyId, openingId }: { societyId: string; openingId: string }) {
  const t = useTranslations("society.opening");
  return (
    <DecideButtons
      id={openingId}
      labels={{ approve: t("approve"), reject: t("reject"), rejectNote: t("rejectNote"), approveConfirm: t("approveConfirm") }}
      testIds={{ approve: "approve-opening", reject: "reject-opening" }}
      approve={({ idempotencyKey }) => approveOpeningBalanceAction(societyId, { openingId, idempotencyKey })}
      reject={(note) => rejectOpeningBalanceAction(societyId, { openingId, note })}
    />
  );
}
