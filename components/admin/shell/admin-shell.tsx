import { Bell, Search } from "lucide-react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { LanguageToggle } from "@/components/layout/language-toggle";
import { LogoMark } from "@/components/layout/logo";
import { Input } from "@/components/ui/input";
import { ADMIN_PAGES } from "@/lib/auth/admin-routes";
import { isAllowed, type StaffContext } from "@/lib/auth/guard";
import { ROLE_BADGE_CLASS } from "@/lib/auth/role-badge";
import { formatNumber } from "@/lib/format";
import type { ShellCounts } from "@/lib/panel/types";
import { cn } from "@/lib/utils";
import { BranchPicker } from "./branch-picker";
import { MobileDrawer } from "./mobile-drawer";
import { SidebarNav, type SidebarItem } from "./sidebar-nav";
import { UserMenu } from "./user-menu";

/**
 * The back-office frame: sidebar (desktop) or drawer (phone) with the pages this user may open, the
 * search box, the alerts bell and the account menu. Only links the role may follow are rendered.
 */
export async function AdminShell({
  ctx,
  counts,
  branchPicker,
  children,
}: {
  ctx: StaffContext;
  counts: ShellCounts;
  /** Head-office and area staff: the branches they may narrow to, and the one picked ("" for all). */
  branchPicker: { branches: { id: string; code: string; nameBn: string; nameEn: string }[]; current: string } | null;
  children: React.ReactNode;
}) {
  const [t, tCommon, tLanguage, tField, locale] = await Promise.all([
    getTranslations("adminShell"),
    getTranslations("common"),
    getTranslations("language"),
    getTranslations("field"),
    getLocale(),
  ]);
  const otherLocale = locale === "bn" ? "en" : "bn";
  const items: SidebarItem[] = ADMIN_PAGES.filter((p) => p.nav && isAllowed(ctx, p.permission)).map((p) => {
    const key = p.nav!;
    const count = counts.badges[key];
    return { key, href: p.href, label: t(`nav.${key}`), badge: count ? formatNumber(count, locale) : null };
  });
  const roleBadge = (
    <span data-testid="role-badge" className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium", ROLE_BADGE_CLASS[ctx.user.role])}>
      {t(`roles.${ctx.user.role}`)}
    </span>
  );
  const identity = (
    <div className="space-y-1">
      <Link href="/admin/dashboard" className="flex items-center gap-2 font-bold text-primary">
        <LogoMark />
        <span>{tCommon("appName")}</span>
      </Link>
      <p className="pt-2 text-sm font-medium" data-testid="staff-name">
        {ctx.user.name}
      </p>
      {roleBadge}
      {branchPicker ? (
        <BranchPicker
          branches={branchPicker.branches.map((b) => ({ id: b.id, label: `${b.code} · ${locale === "bn" ? b.nameBn : b.nameEn}` }))}
          current={branchPicker.current}
          labels={{ label: t("branchPicker.label"), consolidated: t("branchPicker.consolidated") }}
        />
      ) : null}
    </div>
  );

  return (
    <div className="flex min-h-dvh bg-muted/30">
      <aside className="hidden w-64 shrink-0 flex-col gap-6 border-r bg-background p-4 lg:flex">
        {identity}
        <SidebarNav items={items} label={t("nav.label")} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background px-3 sm:px-4">
          <MobileDrawer items={items} labels={{ open: t("openMenu"), close: t("closeMenu"), nav: t("nav.label"), title: t("panel") }} header={identity} />
          <form action="/admin/search" role="search" aria-label={t("searchLabel")} className="relative min-w-0 flex-1 sm:max-w-sm">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input name="q" type="search" aria-label={t("searchLabel")} placeholder={t("searchPlaceholder")} className="pl-8" />
          </form>
          <div className="ml-auto flex items-center gap-1">
            {counts.alerts !== null ? (
              <Link
                href="/admin/dashboard?tab=alerts"
                aria-label={t("notifications", { count: formatNumber(counts.alerts, locale) })}
                data-testid="alerts-bell"
                className="relative inline-flex size-9 items-center justify-center rounded-md hover:bg-accent"
              >
                <Bell className="size-5" aria-hidden />
                {counts.alerts > 0 ? (
                  <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] leading-5 text-white">
                    {formatNumber(counts.alerts, locale)}
                  </span>
                ) : null}
              </Link>
            ) : null}
            <LanguageToggle targetLocale={otherLocale} label={tLanguage(otherLocale)} className="hidden sm:inline-flex" />
            <UserMenu
              accountId={ctx.user.id}
              name={ctx.user.name}
              roleBadge={roleBadge}
              labels={{ menu: t("userMenu"), profile: t("profile"), societyManager: t("societyManager"), customerPortal: t("customerPortal"), signOut: t("signOut"), discardFieldData: tField("signOut.discard") }}
            />
          </div>
        </header>
        <main className="min-w-0 flex-1 p-3 sm:p-6">{children}</main>
      </div>
    </div>
  );
}
