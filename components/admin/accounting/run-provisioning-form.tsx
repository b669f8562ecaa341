"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { withShownDetails } from "@/components/society/shown-error";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { runProvisioningAction } from "@/lib/accounting/actions";
import { runProvisioningSchema } from "@/lib/accounting/schemas";
import { formatCalendarDate, formatNumber } from "@/lib/format";

/** An admin runs the month-end classification and provisioning for a month not yet run. */
export function RunProvisioningForm({ monthEnds }: { monthEnds: string[] }) {
  const t = useTranslations("adminAccounting.provisioning");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const form = useForm<z.input<typeof runProvisioningSchema>, unknown, z.output<typeof runProvisioningSchema>>({ resolver: zodResolver(runProvisioningSchema), defaultValues: { asOf: monthEnds[0] ?? "" } });
  const { onSubmit, error, pending } = useActionSubmit(form, (values) => runProvisioningAction(values), (data) => {
    announceNotice({ tone: "success", text: t("ran", { date: formatCalendarDate(data.asOf, locale), loans: formatNumber(data.loans, locale), count: data.loans }) });
    router.push(`/admin/accounting?view=provisioning&run=${data.asOf}`);
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mb-4 space-y-2 rounded-md border bg-background p-4" data-testid="run-provisioning-form">
      <FormField id="provisioning-as-of" label={t("runFor")} error={form.formState.errors.asOf?.message} hint={t("runHint")}>
        <div className="flex flex-wrap gap-2">
          <select id="provisioning-as-of" className={compactSelectClassName} {...form.register("asOf")}>
            {monthEnds.map((end) => (
              <option key={end} value={end}>
                {formatCalendarDate(end, locale)}
              </option>
            ))}
          </select>
          <Button type="submit" disabled={pending} data-testid="run-provisioning-submit">
            {t("run")}
          </Button>
        </div>
      </FormField>
      <ActionErrorAlert error={withShownDetails(error, locale)} />
    </form>
  );
}
