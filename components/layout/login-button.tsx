import { LogIn } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ACCOUNT_HREF } from "./nav";

/** The header's Sign in: the borrower's own page (/account), which signs in with the phone and an SMS code. */
export function LoginButton({ label, className }: { label: string; className?: string }) {
  return (
    <a href={ACCOUNT_HREF} className={cn(buttonVariants({ variant: "ghost", size: "sm" }), className)} data-testid="login-button">
      <LogIn aria-hidden />
      {label}
    </a>
  );
}
