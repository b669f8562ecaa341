import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { Calculator, Check } from "@/components/icons";
import { applyHref } from "@/components/apply/apply-href";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatNumber, formatPercent, formatTaka } from "@/lib/format";
import { effectiveAnnualRate } from "@/lib/loans/rates";
import type { ProductView } from "@/lib/products/queries";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";

/** Column name shown before each value on narrow screens, where the header row is hidden. */
function CellLabel({ children }: { children: React.ReactNode }) {
  return <span className="text-muted-foreground block text-xs font-medium lg:hidden">{children}</span>;
}

/**
 * One table for every screen width: below the lg breakpoint each row is restyled as a stacked card
 * (cells become blocks with their own label), so the DOM and the test hooks stay the same.
 */
export async function ProductTable({ products }: { products: ProductView[] }) {
  const [t, locale] = await Promise.all([getTranslations("loans"), getLocale()]);

  return (
    <Table className="block lg:table">
      <TableHeader className="hidden lg:table-header-group">
        <TableRow className="hover:bg-transparent">
          <TableHead className="px-4">{t("columns.product")}</TableHead>
          <TableHead className="px-4">{t("columns.amount")}</TableHead>
          <TableHead className="px-4">{t("columns.tenure")}</TableHead>
          <TableHead className="px-4">{t("columns.rate")}</TableHead>
          <TableHead className="px-4">{t("columns.features")}</TableHead>
          <TableHead className="px-4 text-right">
            <span className="sr-only">{t("columns.action")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="grid gap-4 md:grid-cols-2 lg:table-row-group [&_tr:last-child]:border lg:[&_tr:last-child]:border-0">
        {products.map((product) => (
          <TableRow
            key={product.key}
            data-testid="product-row"
            data-product-key={product.key}
            className="bg-card grid grid-cols-2 content-start gap-x-4 gap-y-3 rounded-xl border p-4 shadow-sm lg:table-row lg:rounded-none lg:border-x-0 lg:border-t-0 lg:bg-transparent lg:p-0 lg:shadow-none"
          >
            <TableCell className="col-span-2 p-0 whitespace-normal lg:p-4 lg:align-top">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-base font-semibold">{product.title}</span>
                {product.badge ? <Badge variant="secondary">{product.badge}</Badge> : null}
              </div>
              <p className="text-muted-foreground mt-1 text-sm lg:max-w-56">{product.description}</p>
            </TableCell>
            <TableCell className="col-span-2 p-0 whitespace-normal lg:p-4 lg:align-top lg:whitespace-nowrap">
              <CellLabel>{t("columns.amount")}</CellLabel>
              <span className="font-medium">
                {t("amountRange", {
                  min: formatTaka(product.minAmount, locale),
                  max: formatTaka(product.maxAmount, locale),
                })}
              </span>
            </TableCell>
            <TableCell className="p-0 whitespace-normal lg:p-4 lg:align-top lg:whitespace-nowrap">
              <CellLabel>{t("columns.tenure")}</CellLabel>
              <span className="font-medium">
                {t("tenureRange", {
                  min: formatNumber(product.minTenure, locale),
                  max: formatNumber(product.maxTenure, locale),
                })}
              </span>
            </TableCell>
            <TableCell className="p-0 lg:p-4 lg:align-top">
              <CellLabel>{t("columns.rate")}</CellLabel>
              <span className="text-primary font-semibold">
                {t("ratePerYear", { rate: formatPercent(product.annualRate, locale) })}
              </span>
              <span className="block text-xs text-muted-foreground" data-testid="effective-rate">
                {t("effectiveRate", { rate: formatPercent(effectiveAnnualRate(product.annualRate), locale) })}
              </span>
            </TableCell>
            <TableCell className="col-span-2 p-0 whitespace-normal lg:p-4 lg:align-top">
              <CellLabel>{t("columns.features")}</CellLabel>
              <ul className="mt-1 space-y-1 text-sm lg:mt-0">
                {product.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-1.5">
                    <Check className="text-primary mt-1 size-3.5 shrink-0" aria-hidden />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </TableCell>
            <TableCell className="col-span-2 p-0 lg:p-4 lg:text-right lg:align-top">
              <div className="flex flex-col gap-2 sm:flex-row lg:flex-col lg:items-end">
                <Button asChild className="h-10 sm:flex-1 lg:w-full lg:flex-none">
                  <Link href={applyHref({ loanType: product.key }, locale as Locale)} aria-label={t("applyFor", { product: product.title })}>
                    {t("apply")}
                  </Link>
                </Button>
                <Button asChild variant="outline" className="h-10 sm:flex-1 lg:w-full lg:flex-none">
                  <Link href={localizedPath(`/calculator?type=${product.key}`, locale as Locale)}>
                    <Calculator aria-hidden />
                    {t("calculate")}
                  </Link>
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
