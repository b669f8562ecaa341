import { Mail, Phone } from "@/components/icons";
import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatPhone } from "@/lib/format";

/** Side-panel help card: support phone (tap to call) and e-mail. Server-rendered, no client JS. */
export async function HelpCard({ phone, email }: { phone: string; email: string }) {
  const t = await getTranslations("apply.help");
  return (
    <Card className="gap-4" data-testid="apply-help">
      <CardHeader>
        <CardTitle className="text-base">{t("title")}</CardTitle>
        <p className="text-muted-foreground text-sm">{t("text")}</p>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <a
          href={`tel:${phone}`}
          className="hover:bg-accent flex items-center gap-3 rounded-md border p-3 transition-colors"
          data-testid="apply-help-phone"
        >
          <Phone className="text-primary size-4 shrink-0" aria-hidden />
          <span className="flex min-w-0 flex-col">
            <span className="text-muted-foreground text-xs">{t("phone")}</span>
            <span className="font-semibold">{formatPhone(phone)}</span>
          </span>
        </a>
        <a
          href={`mailto:${email}`}
          className="hover:bg-accent flex items-center gap-3 rounded-md border p-3 transition-colors"
          data-testid="apply-help-email"
        >
          <Mail className="text-primary size-4 shrink-0" aria-hidden />
          <span className="flex min-w-0 flex-col">
            <span className="text-muted-foreground text-xs">{t("email")}</span>
            <span className="font-semibold break-all">{email}</span>
          </span>
        </a>
      </CardContent>
    </Card>
  );
}
