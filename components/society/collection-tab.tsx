import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { formatNumber, formatTaka } from "@/lib/format";
import type { getCollectionToday, RecentCollection, workerOptions } from "@/lib/society/queries";
import { CollectionSheetDialog } from "./collection-sheet-dialog";
import { RecentCollectionsCard } from "./recent-collections";
import { StatCard } from "./stat-card";

type Props = {
  societyId: string;
  today: Awaited<ReturnType<typeof getCollectionToday>>;
  recent: RecentCollection[];
  workers: Awaited<ReturnType<typeof workerOptions>>;
};

export async function CollectionTab({ societyId, today, recent, workers }: Props) {
  const [t, locale] = await Promise.all([getTranslations("society.collection"), getLocale() as Promise<Locale>]);
  const noMembers = today.activeMembers === 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
        <CollectionSheetDialog societyId={societyId} workers={workers} disabled={noMembers} />
        {noMembers ? <p className="text-sm text-muted-foreground">{t("needMembers")}</p> : null}
      </div>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        <StatCard label={t("todayAmount")} value={formatTaka(today.amount, locale)} testId="today-amount" />
        <StatCard label={t("collectedToday")} value={formatNumber(today.membersCollected, locale)} testId="today-collected" />
        <StatCard label={t("pendingToday")} value={formatNumber(today.membersPending, locale)} testId="today-pending" />
      </div>
      <RecentCollectionsCard title={t("recent")} rows={recent} testId="collection-recent" />
    </div>
  );
}
