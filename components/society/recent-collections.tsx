import { ChevronDown } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatTaka } from "@/lib/format";
import type { RecentCollection } from "@/lib/society/queries";
import { NAME_LIMIT, SHORT_DATE, truncateName } from "@/lib/society/rules";

/** The card of the last 10 collections on the dashboard and collection tabs. */
export function RecentCollectionsCard({ title, rows, testId }: { title: string; rows: RecentCollection[]; testId: string }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <RecentCollections rows={rows} testId={testId} />
      </CardContent>
    </Card>
  );
}

/**
 * The last 10 collections, newest first; each opens (a native <details>, no script) to show the
 * instalment, savings and total.
 */
async function RecentCollections({ rows, testId }: { rows: RecentCollection[]; testId: string }) {
  const [t, locale] = await Promise.all([getTranslations("society.dashboard"), getLocale() as Promise<Locale>]);
  if (rows.length === 0) return <p className="py-4 text-sm text-muted-foreground">{t("noRecent")}</p>;
  return (
    <ul className="divide-y" data-testid={testId}>
      {rows.map((r) => (
        <li key={r.id}>
          <details className="group">
            <summary className="flex cursor-pointer list-none items-center gap-2 py-2.5 [&::-webkit-details-marker]:hidden">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{truncateName(r.memberName, NAME_LIMIT.member)}</p>
                {/* A code keeps its characters (as typed, in every language); the date takes the screen's digits. */}
                <p className="text-xs text-muted-foreground">
                  {r.memberCode} · {formatCalendarDate(r.date, locale, SHORT_DATE)}
                </p>
              </div>
              <span className="font-semibold tabular-nums" data-testid="recent-total">
                {formatTaka(r.installment + r.savings, locale)}
              </span>
              <ChevronDown aria-hidden className="size-4 text-muted-foreground transition-transform group-open:rotate-180" />
            </summary>
            <dl className="mb-2 grid grid-cols-3 gap-2 rounded-md bg-muted/60 p-2 text-xs">
              <div>
                <dt className="text-muted-foreground">{t("installment")}</dt>
                <dd className="font-semibold tabular-nums">{formatTaka(r.installment, locale)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("savings")}</dt>
                <dd className="font-semibold tabular-nums">{formatTaka(r.savings, locale)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("total")}</dt>
                <dd className="font-semibold tabular-nums">{formatTaka(r.installment + r.savings, locale)}</dd>
              </div>
            </dl>
          </details>
        </li>
      ))}
    </ul>
  );
}
