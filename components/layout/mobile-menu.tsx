import { Menu } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ModalDialog } from "./modal-dialog";
import { NavLinks, type NavItem } from "./nav-links";

export type MobileMenuLabels = {
  menu: string;
  openMenu: string;
  close: string;
  mainNav: string;
  apply: string;
};

/**
 * Below the lg breakpoint the header's first row keeps only logo, language and Apply (its second row the returning
 * borrower's links); the main links live here, in a side sheet on the browser's own <dialog> (a followed link closes it).
 */
export function MobileMenu({
  items,
  applyHref,
  labels,
  languageToggle,
}: {
  items: NavItem[];
  /** The apply page in the reader's language. */
  applyHref: string;
  labels: MobileMenuLabels;
  languageToggle: React.ReactNode;
}) {
  return (
    <ModalDialog
      trigger={<Menu aria-hidden className="size-5" />}
      triggerClassName={cn(buttonVariants({ variant: "ghost", size: "icon" }), "lg:hidden")}
      triggerLabel={labels.openMenu}
      triggerTestId="mobile-menu-button"
      title={labels.menu}
      closeLabel={labels.close}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[85vw] max-w-xs overflow-y-auto border-l"
      testId="mobile-menu"
    >
      <nav aria-label={labels.mainNav} className="p-3">
        <NavLinks items={items} orientation="vertical" />
      </nav>
      <div className="mt-auto flex flex-col gap-2 border-t p-4">
        <Link href={applyHref} className={buttonVariants()}>
          {labels.apply}
        </Link>
        {languageToggle}
      </div>
    </ModalDialog>
  );
}
