"use client";

/** Pieces of the back office's decision dialogs and note boxes (loans, KYC): one footer, one success step, one note form. */
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm, useWatch, type DefaultValues } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import type { ActionError, ActionResult } from "@/lib/auth/action-result";

export type Form<S extends z.ZodType> = { input: z.input<S>; output: z.output<S> };

export function useDecisionDone(setOpen: (open: boolean) => void) {
  const router = useRouter();
  return (title: string, text: string) => {
    setOpen(false);
    announceNotice({ tone: "success", title, text });
    router.refresh();
  };
}

/** A decision dialog's last row: the refusal, if any (field errors stay on their fields), then Cancel and the action. */
export function DecisionFooter({
  error,
  pending,
  disabled = false,
  label,
  testId,
  variant = "default",
  onCancel,
}: {
  error: ActionError | null;
  pending: boolean;
  disabled?: boolean;
  label: string;
  testId: string;
  variant?: "default" | "destructive";
  onCancel: () => void;
}) {
  const tCommon = useTranslations("adminCommon");
  return (
    <>
      <ActionErrorAlert error={error && error.code !== "validation" ? error : null} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {tCommon("cancel")}
        </Button>
        <Button type="submit" variant={variant} disabled={pending || disabled} data-testid={testId}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {label}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * A history tab's Add Note box: the record's key fields plus "content"; the button stays disabled while the
 * note is blank, and the form empties and the page refreshes after a save.
 */
export function NoteForm<S extends z.ZodObject<{ content: z.ZodType<string, string> }>, R>({
  schema,
  action,
  keyValues,
  id,
  label,
  buttonLabel,
  maxLength,
  testId,
}: {
  schema: S;
  action: (values: z.input<S>) => Promise<ActionResult<R>>;
  keyValues: Omit<z.input<S>, "content">;
  id: string;
  label: string;
  buttonLabel: string;
  maxLength: number;
  testId: string;
}) {
  const router = useRouter();
  type F = Form<S>;
  const empty = { ...keyValues, content: "" } as DefaultValues<F["input"]>;
  const form = useForm<F["input"], unknown, F["output"]>({ resolver: zodResolver(schema as never) as never, defaultValues: empty });
  const content = useWatch({ control: form.control, name: "content" as never }) as unknown;
  const blank = String(content ?? "").trim() === "";
  const { onSubmit, error, pending } = useActionSubmit(form, action, () => {
    form.reset(empty);
    router.refresh();
  });
  const contentError = (form.formState.errors as Record<string, { message?: string } | undefined>).content?.message;
  return (
    <form onSubmit={onSubmit} className="space-y-2" noValidate data-testid={testId}>
      <FormField id={id} label={label} error={contentError}>
        <Textarea id={id} rows={2} maxLength={maxLength} {...form.register("content" as never)} />
      </FormField>
      <ActionErrorAlert error={error && error.code !== "validation" ? error : null} />
      <Button type="submit" size="sm" disabled={pending || blank} data-testid="add-note">
        {buttonLabel}
      </Button>
    </form>
  );
}
