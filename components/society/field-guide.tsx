import { ChevronLeft, ShieldCheck, Smartphone } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { BrandHeader } from "@/components/layout/brand-header";
import { buttonVariants } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";
import { formatNumber } from "@/lib/format";
import { fieldPagePath } from "@/lib/society/field/app-shell";
import { SOCIETY_HOME } from "@/lib/society/tabs";

/** The rich-text tags the guide's messages use: a menu path as the phone shows it, and the emphasised opening. */
const path = (chunks: ReactNode) => <span className="rounded bg-muted px-1.5 py-0.5 whitespace-normal">{chunks}</span>;
const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
const inlineLink = "font-medium text-primary underline underline-offset-2";

/**
 * /society-manager/field-guide: how a field worker installs the field app, collects without a network, hands the cash
 * over and fixes problems. One language per page (the society tool's), every word from messages (society.fieldGuide).
 * `societies` are the reader's: each gets a button to its field screen, where the app installs.
 */
export async function FieldGuide({ societies }: { societies: { id: string; name: string }[] }) {
  const [t, tSociety, locale] = await Promise.all([getTranslations("society.fieldGuide"), getTranslations("society"), getLocale() as Promise<Locale>]);
  const step = (n: number) => formatNumber(n, locale);

  return (
    <div className="min-h-dvh bg-muted/40">
      <BrandHeader />
      <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 md:py-8" data-testid="field-guide">
        <div className="space-y-3">
          <Link href={SOCIETY_HOME} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
            <ChevronLeft aria-hidden className="size-4" />
            {tSociety("header.societies")}
          </Link>
          <h1 className="text-2xl font-bold md:text-3xl">{t("title")}</h1>
          <p className="text-muted-foreground">{t("lead")}</p>
          <p className="rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">{t.rich("noApk", { strong })}</p>
        </div>

        <Section id="needs" title={t("needs.title")}>
          <table className="w-full border-collapse text-sm">
            <tbody>
              {(["android", "iphone", "account", "internet"] as const).map((row) => (
                <tr key={row} className="border-b last:border-b-0">
                  <th scope="row" className="w-1/3 bg-muted/50 px-3 py-2 text-start align-top font-semibold">
                    {t(`needs.${row}Label`)}
                  </th>
                  <td className="px-3 py-2 align-top">{t(`needs.${row}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{t.rich("needs.versions", { path })}</p>
        </Section>

        <Section id="step1" title={t("step1.title")}>
          <Steps
            format={step}
            items={[
              t.rich("step1.openSignIn", {
                signIn: (chunks) => (
                  <Link href="/admin/login?next=/society-manager" className={inlineLink}>
                    {chunks}
                  </Link>
                ),
              }),
              t("step1.signIn"),
              t("step1.openField"),
            ]}
          />
          <p>{t("step1.note")}</p>
        </Section>

        <Section id="step2" title={t("step2.title")}>
          <p className="text-sm text-muted-foreground">{t("step2.menuLanguage")}</p>
          <h3 className="font-semibold text-primary">{t("step2.chromeTitle")}</h3>
          <Steps format={step} items={[t("step2.chromeButton"), t.rich("step2.chromeMenu", { path }), t("step2.chromeInstall")]} />
          <h3 className="font-semibold text-primary">{t("step2.samsungTitle")}</h3>
          <Steps format={step} items={[t("step2.samsungIcon"), t.rich("step2.samsungMenu", { path })]} />
          <h3 className="font-semibold text-primary">{t("step2.safariTitle")}</h3>
          <Steps format={step} items={[t("step2.safariShare"), t("step2.safariAdd"), t("step2.safariConfirm")]} />
          <p>{t("step2.note")}</p>
        </Section>

        <Section id="step3" title={t("step3.title")}>
          <p>{t("step3.body")}</p>
          <p className="rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">{t("step3.tip")}</p>
        </Section>

        <Section id="offline" title={t("offline.title")}>
          <Points items={(["opens", "waits", "sends", "once", "receipt", "refused", "kept"] as const).map((k) => t(`offline.${k}`))} />
        </Section>

        <Section id="cash" title={t("cash.title")}>
          <Steps format={step} items={(["sendFirst", "expected", "count", "handOver"] as const).map((k) => t(`cash.${k}`))} />
        </Section>

        <Section id="sign-out" title={t("signOut.title")}>
          <Points items={(["clears", "changePhone", "clearData", "uninstall"] as const).map((k) => t(`signOut.${k}`))} />
        </Section>

        <Section id="trouble" title={t("trouble.title")}>
          <dl className="space-y-3">
            {(["noInstall", "noAddToHome", "signInPage", "offline", "waiting", "apk"] as const).map((k) => (
              <div key={k}>
                <dt className="font-semibold">{t(`trouble.${k}.question`)}</dt>
                <dd className="mt-0.5 text-muted-foreground">{t(`trouble.${k}.answer`)}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {t.rich("safety", {
              contact: (chunks) => (
                <Link href={localizedPath("/contact", locale)} className={inlineLink}>
                  {chunks}
                </Link>
              ),
            })}
          </span>
        </p>

        <div className="flex flex-wrap gap-2">
          {/* Plain links: the field screen loads as its own page, which installs and opens offline. */}
          {societies.map((s) => (
            <a key={s.id} href={fieldPagePath(s.id)} className={buttonVariants({ className: "h-auto min-h-9 max-w-full whitespace-normal" })} data-testid="field-guide-open-field">
              <Smartphone aria-hidden />
              {t("openField", { society: s.name })}
            </a>
          ))}
          <Link href={SOCIETY_HOME} className={buttonVariants({ variant: "outline" })}>
            {tSociety("header.societies")}
          </Link>
        </div>
      </main>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-3 rounded-xl border bg-card p-4 leading-relaxed sm:p-5" data-testid="field-guide-section">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Numbered steps, the number in the reader's digits (Bengali digits on the Bengali page). */
function Steps({ items, format }: { items: ReactNode[]; format: (n: number) => string }) {
  return (
    <ol className="space-y-3">
      {items.map((item, i) => (
        <li key={i} className="relative min-h-8 ps-11">
          <span aria-hidden className="absolute start-0 top-0 flex size-8 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
            {format(i + 1)}
          </span>
          <span className="block pt-1">{item}</span>
        </li>
      ))}
    </ol>
  );
}

function Points({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-2 ps-5 marker:text-primary">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
