import { FileText, LogIn } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { Locale } from "@/i18n/config";
import { localizedPath, signedInAreaPath } from "@/i18n/paths";
import { ACCOUNT_HREF, STATUS_HREF } from "./nav";

export type ReturningBorrowerLabels = { myLoans: string; status: string };

/**
 * The way back for a borrower who has applied: her own page (/account: sign in with the phone and an SMS code) and the
 * status lookup, one tap each from the header at every width. /account is a plain <a>: a signed-in area gets its own
 * security policy on a full load (components/layout/nav.ts).
 */
export function ReturningBorrowerLinks({ labels, locale, className, linkClassName }: { labels: ReturningBorrowerLabels; locale: Locale; className?: string; linkClassName?: string }) {
  const link = cn(buttonVariants({ variant: "ghost", size: "sm" }), linkClassName);
  return (
    <div className={className}>
      <a href={signedInAreaPath(ACCOUNT_HREF, locale)} className={link} data-testid="my-loans-link">
        <LogIn aria-hidden />
        {labels.myLoans}
      </a>
      <Link href={localizedPath(STATUS_HREF, locale)} className={link} data-testid="status-link">
        <FileText aria-hidden />
        {labels.status}
      </Link>
    </div>
  );
}
