"use client";

import { Menu, UserCog } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { ADMIN_LOGIN_HREF, APPLY_HREF } from "./nav";
import { NavLinks, type NavItem } from "./nav-links";

export type MobileMenuLabels = {
  menu: string;
  openMenu: string;
  close: string;
  mainNav: string;
  apply: string;
  adminLogin: string;
};

/**
 * Below the lg breakpoint the header keeps only logo, language and Apply; everything else lives
 * here. The language toggle and Login button arrive ready-made from the server header.
 */
export function MobileMenu({
  items,
  labels,
  languageToggle,
  loginButton,
}: {
  items: NavItem[];
  labels: MobileMenuLabels;
  languageToggle: React.ReactNode;
  loginButton: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label={labels.openMenu}
          data-testid="mobile-menu-button"
        >
          <Menu aria-hidden className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent
        side="right"
        data-testid="mobile-menu"
        closeLabel={labels.close}
        aria-describedby={undefined}
        className="w-[85vw] max-w-xs gap-0 overflow-y-auto"
      >
        <SheetHeader className="border-b">
          <SheetTitle>{labels.menu}</SheetTitle>
        </SheetHeader>
        <nav aria-label={labels.mainNav} className="p-3">
          <NavLinks items={items} orientation="vertical" onNavigate={close} />
        </nav>
        <div className="mt-auto flex flex-col gap-2 border-t p-4">
          <Button asChild>
            <Link href={APPLY_HREF} onClick={close}>
              {labels.apply}
            </Link>
          </Button>
          {languageToggle}
          {loginButton}
          <Button asChild variant="ghost" size="sm" className="w-full">
            <Link href={ADMIN_LOGIN_HREF} onClick={close}>
              <UserCog aria-hidden />
              {labels.adminLogin}
            </Link>
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
