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
    <section aria-labelledby="process-title" data-testid="process-steps" className="below-fold fold-steps border-y bg-secondary/50 py-12">
      <div className="page-width">
        <h2 id="process-title" className="section-title">
          {t("title")}
        </h2>
        <ol className="steps grid gap-6 md:grid-cols-3">
          {STEPS.map(({ key, icon: Icon }, i) => (
            <li key={key}>
              <span className="icon-tile size-14 rounded-full bg-primary text-primary-foreground">
                <Icon aria-hidden className="size-6" />
              </span>
              <p className="step-number">{t("step", { number: localizeDigits(String(i + 1), locale) })}</p>
              <h3>{t(`${key}Title`)}</h3>
              <p>{t(`${key}Text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
