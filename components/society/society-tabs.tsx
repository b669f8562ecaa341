import { BarChart3, ClipboardList, FileText, LayoutDashboard, Settings, Users } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SOCIETY_TABS, type SocietyTab } from "@/lib/society/tabs";
import { cn } from "@/lib/utils";

const ICONS: Record<SocietyTab, typeof Users> = {
  dashboard: LayoutDashboard,
  workers: Users,
  members: ClipboardList,
  collection: BarChart3,
  reports: FileText,
  settings: Settings,
};

/** The six tabs as links: the tab lives in the URL, so the phone's back button returns to the last one. */
export async function SocietyTabs({ societyId, active }: { societyId: string; active: SocietyTab }) {
  const t = await getTranslations("society");
  return (
    <nav aria-label={t("header.tabsLabel")} className="border-b bg-background">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 sm:px-4">
        {SOCIETY_TABS.map((tab) => {
          const Icon = ICONS[tab];
          const current = tab === active;
          return (
            <li key={tab} className="shrink-0">
              <Link
                href={`/society-manager/${societyId}?tab=${tab}`}
                aria-current={current ? "page" : undefined}
                data-testid={`tab-${tab}`}
                className={cn(
                  "flex items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium",
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
