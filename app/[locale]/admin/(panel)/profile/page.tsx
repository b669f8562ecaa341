import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { ChangePasswordForm, RecoveryCodesPanel } from "@/components/admin/profile/security-forms";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { requirePermission } from "@/lib/auth/guard";
import { formatDateTime, formatNumber } from "@/lib/format";
import { getOwnProfile } from "@/lib/staff/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminProfile"))("metaTitle") };
}

export default async function ProfilePage() {
  const ctx = await requirePermission("profile.manage", "/admin/profile");
  const [t, tShell, locale, profile] = await Promise.all([
    getTranslations("adminProfile"),
    getTranslations("adminShell"),
    getLocale(),
    getOwnProfile(ctx.user.id),
  ]);
  const rows: [string, string][] = [
    [t("name"), profile.name],
    [t("phone"), profile.phone],
    [t("email"), profile.email ?? "—"],
    [t("role"), tShell(`roles.${profile.role}`)],
    [t("lastLogin"), profile.lastLoginAt ? formatDateTime(profile.lastLoginAt, locale) : "—"],
  ];
  return (
    <ClientMessages namespaces={["adminProfile", "adminCommon", "validation"]}>
      <PageHeader title={t("title")} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("details")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {rows.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("twoFactorTitle")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <p>{t("twoFactorOn", { count: formatNumber(profile.unusedRecoveryCodes, locale) })}</p>
            <RecoveryCodesPanel />
            <p className="text-muted-foreground">{t("lostPhone")}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("passwordTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
      </div>
    </ClientMessages>
  );
}
