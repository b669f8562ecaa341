import { Clock, Headphones, Languages, Landmark, ReceiptText, ShieldCheck, type IconComponent } from "@/components/icons";
import { getTranslations } from "next-intl/server";

type ReasonKey = "fast" | "secure" | "fees" | "collateral" | "support" | "language";

const REASONS: { key: ReasonKey; icon: IconComponent }[] = [
  { key: "fast", icon: Clock },
  { key: "secure", icon: ShieldCheck },
  { key: "fees", icon: ReceiptText },
  { key: "collateral", icon: Landmark },
  { key: "support", icon: Headphones },
  { key: "language", icon: Languages },
];

export async function WhyChooseUs() {
  const t = await getTranslations("home.why");
  return (
    <section aria-labelledby="why-title" data-testid="why-choose-us" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
      <h2 id="why-title" className="mb-8 text-center text-2xl font-bold sm:text-3xl">
        {t("title")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {REASONS.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-4 rounded-xl border bg-card p-5">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
              <Icon aria-hidden className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold">{t(`${key}Title`)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(`${key}Text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
