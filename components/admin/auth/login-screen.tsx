import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { BrandHeader } from "@/components/layout/brand-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { demoSignInHint } from "@/lib/auth/demo-hint";
import { LoginForm } from "./login-form";

export async function LoginScreen({ next = null }: { next?: string | null }) {
  const [t, demo] = await Promise.all([getTranslations("adminAuth"), demoSignInHint()]);
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <BrandHeader />
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <Card className="w-full max-w-sm">
          <CardHeader>
            <CardTitle className="text-xl">
              <h1>{t("title")}</h1>
            </CardTitle>
            <CardDescription>{t("subtitle")}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <ClientMessages namespaces={["adminAuth"]}>
              <LoginForm next={next} />
            </ClientMessages>
            {demo ? (
              <div className="rounded-md border border-dashed p-3 text-sm" data-testid="demo-credentials">
                <p className="font-semibold">{t("demo.title")}</p>
                <p>{t("demo.phone", { phone: demo.phone })}</p>
                <p>{t("demo.password", { password: demo.password })}</p>
                <p>{t("demo.code", { code: demo.code })}</p>
              </div>
            ) : null}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
