import { LogIn } from "lucide-react";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ModalDialog } from "./modal-dialog";
import { STATUS_HREF } from "./nav";

export type LoginLabels = { login: string; title: string; text: string; track: string; close: string };

/**
 * Customers have no accounts yet (the spec leaves the Login action unspecified), so the button
 * explains that and points to the application-status page instead of a dead end.
 */
export function LoginButton({ labels, className }: { labels: LoginLabels; className?: string }) {
  return (
    <ModalDialog
      trigger={
        <>
          <LogIn aria-hidden />
          {labels.login}
        </>
      }
      triggerClassName={cn(buttonVariants({ variant: "ghost", size: "sm" }), className)}
      triggerTestId="login-button"
      title={labels.title}
      closeLabel={labels.close}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border"
      testId="login-dialog"
    >
      <p className="text-muted-foreground px-4 pt-4 text-sm leading-relaxed">{labels.text}</p>
      <form method="dialog" className="flex flex-col-reverse gap-2 p-4 sm:flex-row sm:justify-end">
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          {labels.close}
        </button>
        <Link href={STATUS_HREF} className={buttonVariants()}>
          {labels.track}
        </Link>
      </form>
    </ModalDialog>
  );
}
