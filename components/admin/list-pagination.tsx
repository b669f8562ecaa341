import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { formatNumber } from "@/lib/format";

/** Where a paged list stands; `capped`: the total was counted only up to a limit ("10,000+"). */
export type ListPage = { page: number; pageCount: number; total: number; capped?: boolean };

/**
 * Previous / Next under a back-office list, and the list's own "page x of y · n records" line: `summary` gets the
 * numbers already in the reader's digits (with "+" when the count was capped).
 */
export async function ListPagination({
  list,
  summary,
  hrefFor,
}: {
  list: ListPage;
  summary: (numbers: { page: string; pages: string; total: string }) => string;
  hrefFor: (page: number) => string;
}) {
  const [t, locale] = await Promise.all([getTranslations("adminCommon"), getLocale() as Promise<Locale>]);
  const more = list.capped ? "+" : "";
  const { page, pageCount } = list;
  return (
    <nav className="mt-3 flex items-center justify-between gap-2 text-sm" aria-label={t("pagination")}>
      <span className="text-muted-foreground">
        {summary({ page: formatNumber(page, locale), pages: `${formatNumber(pageCount, locale)}${more}`, total: `${formatNumber(list.total, locale)}${more}` })}
      </span>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild size="sm" variant="outline">
            <Link href={hrefFor(page - 1)}>{t("previous")}</Link>
          </Button>
        ) : null}
        {page < pageCount ? (
          <Button asChild size="sm" variant="outline">
            <Link href={hrefFor(page + 1)}>{t("next")}</Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
