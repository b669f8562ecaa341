import { BadgeCheck, Banknote, FileText, type IconComponent } from "@/components/icons";
import { getLocale, getTranslations } from "next-intl/server";
import { localizeDigits } from "@/lib/format";

type StepKey = "apply" | "approved" | "receive";

const STEPS: { key: StepKey; icon: IconComponent }[] = [
  { key: "apply", icon: FileText },
  { key: "approved", icon: BadgeCheck },
  { key: "receive", icon: Banknote },
];

export async function ProcessSteps() {
  const locale = await getLocale();
  const t = await getTranslations("home.process");
  return (
    <section aria-labelledby="process-title" data-testid="process-steps" className="border-y bg-secondary/50 py-12">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <h2 id="process-title" className="mb-8 text-center text-2xl font-bold sm:text-3xl">
          {t("title")}
        </h2>
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map(({ key, icon: Icon }, i) => (
            <li key={key} className="relative flex flex-col items-center rounded-xl bg-card p-6 text-center shadow-xs">
              <span className="flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon aria-hidden className="size-6" />
              </span>
              <p className="mt-3 text-sm font-medium text-primary">
                {t("step", { number: localizeDigits(String(i + 1), locale) })}
              </p>
              <h3 className="mt-1 text-lg font-semibold">{t(`${key}Title`)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(`${key}Text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
