import { BookOpen, Download, ExternalLink, Globe } from "@/components/icons";
import { getTranslations } from "next-intl/server";
import { EASY_INSTALL_HREF, INSTALL_GUIDE_HREF } from "@/components/layout/nav";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { WebAppAlert } from "./web-app-alert";

/** Second app block: requirements, the step-by-step guide, and the browser alternative. */
export async function AppDownload() {
  const t = await getTranslations("home.download");
  const tFooter = await getTranslations("footer");
  const tWebApp = await getTranslations("home.webApp");
  const requirements = [t("requirement1"), t("requirement2"), t("requirement3")];
  return (
    <section aria-labelledby="download-title" data-testid="app-download" className="below-fold fold-download page-width py-12">
      <div className="grid gap-6 rounded-2xl border bg-card p-6 shadow-sm md:grid-cols-[auto_1fr] md:p-8">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
          <Download aria-hidden className="size-7" />
        </span>
        <div className="min-w-0 space-y-4">
          <div>
            <h2 id="download-title" className="text-2xl font-bold">
              {t("title")}
            </h2>
            <p className="mt-2 text-muted-foreground">{t("text")}</p>
          </div>
          <ul className="ticks ticks-circled grid gap-2 text-sm sm:grid-cols-3">
            {requirements.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild>
              <a href={INSTALL_GUIDE_HREF} data-testid="install-guide-link">
                <BookOpen aria-hidden />
                {t("guide")}
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={EASY_INSTALL_HREF} target="_blank" rel="noopener">
                {t("easyInstall")}
                <ExternalLink aria-hidden />
                <span className="sr-only">{tFooter("newTab")}</span>
              </a>
            </Button>
          </div>
          <WebAppAlert
            button={tWebApp("button")}
            buttonClassName={cn(buttonVariants({ variant: "link" }), "h-auto px-0 whitespace-normal")}
            close={tWebApp("close")}
            closeClassName={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Alert className="border-primary/30 bg-secondary">
              <Globe aria-hidden />
              <AlertTitle className="line-clamp-none">{tWebApp("title")}</AlertTitle>
              <AlertDescription>
                <p>{tWebApp("text")}</p>
              </AlertDescription>
            </Alert>
          </WebAppAlert>
        </div>
      </div>
    </section>
  );
}
