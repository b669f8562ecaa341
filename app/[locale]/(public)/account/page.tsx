import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BorrowerAccount } from "@/components/account/borrower-account";
import { BorrowerSignIn } from "@/components/account/borrower-sign-in";
import { BorrowerAppShell } from "@/components/account/borrower-app-shell";
import { SignOutButtons } from "@/components/account/sign-out-buttons";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PublicPage } from "@/components/layout/public-page";
import { SupportLine } from "@/components/layout/support-line";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { BORROWER_APP_PATH, borrowerManifestPath } from "@/lib/borrower/app-shell";
import { getBorrower } from "@/lib/borrower/current";
import { borrowerAccountView } from "@/lib/borrower/queries";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/format";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await segmentLocale(props);
  const [t, app] = await Promise.all([getTranslations("account"), getTranslations("borrowerApp")]);
  return {
    title: t("metaTitle"),
    robots: { index: false, follow: false },
    // The borrower's app is this page, installed from the browser (app/borrower-app.webmanifest).
    manifest: borrowerManifestPath(locale),
    appleWebApp: { capable: true, title: app("shortName"), statusBarStyle: "default" },
    icons: { apple: "/icons/apple-touch-icon.png" },
  };
}

// Personal: read with the borrower's cookie on every request, never cached.
export const dynamic = "force-dynamic";

/** The borrower's own page (issue 24): sign-in with the phone and a code, then their applications and loans. */
export default async function AccountPage(props: LocaleParams) {
  const locale = await segmentLocale(props);
  const [t, borrower] = await Promise.all([getTranslations("account"), getBorrower()]);
  if (!borrower) {
    return (
      <PublicPage title={t("signIn.title")} subtitle={t("signIn.subtitle")}>
        <ClientMessages namespaces={["account", "validation"]}>
          <BorrowerAppShell scope={BORROWER_APP_PATH} renderedAt={null} />
          <BorrowerSignIn />
        </ClientMessages>
        <SupportLine />
      </PublicPage>
    );
  }
  const view = await borrowerAccountView(borrower);
  const config = env();
  // When this page was made: shown with it, and by the offline notice when the phone shows its kept copy.
  const renderedAt = new Date().toISOString();
  return (
    <PublicPage title={view.name ? t("greeting", { name: view.name }) : t("title")} subtitle={t("subtitle")}>
      <div className="mb-6">
        <ClientMessages namespaces={["account"]}>
          <BorrowerAppShell scope={BORROWER_APP_PATH} renderedAt={renderedAt} />
          <SignOutButtons />
        </ClientMessages>
        <p className="text-muted-foreground mt-3 text-xs" data-testid="account-as-of">
          {t("offline.asOf", { time: formatDateTime(renderedAt, locale) })}
        </p>
      </div>
      <BorrowerAccount
        view={view}
        locale={locale}
        payTo={{ bkash: config.BKASH_MERCHANT_NUMBER ?? null, nagad: config.NAGAD_MERCHANT_NUMBER ?? null, supportPhone: config.SUPPORT_PHONE }}
      />
      <SupportLine />
    </PublicPage>
  );
}
