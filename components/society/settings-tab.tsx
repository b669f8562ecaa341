import { getLocale, getTranslations } from "next-intl/server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Locale } from "@/i18n/config";
import { formatNumber, formatTaka } from "@/lib/format";
import type { getSocietyStats } from "@/lib/society/queries";
import { SettingsForm } from "./settings-form";

type Props = {
  societyId: string;
  society: { name: string; registrationNumber: string | null; address: string | null };
  stats: Awaited<ReturnType<typeof getSocietyStats>>;
  isAdmin: boolean;
};

export async function SettingsTab({ societyId, society, stats, isAdmin }: Props) {
  const [t, locale] = await Promise.all([getTranslations("society.settings"), getLocale() as Promise<Locale>]);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="gap-3 py-4">
        <CardHeader className="px-4">
          <CardTitle className="text-base">{t("title")}</CardTitle>
          {isAdmin ? null : <CardDescription>{t("adminOnly")}</CardDescription>}
        </CardHeader>
        <CardContent className="px-4">
          <SettingsForm societyId={societyId} society={society} disabled={!isAdmin} />
        </CardContent>
      </Card>
      <Card className="gap-3 py-4">
        <CardHeader className="px-4">
          <CardTitle className="text-base">{t("protection")}</CardTitle>
          <CardDescription>{t("protectionNote")}</CardDescription>
        </CardHeader>
        <CardContent className="px-4">
          <dl className="grid grid-cols-2 gap-3 text-sm" data-testid="society-stats">
            <div>
              <dt className="text-muted-foreground">{t("workers")}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatNumber(stats.workers, locale)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("members")}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatNumber(stats.members, locale)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("collections")}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatNumber(stats.collections, locale)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("totalAmount")}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatTaka(stats.totalAmount, locale)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
