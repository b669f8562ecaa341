"use client";

import { ArrowRightLeft, Ban, BookOpenCheck, Banknote, Building2, CalendarDays, Network, FileCheck2, HandCoins, LayoutDashboard, MessageSquareWarning, Package, ScanFace, UserRound, Users } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { AdminNavKey } from "@/lib/auth/admin-routes";
import { cn } from "@/lib/utils";

const ICONS: Record<AdminNavKey, React.ComponentType<{ className?: string }>> = {
  dashboard: LayoutDashboard,
  applicationReview: FileCheck2,
  loans: HandCoins,
  repayments: Banknote,
  userProfiles: UserRound,
  kyc: ScanFace,
  users: Users,
  products: Package,
  blacklist: Ban,
  calendar: CalendarDays,
  offices: Network,
  transfers: ArrowRightLeft,
  accounting: BookOpenCheck,
  messages: MessageSquareWarning,
  societies: Building2,
};

export type SidebarItem = { key: AdminNavKey; href: string; label: string; badge: string | null };

/** The permitted pages; the current one highlighted. Badges are counts computed on the server. */
export function SidebarNav({ items, label, onNavigate }: { items: SidebarItem[]; label: string; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="flex flex-col gap-1" data-testid="admin-nav">
      {items.map((item) => {
        const Icon = ICONS[item.key];
        const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <Link
            key={item.key}
            href={item.href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
              active ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-accent",
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden />
            <span className="flex-1">{item.label}</span>
            {item.badge ? (
              <span
                data-testid={`nav-badge-${item.key}`}
                className={cn("rounded-full px-2 py-0.5 text-xs", active ? "bg-primary-foreground/20" : "bg-muted text-muted-foreground")}
              >
                {item.badge}
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
