import { LogIn } from "@/components/icons";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { Locale } from "@/i18n/config";
import { signedInAreaPath } from "@/i18n/paths";
import { ACCOUNT_HREF } from "./nav";

/** The header's Sign in: the borrower's own page (/account), which signs in with the phone and an SMS code. */
export function LoginButton({ label, locale, className }: { label: string; locale: Locale; className?: string }) {
  return (
    <a href={signedInAreaPath(ACCOUNT_HREF, locale)} className={cn(buttonVariants({ variant: "ghost", size: "sm" }), className)} data-testid="login-button">
      <LogIn aria-hidden />
      {label}
    </a>
  );
}
