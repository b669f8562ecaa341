"use client";

import { Building2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { announceNotice } from "@/components/admin/notices";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { assignApplicationBranchAction } from "@/lib/applications/review-actions";

/** The head office assigns an application of its queue to an open branch (the branch's staff then see it). */
export function AssignBranchForm({ applicationId, branches }: { applicationId: string; branches: { id: string; label: string }[] }) {
  const t = useTranslations("adminReview");
  const router = useRouter();
  const [branchId, setBranchId] = useState(branches[0]?.id ?? "");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const submit = () =>
    startTransition(async () => {
      setError(null);
      const result = await assignApplicationBranchAction({ applicationId, branchId }).catch(() => null);
      if (result?.ok) {
        announceNotice({ tone: "success", title: t("assign.doneTitle"), text: t("assign.doneText", { id: applicationId }) });
        router.refresh();
        return;
      }
      const reason = result && !result.ok ? (result.error.reason ?? result.error.code) : "server";
      setError(reason === "alreadyAssigned" || reason === "decided" || reason === "validation" ? t(`assign.errors.${reason}`) : t("assign.errors.other"));
    });
  return (
    <div className="space-y-2 rounded-md border p-3" data-testid="assign-branch">
      <p className="text-sm">{t("assign.text")}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="assign-branch-select">{t("assign.label")}</Label>
          <select id="assign-branch-select" className={compactSelectClassName} value={branchId} onChange={(e) => setBranchId(e.target.value)}>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" onClick={submit} disabled={pending || branchId === ""} data-testid="assign-branch-submit">
          <Building2 aria-hidden />
          {t("assign.button")}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
