import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginScreen } from "@/components/admin/auth/login-screen";
import { getStaffContext } from "@/lib/auth/guard";
import { isBackOfficeRole } from "@/lib/auth/permissions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminAuth");
  return { title: t("metaTitle") };
}

/** The sign-in page is public; someone already signed in goes straight on. */
export default async function AdminLoginPage() {
  const ctx = await getStaffContext();
  if (ctx) redirect(isBackOfficeRole(ctx.user.role) ? "/admin/dashboard" : "/society-manager");
  return <LoginScreen />;
}
