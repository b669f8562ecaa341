"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { dhakaToday } from "@/lib/format";
import { closeBooksAction } from "@/lib/society/actions";
import { closeBooksSchema } from "@/lib/society/books/schemas";
import { withShownDetails } from "./shown-error";

/** An admin closes the books through a day: nothing dated on or before it can be posted afterwards. */
export function CloseBooksForm({ societyId }: { societyId: string }) {
  const t = useTranslations("society.books");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const form = useForm<z.input<typeof closeBooksSchema>, unknown, z.output<typeof closeBooksSchema>>({ resolver: zodResolver(closeBooksSchema), defaultValues: { through: "" } });
  const { onSubmit, error, pending } = useActionSubmit(form, (values) => closeBooksAction(societyId, values), () => router.refresh());
  const dateError = form.formState.errors.through?.message;
  return (
    <form
      onSubmit={(event) => {
        if (!window.confirm(t("closeConfirm"))) return event.preventDefault();
        void onSubmit(event);
      }}
      noValidate
      className="space-y-2"
      data-testid="close-books-form"
    >
      <FormField id="close-through" label={t("closeThrough")} error={dateError}>
        <div className="flex flex-wrap gap-2">
          <Input id="close-through" type="date" max={dhakaToday()} {...form.register("through")} aria-invalid={!!dateError} className="w-44" />
          <Button type="submit" variant="outline" disabled={pending} data-testid="close-books-submit">
            {t("close")}
          </Button>
        </div>
      </FormField>
      <ActionErrorAlert error={withShownDetails(error, locale)} />
    </form>
  );
}
