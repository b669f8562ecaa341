import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

/** Previous / Next under a back-office list; `summary` is the list's own "page x of y · n records" line. */
export async function ListPagination({ page, pageCount, summary, hrefFor }: { page: number; pageCount: number; summary: string; hrefFor: (page: number) => string }) {
  const t = await getTranslations("adminCommon");
  return (
    <nav className="mt-3 flex items-center justify-between gap-2 text-sm" aria-label={t("pagination")}>
      <span className="text-muted-foreground">{summary}</span>
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
