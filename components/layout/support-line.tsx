import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { formatPhone } from "@/lib/format";

/** "Need help? Call …" under a borrower's tool (/status, /account): the support number, tap to call. */
export async function SupportLine() {
  const t = await getTranslations("common");
  const supportPhone = env().SUPPORT_PHONE;
  return (
    <p className="text-muted-foreground mt-6 text-sm" data-testid="support-line">
      {t.rich("callForHelp", {
        number: formatPhone(supportPhone),
        phone: (chunks) => (
          <a href={`tel:${supportPhone}`} className="text-primary font-medium whitespace-nowrap underline-offset-4 hover:underline">
            {chunks}
          </a>
        ),
      })}
    </p>
  );
}
