import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginScreen } from "@/components/admin/auth/login-screen";
import { getStaffContext } from "@/lib/auth/guard";
import { isBackOfficeRole } from "@/lib/auth/permissions";
import { SOCIETY_HOME } from "@/lib/society/tabs";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminAuth");
  return { title: t("metaTitle") };
}

/** Only the society home may be the place to return to: never an address taken from outside. */
function safeNext(value: string | string[] | undefined): string | null {
  return value === SOCIETY_HOME ? SOCIETY_HOME : null;
}

/** The sign-in page is public; someone already signed in goes straight on. */
export default async function AdminLoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeNext((await searchParams).next);
  const ctx = await getStaffContext();
  if (ctx) redirect(next ?? (isBackOfficeRole(ctx.user.role) ? "/admin/dashboard" : SOCIETY_HOME));
  return <LoginScreen next={next} />;
}
