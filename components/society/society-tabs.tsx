import { BarChart3, BookOpen, ClipboardList, FileText, LayoutDashboard, Settings, Users } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SOCIETY_TABS, societyHref, type SocietyTab } from "@/lib/society/tabs";
import { cn } from "@/lib/utils";

const ICONS: Record<SocietyTab, typeof Users> = {
  dashboard: LayoutDashboard,
  workers: Users,
  members: ClipboardList,
  collection: BarChart3,
  books: BookOpen,
  reports: FileText,
  settings: Settings,
};

/** The six tabs as links: the tab lives in the URL, so the phone's back button returns to the last one. */
export async function SocietyTabs({ societyId, active }: { societyId: string; active: SocietyTab }) {
  const t = await getTranslations("society");
  return (
    <nav aria-label={t("header.tabsLabel")} className="border-b bg-background">
      {/* Three columns on a phone, so all six tabs (and the open one) are always in view. */}
      <ul className="mx-auto grid max-w-6xl grid-cols-3 px-1 sm:flex sm:gap-1 sm:px-4">
        {SOCIETY_TABS.map((tab) => {
          const Icon = ICONS[tab];
          const current = tab === active;
          return (
            <li key={tab} className="min-w-0 sm:shrink-0">
              <Link
                href={societyHref(societyId, tab)}
                aria-current={current ? "page" : undefined}
                data-testid={`tab-${tab}`}
                className={cn(
                  "flex items-center justify-center gap-1.5 border-b-2 px-2 py-2.5 text-sm font-medium sm:justify-start sm:px-3",
                  current ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                <Icon aria-hidden className="size-4" />
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
