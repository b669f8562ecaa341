"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { CsvImportForm } from "@/components/admin/csv-import-form";
import { FormField, FormSubmitRow, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { compactSelectClassName } from "@/components/forms/native-select";
import { UpazilaOptions } from "@/components/forms/upazila-options";
import type { UpazilaGroup } from "@/lib/geo/upazilas";
import { importUpazilaBranchesAction, setUpazilaBranchAction } from "@/lib/offices/actions";
import { MAX_UPAZILA_CSV_LENGTH, upazilaBranchSchema, type UpazilaBranchInput, type UpazilaBranchValues } from "@/lib/offices/schemas";

export type BranchChoice = { id: string; label: string };

/** Routes one upazila's new applications to an open branch, or (no branch) back to the head office's queue. */
export function UpazilaRouteForm({ groups, branches }: { groups: UpazilaGroup[]; branches: BranchChoice[] }) {
  const t = useTranslations("adminOffices.routing");
  const router = useRouter();
  const empty: UpazilaBranchInput = { upazilaCode: "", branchId: branches[0]?.id ?? "" };
  const form = useForm<UpazilaBranchInput, unknown, UpazilaBranchValues>({ resolver: zodResolver(upazilaBranchSchema), defaultValues: empty });
  const { onSubmit, error, pending } = useActionSubmit(form, setUpazilaBranchAction, (route) => {
    announceNotice({ tone: "success", title: t(route.branchId ? "savedTitle" : "removedTitle"), text: t(route.branchId ? "savedText" : "removedText") });
    router.refresh();
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="upazila-route-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="route-upazila" label={t("upazila")} error={errors.upazilaCode?.message}>
          <select id="route-upazila" className={compactSelectClassName} {...form.register("upazilaCode")} aria-invalid={!!errors.upazilaCode}>
            <option value="" disabled>
              {t("chooseUpazila")}
            </option>
            <UpazilaOptions groups={groups} />
          </select>
        </FormField>
        <FormField id="route-branch" label={t("branch")} error={errors.branchId?.message}>
          <select id="route-branch" className={compactSelectClassName} {...form.register("branchId")} aria-invalid={!!errors.branchId}>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
            <option value="">{t("noBranch")}</option>
          </select>
        </FormField>
      </div>
      <FormSubmitRow pending={pending} error={error && error.code !== "validation" ? error : null} success={null} />
    </form>
  );
}

export function UpazilaImportForm() {
  return <CsvImportForm namespace="adminOffices" action={importUpazilaBranchesAction} maxBytes={MAX_UPAZILA_CSV_LENGTH} testId="upazila-import" />;
}
