import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BorrowerAccount } from "@/components/account/borrower-account";
import { BorrowerSignIn } from "@/components/account/borrower-sign-in";
import { SignOutButtons } from "@/components/account/sign-out-buttons";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PublicPage } from "@/components/layout/public-page";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { getBorrower } from "@/lib/borrower/current";
import { borrowerAccountView } from "@/lib/borrower/queries";
import { env } from "@/lib/env";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  await segmentLocale(props);
  const t = await getTranslations("account");
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
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
          <BorrowerSignIn />
        </ClientMessages>
      </PublicPage>
    );
  }
  const view = await borrowerAccountView(borrower);
  const config = env();
  return (
    <PublicPage title={view.name ? t("greeting", { name: view.name }) : t("title")} subtitle={t("subtitle")}>
      <div className="mb-6">
        <ClientMessages namespaces={["account"]}>
          <SignOutButtons />
        </ClientMessages>
      </div>
      <BorrowerAccount
        view={view}
        locale={locale}
        payTo={{ bkash: config.BKASH_MERCHANT_NUMBER ?? null, nagad: config.NAGAD_MERCHANT_NUMBER ?? null, supportPhone: config.SUPPORT_PHONE }}
      />
    </PublicPage>
  );
}
