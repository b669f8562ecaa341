import { Briefcase, Check, ShoppingBag, Wallet, Zap, type IconComponent } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import { applyHref } from "@/components/apply/apply-href";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber, formatPercent, formatTaka } from "@/lib/format";
import { effectiveAnnualRate } from "@/lib/loans/rates";
import type { ProductView } from "@/lib/products/queries";
import type { Locale } from "@/i18n/config";

const ICONS: Record<ProductView["key"], IconComponent> = {
  instant: Zap,
  salary: Wallet,
  consumer: ShoppingBag,
  business: Briefcase,
};

/** The loan products exactly as stored in the database (titles, ranges, rates, features). */
export async function ProductCards({ products }: { products: ProductView[] }) {
  const locale = await getLocale();
  const t = await getTranslations("home.products");

  return (
    <section aria-labelledby="products-title" className="bg-muted/60 py-12">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <div className="mb-8 text-center">
          <h2 id="products-title" className="text-2xl font-bold sm:text-3xl">
            {t("title")}
          </h2>
          <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
        </div>
        {products.length === 0 ? (
          <p className="text-center text-muted-foreground">{t("empty")}</p>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
            {products.map((product) => {
              const Icon = ICONS[product.key];
              return (
                <Card key={product.key} data-testid="product-card" data-product={product.key} className="gap-4">
                  <CardHeader className="gap-2">
                    <div className="flex items-start justify-between gap-2">
                      <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-primary">
                        <Icon aria-hidden className="size-5" />
                      </span>
                      {product.badge && (
                        <Badge variant="secondary" className="whitespace-normal text-center">
                          {product.badge}
                        </Badge>
                      )}
                    </div>
                    <CardTitle className="text-lg leading-snug">
                      <h3>{product.title}</h3>
                    </CardTitle>
                    <CardDescription>{product.description}</CardDescription>
                  </CardHeader>
                  <CardContent className="flex-1 space-y-4">
                    <dl className="space-y-1.5 rounded-lg bg-muted/70 p-3 text-sm">
                      <div>
                        <dt className="text-muted-foreground">{t("amount")}</dt>
                        <dd className="font-semibold whitespace-nowrap">
                          {formatTaka(product.minAmount, locale)} – {formatTaka(product.maxAmount, locale)}
                        </dd>
                      </div>
                      <div className="flex items-baseline justify-between gap-2">
                        <dt className="text-muted-foreground">{t("tenure")}</dt>
                        <dd className="font-semibold whitespace-nowrap">
                          {t("tenureRange", {
                            min: formatNumber(product.minTenure, locale),
                            max: formatNumber(product.maxTenure, locale),
                          })}
                        </dd>
                      </div>
                      <div className="flex items-baseline justify-between gap-2">
                        <dt className="text-muted-foreground">{t("rate")}</dt>
                        <dd className="text-right">
                          <span className="font-semibold whitespace-nowrap">{t("ratePerYear", { rate: formatPercent(product.annualRate, locale) })}</span>
                          <span className="block text-xs text-muted-foreground" data-testid="effective-rate">
                            {t("effectiveRate", { rate: formatPercent(effectiveAnnualRate(product.annualRate), locale) })}
                          </span>
                        </dd>
                      </div>
                    </dl>
                    {product.features.length > 0 && (
                      <ul className="space-y-1.5 text-sm">
                        {product.features.map((feature) => (
                          <li key={feature} className="flex items-start gap-2">
                            <Check aria-hidden className="mt-1 size-4 shrink-0 text-primary" />
                            {feature}
                          </li>
                        ))}
                      </ul>
                    )}
                  </CardContent>
                  <CardFooter>
                    <Button asChild className="w-full">
                      <Link href={applyHref({ loanType: product.key }, locale as Locale)}>{t("apply")}</Link>
                    </Button>
                  </CardFooter>
                </Card>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}
