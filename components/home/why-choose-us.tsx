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
    <section aria-labelledby="why-title" data-testid="why-choose-us" className="below-fold fold-reasons page-width py-12">
      <h2 id="why-title" className="section-title">
        {t("title")}
      </h2>
      <ul className="reasons grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {REASONS.map(({ key, icon: Icon }) => (
          <li key={key}>
            <span className="icon-tile size-11 rounded-full">
              <Icon aria-hidden className="size-5" />
            </span>
            <div>
              <h3>{t(`${key}Title`)}</h3>
              <p>{t(`${key}Text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
