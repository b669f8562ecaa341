"use client";

import { useTranslations } from "next-intl";
import { ActionErrorAlert } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import type { ActionError } from "@/lib/auth/action-result";

/**
 * The society tool's dialogs: a trigger, a title, the form's fields, the refusal (field errors stay on
 * their fields) and Cancel / Save. Scrolls inside itself so a long form fits a 360 px phone.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  onSubmit,
  pending,
  ready = true,
  error,
  testId,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactNode;
  title: string;
  description?: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** Saving now: the button says so. */
  pending: boolean;
  /** Whether there is anything to save yet (e.g. a worker chosen): when not, the button stays "Save", disabled. */
  ready?: boolean;
  error: ActionError | null;
  testId: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const t = useTranslations("society.dialogs");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={t("close")} className={wide ? "max-h-[92dvh] overflow-y-auto sm:max-w-2xl" : "max-h-[92dvh] overflow-y-auto"}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid={testId}>
          {children}
          <ActionErrorAlert error={error && (error.code !== "validation" || error.reason) ? error : null} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={pending || !ready} data-testid={`${testId}-save`}>
              {pending ? t("saving") : t("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
