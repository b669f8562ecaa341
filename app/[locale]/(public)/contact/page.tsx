import type { Metadata } from "next";
import { Headset, Mail, Phone } from "@/components/icons";
import { getTranslations } from "next-intl/server";
import { ComingSoonPage } from "@/components/placeholder/coming-soon-page";
import { env } from "@/lib/env";
import { formatPhone } from "@/lib/format";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { publicPageMetadata } from "@/lib/seo";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await segmentLocale(props);
  const [t, common] = await Promise.all([getTranslations("contact"), getTranslations("common")]);
  return publicPageMetadata({ locale, path: "/contact", title: t("metaTitle"), description: t("metaDescription"), siteName: common("appName") });
}

export default async function ContactPage(props: LocaleParams) {
  await segmentLocale(props);
  const t = await getTranslations("contact");
  const { SUPPORT_PHONE: phone, SUPPORT_EMAIL: email } = env();
  const phoneText = formatPhone(phone);

  return (
    <ComingSoonPage
      icon={Headset}
      title={t("title")}
      description={t("description")}
      extraLinks={[
        { href: `tel:${phone}`, label: t("callLink", { phone: phoneText }), icon: Phone },
        { href: `mailto:${email}`, label: t("emailLink"), icon: Mail },
      ]}
    >
      <dl className="bg-secondary/60 grid gap-4 rounded-xl border p-5 sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground flex items-center gap-2 text-sm">
            <Phone className="size-4" aria-hidden />
            {t("phoneLabel")}
          </dt>
          <dd className="mt-1 text-lg font-semibold">
            <a href={`tel:${phone}`} className="hover:underline" data-testid="support-phone">
              {phoneText}
            </a>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground flex items-center gap-2 text-sm">
            <Mail className="size-4" aria-hidden />
            {t("emailLabel")}
          </dt>
          <dd className="mt-1 text-lg font-semibold break-all">
            <a href={`mailto:${email}`} className="hover:underline" data-testid="support-email">
              {email}
            </a>
          </dd>
        </div>
      </dl>
    </ComingSoonPage>
  );
}

// Re-rendered every 5 minutes: a shared cache in front (deploy/nginx.conf) keeps it no longer than that, even across a
// release (without it Next would tell caches to keep it a year).
export const revalidate = 300;
