"use client";

import { Menu } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { SidebarNav, type SidebarItem } from "./sidebar-nav";

export function MobileDrawer({ items, labels, header }: { items: SidebarItem[]; labels: { open: string; close: string; nav: string; title: string }; header: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label={labels.open} data-testid="admin-menu-button">
          <Menu aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-72 p-4" closeLabel={labels.close}>
        <SheetTitle className="sr-only">{labels.title}</SheetTitle>
        <div className="mb-4">{header}</div>
        <SidebarNav items={items} label={labels.nav} onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}
