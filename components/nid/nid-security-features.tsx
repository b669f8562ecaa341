import { Fingerprint, Layers, Rainbow, ScanEye, ShieldCheck, Sparkles, Sun } from "@/components/icons";
import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const FEATURES = [
  { key: "hologram", Icon: Sparkles },
  { key: "microtext", Icon: ScanEye },
  { key: "uv", Icon: Sun },
  { key: "guilloche", Icon: Fingerprint },
  { key: "ghostImage", Icon: Layers },
  { key: "rainbow", Icon: Rainbow },
] as const;

/** Step 2's side panel: what a genuine NID card shows, and how to photograph it. Server-rendered. */
export async function NidSecurityFeatures() {
  const t = await getTranslations("nid.security");
  return (
    <Card className="gap-4" data-testid="nid-security-features">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="text-primary size-5" aria-hidden />
          {t("title")}
        </CardTitle>
        <p className="text-muted-foreground text-sm">{t("intro")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="space-y-3">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="flex gap-3">
              <Icon className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
              <div className="text-sm">
                <p className="font-medium">{t(`${key}.title`)}</p>
                <p className="text-muted-foreground">{t(`${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="bg-secondary/60 rounded-lg p-3 text-sm">
          <p className="font-medium">{t("photoTipsTitle")}</p>
          <ul className="text-muted-foreground mt-1 list-disc space-y-1 ps-5">
            <li>{t("photoTips.tip1")}</li>
            <li>{t("photoTips.tip2")}</li>
            <li>{t("photoTips.tip3")}</li>
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
