import { getLocale, getTranslations } from "next-intl/server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Locale } from "@/i18n/config";
import { formatNumber, formatPercent, formatTaka } from "@/lib/format";
import type { getMonthReport, getSocietyStats } from "@/lib/society/queries";
import { SocietyDocuments } from "./society-documents";

type Props = { societyId: string; isAdmin: boolean; report: Awaited<ReturnType<typeof getMonthReport>>; stats: Awaited<ReturnType<typeof getSocietyStats>> };

export async function ReportsTab({ societyId, isAdmin, report, stats }: Props) {
  const [t, locale] = await Promise.all([getTranslations("society.reports"), getLocale() as Promise<Locale>]);
  return (
    <div className="space-y-4">
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{t("documents")}</CardTitle>
        <CardDescription>{t("documentsNote")}</CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        <SocietyDocuments societyId={societyId} isAdmin={isAdmin} current={stats} />
      </CardContent>
    </Card>
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        {report.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("title")}>
            <table className="w-full min-w-[480px] text-sm" data-testid="month-report">
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-2 pr-2 font-medium">{t("worker")}</th>
                  <th className="py-2 pr-2 text-right font-medium">{t("members")}</th>
                  <th className="py-2 pr-2 text-right font-medium">{t("collected")}</th>
                  <th className="py-2 pr-2 text-right font-medium">{t("target")}</th>
                  <th className="py-2 text-right font-medium">{t("progress")}</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {report.rows.map((r) => (
                  <tr key={r.id}>
                    <td className="py-2 pr-2">
                      {r.name} <span className="text-xs text-muted-foreground">{r.code}</span>
                    </td>
                    <td className="py-2 pr-2 text-right tabular-nums">{formatNumber(r.members, locale)}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">{formatTaka(r.collected, locale)}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">{formatTaka(r.target, locale)}</td>
                    <td className="py-2 text-right tabular-nums">{r.target > 0 ? formatPercent(Math.round((r.collected / r.target) * 1000) / 10, locale) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
    </div>
  );
}
