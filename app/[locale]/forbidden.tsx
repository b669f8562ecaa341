import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("forbidden");
  return { title: t("metaTitle") };
}

/** Rendered with status 403 when a signed-in user lacks a permission (forbidden() in lib/auth/guard.ts). */
export default async function Forbidden() {
  const t = await getTranslations("forbidden");
  return (
    <main data-testid="forbidden" className="mx-auto flex min-h-dvh w-full max-w-xl flex-col items-center justify-center px-4 text-center">
      <p className="text-sm font-semibold text-destructive">{t("code")}</p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{t("title")}</h1>
      <p className="mt-4 text-muted-foreground">{t("text")}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link href="/admin/dashboard">{t("back")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">{t("home")}</Link>
        </Button>
      </div>
    </main>
  );
}
