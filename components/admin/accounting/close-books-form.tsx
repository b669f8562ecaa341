"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { withShownDetails } from "@/components/society/shown-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { closeLenderBooksAction } from "@/lib/accounting/actions";
import { closeLenderBooksSchema } from "@/lib/accounting/schemas";
import { addCalendarDays } from "@/lib/repayments/schedule";
import { dhakaToday } from "@/lib/format";

/** The head office closes every branch's books through a day: nothing dated on or before it posts afterwards. */
export function CloseLenderBooksForm() {
  const t = useTranslations("adminAccounting.close");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const form = useForm<z.input<typeof closeLenderBooksSchema>, unknown, z.output<typeof closeLenderBooksSchema>>({ resolver: zodResolver(closeLenderBooksSchema), defaultValues: { through: "" } });
  const { onSubmit, error, pending } = useActionSubmit(form, (values) => closeLenderBooksAction(values), () => router.refresh());
  const dateError = form.formState.errors.through?.message;
  return (
    <form
      onSubmit={(event) => {
        if (!window.confirm(t("confirm"))) return event.preventDefault();
        void onSubmit(event);
      }}
      noValidate
      className="space-y-2"
      data-testid="close-lender-books-form"
    >
      <FormField id="close-through" label={t("through")} error={dateError}>
        <div className="flex flex-wrap gap-2">
          <Input id="close-through" type="date" max={addCalendarDays(dhakaToday(), -1)} {...form.register("through")} aria-invalid={!!dateError} className="w-44" />
          <Button type="submit" variant="outline" disabled={pending} data-testid="close-lender-books-submit">
            {t("submit")}
          </Button>
        </div>
      </FormField>
      <ActionErrorAlert error={withShownDetails(error, locale)} />
    </form>
  );
}
