import { SearchCheck } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import { ELIGIBILITY_HREF } from "@/components/layout/nav";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";

export async function QuickLoanCheck() {
  const [t, locale] = await Promise.all([getTranslations("home.quickCheck"), getLocale() as Promise<Locale>]);
  const points = [t("point1"), t("point2"), t("point3")];
  return (
    <Card data-testid="quick-loan-check" className="gap-4 border-0 text-card-foreground shadow-xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl leading-snug">
          <SearchCheck aria-hidden className="size-6 text-primary" />
          <h2>{t("title")}</h2>
        </CardTitle>
        <CardDescription className="text-base">{t("text")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="ticks ticks-circled space-y-2 text-sm">
          {points.map((point, i) => (
            <li key={i}>{point}</li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild size="lg" className="w-full">
          <Link href={localizedPath(ELIGIBILITY_HREF, locale)}>{t("cta")}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
