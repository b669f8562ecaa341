import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import type { z } from "zod";
import type { Locale } from "@/i18n/config";
import { toValidationMessageKey, type ValidationMessageKey } from "@/lib/applications/validation-keys";
import type { SocietyPermission } from "@/lib/auth/permissions";
import { requireSocietyRoutePermission, type SocietyAccess } from "./access";

/**
 * The shared steps of the society's download routes: access check (401/404/403, audited), the query
 * string through its zod schema (400 with the translated message), and a 404 when the record is not in
 * this society.
 */
export async function societyDownload<S extends z.ZodType>(
  request: Request,
  societyId: string,
  options: { permission: SocietyPermission; where: string; query: S },
  produce: (access: SocietyAccess, query: z.output<S>, locale: Locale) => Promise<Response | null>,
): Promise<Response> {
  const access = await requireSocietyRoutePermission(societyId, options.permission, options.where);
  if (access instanceof Response) return access;
  const locale = (await getLocale()) as Locale;
  const parsed = options.query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const t = await getTranslations({ locale, namespace: "validation" });
    const key: ValidationMessageKey = toValidationMessageKey(parsed.error.issues[0]?.message ?? "");
    return plain(400, t(key));
  }
  return (await produce(access, parsed.data, locale)) ?? plain(404, "Not found");
}

function plain(status: number, body: string): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
