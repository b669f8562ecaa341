import { Building2, ChevronRight, CircleHelp } from "lucide-react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { BrandHeader } from "@/components/layout/brand-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { Locale } from "@/i18n/config";
import { formatNumber } from "@/lib/format";
import type { listSocietiesOf } from "@/lib/society/queries";
import { FIELD_GUIDE_PATH, societyHref } from "@/lib/society/tabs";

type Props = {
  signedIn: boolean;
  societies: Awaited<ReturnType<typeof listSocietiesOf>>;
  /** The demo society's id when prototype mode opens it without sign-in. */
  demoSocietyId: string | null;
};

/** /society-manager: the signed-in person's societies, or a short explanation and the sign-in. */
export async function SocietyHome({ signedIn, societies, demoSocietyId }: Props) {
  const [t, locale] = await Promise.all([getTranslations("society"), getLocale() as Promise<Locale>]);
  return (
    <div className="min-h-dvh bg-muted/40">
      <BrandHeader />
      <main className="mx-auto max-w-2xl space-y-5 px-4 py-8">
        <div>
          <h1 className="text-2xl font-bold">{t("home.title")}</h1>
          <p className="mt-2 text-muted-foreground">{t("home.intro")}</p>
        </div>
        {signedIn ? (
          <section className="space-y-3">
            <h2 className="font-semibold">{t("home.yourSocieties")}</h2>
            {societies.length === 0 ? (
              <p className="rounded-lg border border-dashed bg-background p-6 text-sm text-muted-foreground" data-testid="no-societies">
                {t("home.none")}
              </p>
            ) : (
              <ul className="space-y-2" data-testid="society-list">
                {societies.map((s) => (
                  <li key={s.id}>
                    <Link href={societyHref(s.id)} className="block">
                      <Card className="gap-0 py-3 transition-colors hover:border-primary">
                        <CardContent className="flex items-center gap-3 px-4">
                          <Building2 aria-hidden className="size-8 shrink-0 text-primary" />
                          <div className="min-w-0 flex-1">
                            <p className="font-semibold">{s.name}</p>
                            <p className="text-sm text-muted-foreground">
                              {t("home.counts", { members: formatNumber(s.members, locale), workers: formatNumber(s.workers, locale) })}
                            </p>
                          </div>
                          <Badge variant={s.access === "admin" ? "default" : "secondary"}>{t(`access.${s.access}`)}</Badge>
                          <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
                        </CardContent>
                      </Card>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : (
          <Card className="py-4">
            <CardContent className="space-y-3 px-4">
              <p>{t("home.signInPrompt")}</p>
              <Button asChild data-testid="society-sign-in">
                <Link href="/admin/login?next=/society-manager">{t("home.signIn")}</Link>
              </Button>
            </CardContent>
          </Card>
        )}
        {demoSocietyId ? (
          <Button asChild variant="outline" data-testid="open-demo-society">
            <Link href={societyHref(demoSocietyId)}>{t("home.demo")}</Link>
          </Button>
        ) : null}
        {/* For whoever may open a field screen (the guide's own rule): a society of one's own, or the demo society. */}
        {societies.length > 0 || demoSocietyId ? (
          <p>
            <Link href={FIELD_GUIDE_PATH} className="inline-flex items-center gap-1.5 text-sm text-primary underline" data-testid="field-guide-link">
              <CircleHelp aria-hidden className="size-4" />
              {t("fieldGuide.title")}
            </Link>
          </p>
        ) : null}
        <p>
          <Link href="/" className="text-sm text-primary underline">
            {t("home.backHome")}
          </Link>
        </p>
      </main>
    </div>
  );
}
