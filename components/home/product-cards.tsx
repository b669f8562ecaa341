import { Briefcase, ShoppingBag, Wallet, Zap, type IconComponent } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import { applyHref } from "@/components/apply/apply-href";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
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
    <section aria-labelledby="products-title" className="below-fold fold-products bg-muted/60 py-12">
      <div className="page-width">
        <h2 id="products-title" className="section-title mb-2">
          {t("title")}
        </h2>
        <p className="mb-8 text-center text-muted-foreground">{t("subtitle")}</p>
        {products.length === 0 ? (
          <p className="text-center text-muted-foreground">{t("empty")}</p>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
            {products.map((product) => {
              const Icon = ICONS[product.key];
              return (
                <article key={product.key} data-testid="product-card" data-product={product.key} className="card product-card">
                  <header>
                    <div>
                      <span className="icon-tile size-10">
                        <Icon aria-hidden className="size-5" />
                      </span>
                      {product.badge && <Badge variant="secondary">{product.badge}</Badge>}
                    </div>
                    <h3>{product.title}</h3>
                    <p>{product.description}</p>
                  </header>
                  <div>
                    <dl className="product-facts">
                      <div>
                        <dt>{t("amount")}</dt>
                        <dd>
                          {formatTaka(product.minAmount, locale)} – {formatTaka(product.maxAmount, locale)}
                        </dd>
                      </div>
                      <div>
                        <dt>{t("tenure")}</dt>
                        <dd>
                          {t("tenureRange", {
                            min: formatNumber(product.minTenure, locale),
                            max: formatNumber(product.maxTenure, locale),
                          })}
                        </dd>
                      </div>
                      <div>
                        <dt>{t("rate")}</dt>
                        <dd className="text-right">
                          {t("ratePerYear", { rate: formatPercent(product.annualRate, locale) })}
                          <span className="effective-rate" data-testid="effective-rate">
                            {t("effectiveRate", { rate: formatPercent(effectiveAnnualRate(product.annualRate), locale) })}
                          </span>
                        </dd>
                      </div>
                    </dl>
                    {product.features.length > 0 && (
                      <ul className="ticks space-y-1.5 text-sm">
                        {product.features.map((feature, i) => (
                          <li key={i}>{feature}</li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <footer>
                    <Button asChild className="w-full">
                      <Link href={applyHref({ loanType: product.key }, locale as Locale)}>{t("apply")}</Link>
                    </Button>
                  </footer>
                </article>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}
